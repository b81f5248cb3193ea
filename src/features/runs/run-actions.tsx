import { Link } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { retryableStatuses, type Run } from '../../../contract/runs';
import type { HistorySource } from '../../api/history';
import { useCancelRun, useRetryRun } from '../../api/runs';
import { ConfirmDialog } from '../../ui/dialog';
import { toast } from '../../ui/toast-store';
import { useSpend } from '../generation';
import { HistoryDialog } from '../history';
import { errorMessage } from '../../api/http';
import { runsTexts, targetText } from './runs-texts';

/** The generation history a run belongs to: its category's events, its subcategory's brands, its brand's models. */
function historyOf(run: Run): HistorySource | null {
  if (run.type === 'Events') return { kind: 'generation', params: { type: 'Events', category_id: run.category.id } };
  if (run.subcategory === null) return null;
  if (run.type === 'Brands') return { kind: 'brand', params: { subcategory_id: run.subcategory.id } };
  return run.brand === null ? null : { kind: 'brand', params: { subcategory_id: run.subcategory.id, brand_id: run.brand.id } };
}

/**
 * A run's actions: Cancel (while it is queued or working; asks first), Retry (once it failed, was cancelled or could
 * not be paid; a paid action, so it asks the cost first like every other) or, once retried, a link to its retry, and
 * History (its target's runs). Each button is disabled from its first click until the call answers.
 */
export function RunActions({ run }: { run: Run }) {
  const cancel = useCancelRun();
  const retry = useRetryRun();
  // While the cost is asked Retry stays focusable (aria-disabled), so the focus comes back to it when the question closes.
  const { spend, busy: asking } = useSpend();
  const [confirming, setConfirming] = useState(false);
  const [history, setHistory] = useState<HistorySource | null>(null);
  const busy = useRef(false);
  const [pending, setPending] = useState(false);
  const cancelButton = useRef<HTMLButtonElement>(null);
  const retryButton = useRef<HTMLButtonElement>(null);
  const retryLink = useRef<HTMLAnchorElement>(null);
  // A run cancelled from here loses its Cancel button (the confirmation gave the focus back to it): the focus moves on
  // to its Retry rather than falling to the page, unless the operator has moved it elsewhere meanwhile.
  // Likewise a run retried from here loses its Retry button to the link to its retry: the focus moves on to the link.
  const focusRetryNext = useRef(false);
  const focusRetryLinkNext = useRef(false);
  useEffect(() => {
    const focusLost = document.activeElement === null || document.activeElement === document.body;
    if (focusRetryNext.current && focusLost && retryButton.current && !retryButton.current.disabled) {
      focusRetryNext.current = false;
      retryButton.current.focus();
    }
    if (focusRetryLinkNext.current && focusLost && retryLink.current) {
      focusRetryLinkNext.current = false;
      retryLink.current.focus();
    }
  }, [run.status, run.retried_by, pending]);
  const target = targetText(run);

  const once = (work: () => Promise<unknown>) => {
    if (busy.current) return;
    busy.current = true;
    setPending(true);
    void work().finally(() => {
      busy.current = false;
      setPending(false);
    });
  };

  const doCancel = () =>
    once(() => {
      focusRetryNext.current = true;
      return cancel.mutateAsync(run.id).then(
        (answer) => toast.success(answer.message),
        (error: unknown) => {
          focusRetryNext.current = false;
          toast.error(errorMessage(error, runsTexts.actionFailed));
        },
      );
    });
  const doRetry = () =>
    void spend({ type: 'Retry', run_id: run.id }, runsTexts.retryWhat(run), () => {
      // Set before the call: the run's `runchanged` may bring the link before the call's answer does.
      focusRetryLinkNext.current = true;
      return retry.mutateAsync(run.id).then(
        (answer) => toast.success(answer.message),
        (error: unknown) => {
          focusRetryLinkNext.current = false;
          toast.error(errorMessage(error, runsTexts.actionFailed));
        },
      );
    });
  const source = historyOf(run);

  return (
    <span className="runs__actions">
      {run.finished_at === null ? (
        <button
          ref={cancelButton}
          type="button"
          className="btn btn--secondary"
          aria-label={`Cancel ${target}`}
          disabled={pending}
          onClick={() => setConfirming(true)}
        >
          Cancel
        </button>
      ) : null}
      {run.retried_by !== null ? (
        <Link
          ref={retryLink}
          to="/dashboard/runs"
          search={{ run: run.retried_by }}
          className="btn btn--link"
          aria-label={`${runsTexts.retriedAs(run.retried_by)}: ${target}`}
        >
          {runsTexts.retriedAs(run.retried_by)}
        </Link>
      ) : run.finished_at !== null && retryableStatuses.includes(run.status) ? (
        <button
          ref={retryButton}
          type="button"
          className="btn btn--secondary"
          aria-label={`Retry ${target}`}
          aria-disabled={asking || undefined}
          disabled={pending}
          onClick={doRetry}
        >
          Retry
        </button>
      ) : null}
      {source ? (
        <button type="button" className="btn btn--link" aria-label={`History of ${target}`} onClick={() => setHistory(source)}>
          History
        </button>
      ) : null}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={runsTexts.cancelTitle}
        description={runsTexts.cancelDescription(run)}
        confirmLabel={runsTexts.cancelConfirm}
        cancelLabel={runsTexts.cancelKeep}
        destructive
        onConfirm={doCancel}
        returnFocusTo={cancelButton}
      />
      <HistoryDialog source={history} onClose={() => setHistory(null)} description={`Generation runs: ${target}.`} />
    </span>
  );
}
