import { notGeneratedStatus, statusTone } from '../../contract/statuses';
import { Tip } from './tooltip';
import './status-badge.css';

/** Every status the product has fits the 140px badge whole; an unknown longer name is cut (with an ellipsis) and shown whole in the tip. */
const maxLabelLength = 19;

/** What the badge reads: the status name, cut only when it is longer than any the product has. */
function badgeLabel(name: string): string {
  return name.length > maxLabelLength ? `${name.slice(0, maxLabelLength - 1)}…` : name;
}

/**
 * A generation status as a coloured badge, 140px wide (docs/product.md#statuses): In Progress yellow; Generated and No New Results
 * green; Failed and Insufficient tokens red; anything else grey. The badge reads the status's whole name (one word for
 * one thing, docs/product.md#glossary); a longer unknown name is cut, the full name in its tip. The tip also
 * says what the status is of (`about`, e.g. "Latest brand generation of Excavators") and the status record's
 * `message`; it is reachable by keyboard (the badge then takes focus and shows it).
 * Without a status (`name` null) it reads 'Not Generated' (docs/product.md#statuses: pass that message for brands).
 */
export function StatusBadge({
  name,
  message,
  about,
}: {
  name: string | null | undefined;
  message?: string | null;
  /** What this is the status of; said first in the tip. */
  about?: string;
}) {
  const label = name ?? notGeneratedStatus.name;
  const shown = badgeLabel(label);
  const shortened = shown !== label;
  const tipLines = [about ? `${about}:` : null, shortened || about ? label : null, message || null].filter(
    (line): line is string => line !== null,
  );
  const badge = (
    <span className={`status-badge status-badge--${statusTone(name)}`} tabIndex={tipLines.length > 0 ? 0 : undefined}>
      {shown}
    </span>
  );
  return tipLines.length > 0 ? (
    <Tip
      content={
        <span className="status-badge__tip">
          {tipLines.map((line) => (
            <span key={line}>{line}</span>
          ))}
        </span>
      }
    >
      {badge}
    </Tip>
  ) : (
    badge
  );
}
