import { Link } from '@tanstack/react-router';
import { useRef, useState } from 'react';
import { retryableStatuses, type Run } from '../../../contract/runs';
import type { HistorySource } from '../../api/history';
import { errorMessage } from '../../api/http';
import { useCancelRun, useRetryRun } from '../../api/runs';
import { EmptyCell } from '../../ui/data-table';
import { ConfirmDialog } from '../../ui/dialog';
import { MenuItem } from '../../ui/menu';
import { RowMenu } from '../../ui/row-menu';
import { toast } from '../../ui/toast-store';
import { useSpend } from '../generation';
import { HistoryDialog } from '../history';
import { runsTexts, targetText } from './runs-texts';

/** The generation history a run belongs to: its category's events, its subcategory's brands, its brand's models. */
function historyOf(run: Run): HistorySource | null {
  if (run.type === 'Events') return { kind: 'generation', params: { type: 'Events', category_id: run.category.id } };
  if (run.subcategory === null) return null;
  if (run.type === 'Brands') return { kind: 'brand', params: { subcategory_id: run.subcategory.id } };
  return run.brand === null ? null : { kind: 'brand', params: { subcategory_id: run.subcategory.id, brand_id: run.brand.id } };
}

/** Cancel, asked first: `pending` from the confirmation until the call answers (a ref as well: one call at a time). */
function useCancelAction(run: Run) {
  const cancel = useCancelRun();
  const [confirming, setConfirming] = useState(false);
  const sendingRef = useRef(false);
  const [pending, setPending] = useState(false);
  const confirmCancel = () => {
    if (sendingRef.current) return;
    sendingRef.current = true;
    setPending(true);
    void cancel
      .mutateAsync(run.id)
      .then(
        (answer) => toast.success(answer.message),
        (error: unknown) => toast.error(errorMessage(error, runsTexts.actionFailed)),
      )
      .finally(() => {
        sendingRef.current = false;
        setPending(false);
      });
  };
  return { confirming, setConfirming, pending, confirmCancel };
}

/** Retry, a paid action: the cost is asked first, then the call; `busy` from the choice until the call answers. */
function useRetryAction(run: Run) {
  const retry = useRetryRun();
  const { spend, busy } = useSpend();
  const start = () =>
    void spend({ type: 'Retry', run_id: run.id }, runsTexts.retryWhat(run), () =>
      retry.mutateAsync(run.id).then(
        (answer) => toast.success(answer.message),
        (error: unknown) => toast.error(errorMessage(error, runsTexts.actionFailed)),
      ),
    );
  return { busy, start };
}

/**
 * A run's Actions menu (docs/product.md#runs-centre): Cancel (while it is queued or working; asks first), Retry (once
 * it failed, was cancelled or could not be paid; a paid action, so it asks the cost first like every other) or, once
 * retried, the way to its retry, and History (its target's runs). An item is disabled while its action runs.
 * The row stays through a cancel or a retry, its Actions button with it: the confirmations give the focus back there.
 */
export function RunActions({ run }: { run: Run }) {
  const [history, setHistory] = useState<HistorySource | null>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const cancel = useCancelAction(run);
  const retry = useRetryAction(run);
  const target = targetText(run);
  const source = historyOf(run);
  const cancellable = run.finished_at === null;
  const retryable = run.retried_by === null && run.finished_at !== null && retryableStatuses.includes(run.status);
  if (!cancellable && !retryable && run.retried_by === null && !source) return <EmptyCell />;

  return (
    <>
      <RowMenu label={`Actions for ${target}`} triggerRef={trigger}>
        {cancellable ? (
          <MenuItem disabled={cancel.pending} onSelect={() => cancel.setConfirming(true)}>
            Cancel
          </MenuItem>
        ) : null}
        {run.retried_by !== null ? (
          <MenuItem asChild>
            <Link to="/dashboard/runs" search={{ run: run.retried_by }}>
              {runsTexts.retriedAs(run.retried_by)}
            </Link>
          </MenuItem>
        ) : null}
        {retryable ? (
          <MenuItem
            disabled={retry.busy}
            onSelect={() => {
              // The cost confirmation gives the focus back to where it was when asked: the trigger, not this item.
              trigger.current?.focus();
              retry.start();
            }}
          >
            Retry
          </MenuItem>
        ) : null}
        {source ? <MenuItem onSelect={() => setHistory(source)}>History</MenuItem> : null}
        {run.figures.unreviewed > 0 ? (
          <MenuItem asChild>
            <Link to="/dashboard/review" search={{ run: run.id }}>
              {runsTexts.reviewResults(run.figures.unreviewed)}
            </Link>
          </MenuItem>
        ) : null}
      </RowMenu>
      <ConfirmDialog
        open={cancel.confirming}
        onOpenChange={cancel.setConfirming}
        title={runsTexts.cancelTitle}
        description={runsTexts.cancelDescription(run)}
        confirmLabel={runsTexts.cancelConfirm}
        cancelLabel={runsTexts.cancelKeep}
        destructive
        onConfirm={cancel.confirmCancel}
        returnFocusTo={trigger}
      />
      <HistoryDialog
        source={history}
        onClose={() => setHistory(null)}
        description={`Generation runs: ${target}.`}
        returnFocusTo={trigger}
      />
    </>
  );
}
