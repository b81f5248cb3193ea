import type { ReactNode } from 'react';
import { Button } from './button';
import { Spinner } from './spinner';
import { StatusBadge } from './status-badge';
import './empty-state.css';

/** A screen or grid with nothing to show, in a dashed box: a prompt ("Please select a subcategory…"), or an empty list. */
export function EmptyState({ children, alert = false }: { children: ReactNode; alert?: boolean }) {
  return (
    <div className="empty-state" role={alert ? 'alert' : undefined}>
      {children}
    </div>
  );
}

/**
 * A list that is empty until it is generated (docs/product.md#brands-screen, docs/product.md#events-screen): its text
 * with Generate, or Regenerate and the latest generation's status badge once a status exists; a spinner instead of
 * the button while the generation is In Progress or its request runs (`busy`). While the cost is asked (`asking`)
 * the button stays, aria-disabled, so that the focus comes back to it; the caller's `onGenerate` ignores a second
 * click meanwhile (features/generation useSpend), which is why the button itself does not hold.
 */
export function GenerateEmptyState({
  text,
  labels,
  status,
  busy,
  asking,
  onGenerate,
}: {
  text: string;
  /** The button's label before the first generation and after it, and the spinner's while one runs. */
  labels: { generate: string; regenerate: string; generating: string };
  /** The latest generation's status (none yet: Generate, no badge), and what it is the status of. */
  status: { name: string | null | undefined; message?: string | null; about: string };
  busy: boolean;
  asking: boolean;
  onGenerate: () => void;
}) {
  return (
    <EmptyState>
      <p className="empty-state__text">{text}</p>
      <div className="empty-state__actions">
        {status.name ? <StatusBadge name={status.name} message={status.message} about={status.about} /> : null}
        {busy ? (
          <Spinner label={labels.generating} />
        ) : (
          <Button variant="primary" aria-disabled={asking || undefined} onClick={() => void onGenerate()}>
            {status.name ? labels.regenerate : labels.generate}
          </Button>
        )}
      </div>
    </EmptyState>
  );
}
