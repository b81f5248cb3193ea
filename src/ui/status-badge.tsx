import { notGeneratedStatus, statusTone } from '../../contract/statuses';
import { Tip } from './tooltip';

/**
 * A generation status as a coloured badge, 140px wide (SPEC 4): In Progress yellow; Generated and No New Results
 * green; Failed and Insufficient tokens red; anything else grey. The status record's `message` is its hover text,
 * also reachable by keyboard (the badge then takes focus and shows a tooltip).
 * Without a status (`name` null) it reads 'Not Generated' (SPEC 4: pass that message for brands).
 */
export function StatusBadge({ name, message }: { name: string | null | undefined; message?: string | null }) {
  const label = name ?? notGeneratedStatus.name;
  const badge = (
    <span className={`status-badge status-badge--${statusTone(name)}`} tabIndex={message ? 0 : undefined}>
      {label}
    </span>
  );
  return message ? <Tip content={message}>{badge}</Tip> : badge;
}
