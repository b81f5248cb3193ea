import { Link } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { retryableStatuses, type Run } from '../../../contract/runs';
import type { HistorySource } from '../../api/history';
import { useCancelRun, useRetryRun } from '../../api/runs';
import { Button, buttonClass } from '../../ui/button';
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

const focusLost = () => document.activeElement === null || document.activeElement === document.body;

/**
 * Cancel, asked first: `pending` from the confirmation until the call answers (a ref as well: one call at a time).
 * A run cancelled from here loses its Cancel button (the confirmation gave the focus back to it): the focus moves on
 * to its Retry (`retryButtonRef`) rather than falling to the page, unless the operator has moved it elsewhere meanwhile.
 */
function useCancelAction(run: Run) {
  const cancel = useCancelRun();
  const [confirming, setConfirming] = useState(false);
  const sendingRef = useRef(false);
  const [pending, setPending] = useState(false);
  const retryButtonRef = useRef<HTMLButtonElement>(null);
  const focusRetryNextRef = useRef(false);
  useEffect(() => {
    if (focusRetryNextRef.current && focusLost() && retryButtonRef.current && !retryButtonRef.current.disabled) {
      focusRetryNextRef.current = false;
      retryButtonRef.current.focus();
    }
  }, [run.status, run.retried_by, pending]);

  const confirmCancel = () => {
    if (sendingRef.current) return;
    sendingRef.current = true;
    setPending(true);
    focusRetryNextRef.current = true;
    void cancel
      .mutateAsync(run.id)
      .then(
        (answer) => toast.success(answer.message),
        (error: unknown) => {
          focusRetryNextRef.current = false;
          toast.error(errorMessage(error, runsTexts.actionFailed));
        },
      )
      .finally(() => {
        sendingRef.current = false;
        setPending(false);
      });
  };
  return { confirming, setConfirming, pending, confirmCancel, retryButtonRef };
}

/**
 * Retry, a paid action: the cost is asked first (`asking` meanwhile), then the call. A run retried from here loses
 * its Retry button to the link to its retry (`retryLinkRef`): the focus moves on to the link.
 */
function useRetryAction(run: Run) {
  const retry = useRetryRun();
  const { spend, busy: asking } = useSpend();
  const retryLinkRef = useRef<HTMLAnchorElement>(null);
  const focusLinkNextRef = useRef(false);
  useEffect(() => {
    if (focusLinkNextRef.current && focusLost() && retryLinkRef.current) {
      focusLinkNextRef.current = false;
      retryLinkRef.current.focus();
    }
  }, [run.status, run.retried_by]);

  const startRetry = () =>
    void spend({ type: 'Retry', run_id: run.id }, runsTexts.retryWhat(run), () => {
      // Set before the call: the run's `runchanged` may bring the link before the call's answer does.
      focusLinkNextRef.current = true;
      return retry.mutateAsync(run.id).then(
        (answer) => toast.success(answer.message),
        (error: unknown) => {
          focusLinkNextRef.current = false;
          toast.error(errorMessage(error, runsTexts.actionFailed));
        },
      );
    });
  return { asking, startRetry, retryLinkRef };
}

/**
 * A run's actions: Cancel (while it is queued or working; asks first), Retry (once it failed, was cancelled or could
 * not be paid; a paid action, so it asks the cost first like every other) or, once retried, a link to its retry, and
 * History (its target's runs). Each button is disabled from its first click until the call answers.
 */
export function RunActions({ run }: { run: Run }) {
  const [history, setHistory] = useState<HistorySource | null>(null);
  const cancelButtonRef = useRef<HTMLButtonElement>(null);
  const cancel = useCancelAction(run);
  const { retryButtonRef } = cancel;
  // While the cost is asked Retry stays focusable (aria-disabled), so the focus comes back to it when the question closes.
  const { asking, startRetry, retryLinkRef } = useRetryAction(run);
  const target = targetText(run);
  const source = historyOf(run);

  return (
    <span className="runs__actions">
      {run.finished_at === null ? (
        <Button ref={cancelButtonRef} aria-label={`Cancel ${target}`} pending={cancel.pending} onClick={() => cancel.setConfirming(true)}>
          Cancel
        </Button>
      ) : null}
      {run.retried_by !== null ? (
        <Link
          ref={retryLinkRef}
          to="/dashboard/runs"
          search={{ run: run.retried_by }}
          className={buttonClass({ variant: 'link' })}
          aria-label={`${runsTexts.retriedAs(run.retried_by)}: ${target}`}
        >
          {runsTexts.retriedAs(run.retried_by)}
        </Link>
      ) : run.finished_at !== null && retryableStatuses.includes(run.status) ? (
        <Button
          ref={retryButtonRef}
          aria-label={`Retry ${target}`}
          aria-disabled={asking || undefined}
          disabled={cancel.pending}
          onClick={startRetry}
        >
          Retry
        </Button>
      ) : null}
      {source ? (
        <Button variant="link" aria-label={`History of ${target}`} onClick={() => setHistory(source)}>
          History
        </Button>
      ) : null}
      <ConfirmDialog
        open={cancel.confirming}
        onOpenChange={cancel.setConfirming}
        title={runsTexts.cancelTitle}
        description={runsTexts.cancelDescription(run)}
        confirmLabel={runsTexts.cancelConfirm}
        cancelLabel={runsTexts.cancelKeep}
        destructive
        onConfirm={cancel.confirmCancel}
        returnFocusTo={cancelButtonRef}
      />
      <HistoryDialog source={history} onClose={() => setHistory(null)} description={`Generation runs: ${target}.`} />
    </span>
  );
}
