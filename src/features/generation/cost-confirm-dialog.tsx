import { useEffect, useId, useMemo, useRef, useState } from 'react';
import type { EstimateAnswer } from '../../../contract/estimate';
import { useUpdatePreferences } from '../../api/preferences';
import { formatTokens } from '../../api/tokens';
import { Button } from '../../ui/button';
import { Modal } from '../../ui/dialog';
import { usePurchaseDialog } from '../../store/purchase-dialog';
import { useCostQuestion, type CostQuestion } from './cost-gate';
import './cost-confirm-dialog.css';

const plural = (n: number, one: string, many: string) => `${formatTokens(n)} ${n === 1 ? one : many}`;

/** The amount a "don't ask again" covers: this run's maximum, rounded up to the next thousand. */
export const askFromFor = (maxTokens: number) => Math.ceil((maxTokens + 1) / 1_000) * 1_000;

export const costTexts = {
  title: 'Confirm generation',
  cost: (e: EstimateAnswer) => `About ${formatTokens(e.expected_tokens)} tokens, at most ${formatTokens(e.max_tokens)}.`,
  runs: (e: EstimateAnswer) => `${plural(e.runs, 'run', 'runs')} will be queued.`,
  balanceAfter: (e: EstimateAnswer) =>
    `Balance after: about ${formatTokens(Math.max(0, e.balance - e.expected_tokens))} tokens, at least ${formatTokens(Math.max(0, e.balance - e.max_tokens))}.`,
  notCovered: (e: EstimateAnswer) =>
    `Your available balance (${formatTokens(e.balance)} tokens) does not cover the most this can cost (${formatTokens(e.max_tokens)} tokens).`,
  nothing: 'Nothing to generate: every target is excluded or already in progress.',
  skipped: (e: EstimateAnswer) =>
    [
      e.skipped.excluded > 0 ? `${plural(e.skipped.excluded, 'excluded brand', 'excluded brands')} skipped` : '',
      e.skipped.in_progress > 0 ? `${formatTokens(e.skipped.in_progress)} already in progress` : '',
    ]
      .filter(Boolean)
      .join('; '),
  dontAsk: (amount: number) => `Don't ask again for runs under ${formatTokens(amount)} tokens`,
} as const;

/**
 * The one cost confirmation (docs/product.md#cost-confirmation), for every action that spends tokens: what will be generated, "about
 * E tokens, at most M", the balance after, and Confirm / Cancel; when the balance does not cover M, Purchase Tokens
 * instead of Confirm. Mounted once (the dashboard layout); the focus goes back to the button that asked.
 */
export function CostConfirmDialog() {
  const question = useCostQuestion((state) => state.question);
  // Leaving the dashboard (signing out) answers an open question "no": it never shows up in a later session.
  useEffect(() => () => useCostQuestion.getState().question?.answer(false), []);
  // The last question stays on screen while the dialog closes.
  const [last, setLast] = useState<CostQuestion | null>(null);
  if (question !== null && question !== last) setLast(question);
  const shown = question ?? last;
  const opener = useMemo(() => ({ current: shown?.opener ?? null }), [shown]);
  return (
    <Modal
      open={question !== null}
      onOpenChange={(open) => !open && question?.answer(false)}
      title={costTexts.title}
      description={shown?.what}
      size="sm"
      returnFocusTo={opener}
    >
      {/* Each question starts afresh: the box unticked, Confirm enabled. */}
      {shown ? <CostQuestionBody key={shown.id} question={shown} /> : null}
    </Modal>
  );
}

function CostQuestionBody({ question }: { question: CostQuestion }) {
  const openPurchase = usePurchaseDialog((state) => state.setOpen);
  const updatePreferences = useUpdatePreferences();
  const [dontAsk, setDontAsk] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const confirmed = useRef(false);
  const checkboxId = useId();
  const { estimate } = question;
  const covered = estimate.affordable && estimate.runs > 0;
  const askFrom = askFromFor(estimate.max_tokens);
  const skipped = costTexts.skipped(estimate);

  const confirm = () => {
    // Disabled from the first click: a double click queues the runs once.
    if (confirmed.current) return;
    confirmed.current = true;
    setConfirming(true);
    if (dontAsk) updatePreferences.mutate({ confirm_runs_from: askFrom });
    question.answer(true);
  };

  return (
    <div className="cost">
      {estimate.runs === 0 ? (
        <p className="notice">{costTexts.nothing}</p>
      ) : (
        <>
          <p className="cost__amount">{costTexts.cost(estimate)}</p>
          {estimate.runs > 1 ? <p>{costTexts.runs(estimate)}</p> : null}
          {skipped ? <p className="cost__muted">{`(${skipped}.)`}</p> : null}
          {covered ? (
            <p>{costTexts.balanceAfter(estimate)}</p>
          ) : (
            <p className="form-error" role="alert">
              {costTexts.notCovered(estimate)}
            </p>
          )}
          {covered ? (
            <label className="cost__dont-ask" htmlFor={checkboxId}>
              <input id={checkboxId} type="checkbox" checked={dontAsk} onChange={(event) => setDontAsk(event.target.checked)} />
              {costTexts.dontAsk(askFrom)}
            </label>
          ) : null}
        </>
      )}
      <footer className="dialog__footer cost__footer">
        <Button onClick={() => question.answer(false)}>Cancel</Button>
        {estimate.runs === 0 ? null : covered ? (
          <Button variant="primary" onClick={confirm} disabled={confirming}>
            Confirm
          </Button>
        ) : (
          <Button
            variant="primary"
            onClick={() => {
              question.answer(false);
              openPurchase(true);
            }}
          >
            Purchase Tokens
          </Button>
        )}
      </footer>
    </div>
  );
}
