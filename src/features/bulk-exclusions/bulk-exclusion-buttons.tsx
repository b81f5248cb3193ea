import { useRef, useState } from 'react';
import { bulkConfirmThreshold } from '../../../contract/bulk-exclusions';
import type { ExclusionChangeAnswer } from '../../../contract/exclusion-changes';
import { useBulkExclude, type BulkExclusionBody, type BulkTarget } from '../../api/bulk-exclusions';
import { exclusionErrorText } from '../../api/exclusions';
import { Button } from '../../ui/button';
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

interface BulkRunOptions<T extends BulkTarget> {
  target: T;
  selection: BulkExclusionBody<T>['selection'];
  onDone: () => void;
  outcome?: BulkOutcomeHandlers;
}

/**
 * Sends one bulk action, one at a time (a ref as well as the state: a second click in the same frame must not send a
 * second request), and tells its outcome. `lastButtonRef` is the button that asked: the focus goes back to it.
 */
function useBulkExclusionRun<T extends BulkTarget>({ target, selection, onDone, outcome }: BulkRunOptions<T>) {
  const mutation = useBulkExclude(target);
  const showToast = useExclusionToast();
  const showOutcome = outcome?.done ?? showToast;
  const showFailure = outcome?.failed ?? ((text: string) => toast.error(text));
  const sendingRef = useRef(false);
  const [busy, setBusy] = useState(false);
  const lastButtonRef = useRef<HTMLButtonElement | null>(null);

  const run = (action: Action) => {
    if (sendingRef.current) return;
    sendingRef.current = true;
    setBusy(true);
    mutation
      .mutateAsync({ excluded: action === 'exclude', selection } as BulkExclusionBody<T>)
      .then(
        (answer) => {
          // The selection bar (and this button) goes once the selection is spent: the focus goes to the grid.
          const grid = lastButtonRef.current?.closest('.data-table')?.querySelector<HTMLElement>('.data-table__scroll');
          showOutcome(answer.message, answer.undo);
          onDone();
          if (grid) requestAnimationFrame(() => grid.focus());
        },
        (error: unknown) => showFailure(exclusionErrorText(error, bulkTexts.failed)),
      )
      .finally(() => {
        sendingRef.current = false;
        setBusy(false);
      });
  };
  return { run, busy, sendingRef, lastButtonRef };
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
  const { run, busy, sendingRef, lastButtonRef } = useBulkExclusionRun({ target, selection, onDone, outcome });
  const [confirming, setConfirming] = useState<Action | null>(null);

  const start = (action: Action, button: HTMLButtonElement) => {
    if (sendingRef.current) return;
    lastButtonRef.current = button;
    if (count > bulkConfirmThreshold) setConfirming(action);
    else run(action);
  };

  return (
    <>
      {actions.map((action) => (
        <Button
          key={action}
          variant={action === 'exclude' ? 'danger' : 'secondary'}
          size="compact"
          pending={busy}
          onClick={(event) => start(action, event.currentTarget)}
        >
          {action === 'exclude' ? bulkTexts.exclude : bulkTexts.unexclude}
        </Button>
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
        returnFocusTo={lastButtonRef}
      />
    </>
  );
}
