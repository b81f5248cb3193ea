import { useRef, useState } from 'react';
import { bulkConfirmThreshold } from '../../../contract/bulk-exclusions';
import type { ExclusionChangeAnswer } from '../../../contract/exclusion-changes';
import { useBulkExclude, type BulkExclusionBody, type BulkTarget } from '../../api/bulk-exclusions';
import { exclusionErrorText } from '../../api/exclusions';
import { ConfirmDialog } from '../../ui/dialog';
import { toast } from '../../ui/toast';
import { useExclusionToast } from '../exclusion-undo';
import { bulkTexts, type Noun } from './bulk-texts';

type Action = 'exclude' | 'unexclude';

/** Where a bulk action's outcome is told: by default a toast with Undo; a modal dialog tells it on its status line. */
export interface BulkOutcomeHandlers {
  done: (message: string, undo: ExclusionChangeAnswer['undo']) => void;
  failed: (text: string) => void;
}

/**
 * Exclude and/or Un-exclude for a selection of brands or models: one request each (POST
 * /api/brands/exclusions/bulk or /api/equipments/exclusions/bulk), asked first in a confirm above a handful of rows,
 * disabled from the first click, answered by a toast with Undo.
 */
export function BulkExclusionButtons<T extends BulkTarget>({
  target,
  actions,
  selection,
  count,
  noun,
  onDone,
  outcome,
}: {
  target: T;
  actions: readonly Action[];
  selection: BulkExclusionBody<T>['selection'];
  /** How many rows the selection holds (for the confirm). */
  count: number;
  noun: Noun;
  /** Called once the action succeeded (the grid clears its selection). */
  onDone: () => void;
  outcome?: BulkOutcomeHandlers;
}) {
  const mutation = useBulkExclude(target);
  const showToast = useExclusionToast();
  const showOutcome = outcome?.done ?? showToast;
  const showFailure = outcome?.failed ?? ((text: string) => toast.error(text));
  const [confirming, setConfirming] = useState<Action | null>(null);
  // A ref as well as the mutation's state: a second click in the same frame must not send a second request.
  const sending = useRef(false);
  const [busy, setBusy] = useState(false);
  const lastButton = useRef<HTMLButtonElement | null>(null);

  const run = (action: Action) => {
    if (sending.current) return;
    sending.current = true;
    setBusy(true);
    mutation
      .mutateAsync({ excluded: action === 'exclude', selection } as BulkExclusionBody<T>)
      .then(
        (answer) => {
          // The selection bar (and this button) goes once the selection is spent: the focus goes to the grid.
          const grid = lastButton.current?.closest('.data-table')?.querySelector<HTMLElement>('.data-table__scroll');
          showOutcome(answer.message, answer.undo);
          onDone();
          if (grid) requestAnimationFrame(() => grid.focus());
        },
        (error: unknown) => showFailure(exclusionErrorText(error, bulkTexts.failed)),
      )
      .finally(() => {
        sending.current = false;
        setBusy(false);
      });
  };

  const start = (action: Action, button: HTMLButtonElement) => {
    if (sending.current) return;
    lastButton.current = button;
    if (count > bulkConfirmThreshold) setConfirming(action);
    else run(action);
  };

  return (
    <>
      {actions.map((action) => (
        <button
          key={action}
          type="button"
          className={`btn btn--compact ${action === 'exclude' ? 'btn--danger' : 'btn--secondary'}`}
          disabled={busy}
          aria-busy={busy || undefined}
          onClick={(event) => start(action, event.currentTarget)}
        >
          {action === 'exclude' ? bulkTexts.exclude : bulkTexts.unexclude}
        </button>
      ))}
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => {
          if (!open) setConfirming(null);
        }}
        title={confirming === 'unexclude' ? bulkTexts.unexcludeTitle(count, noun) : bulkTexts.excludeTitle(count, noun)}
        description={confirming === 'unexclude' ? bulkTexts.unexcludeDescription : bulkTexts.excludeDescription}
        confirmLabel={confirming === 'unexclude' ? bulkTexts.unexclude : bulkTexts.exclude}
        cancelLabel={bulkTexts.cancel}
        destructive={confirming === 'exclude'}
        onConfirm={() => {
          if (confirming) run(confirming);
          setConfirming(null);
        }}
        returnFocusTo={lastButton}
      />
    </>
  );
}
