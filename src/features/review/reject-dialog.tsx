import { useRef, useState, type FormEvent, type RefObject } from 'react';
import { rejectReasonLabels, rejectReasons, reviewMessages, type RejectReason } from '../../../contract/review';
import { Button } from '../../ui/button';
import { Modal } from '../../ui/dialog';
import { Field } from '../../ui/field';
import type { Verdict } from './use-review-decisions';

/** A result another one may repeat: the flagged likely duplicate first, then the queue's others of its kind. */
export interface DuplicateChoice {
  id: number;
  name: string;
}

export interface RejectRequest {
  /** "Reject CLAAS", "Reject 3 results". */
  title: string;
  duplicateChoices: readonly DuplicateChoice[];
  /** The choice the flag names, chosen at first. */
  likelyDuplicateId: number | null;
}

/**
 * The reason picker (docs/product.md#review-queue): Duplicate of another result (which: prefilled from the flag),
 * Wrong category, Not real, Other (with a comment). It opens with the focus on the first reason; Escape or Cancel give
 * it back to where it was; Reject sends the verdict and closes once it is taken (the caller says where the focus goes).
 */
export function RejectDialog({
  request,
  onReject,
  onClose,
  returnFocusTo,
}: {
  request: RejectRequest | null;
  onReject: (verdict: Verdict) => Promise<boolean>;
  onClose: () => void;
  returnFocusTo: RefObject<HTMLElement | null>;
}) {
  const firstReason = useRef<HTMLInputElement>(null);
  return (
    <Modal
      open={request !== null}
      onOpenChange={(open) => !open && onClose()}
      title={request?.title ?? ''}
      size="sm"
      initialFocus={firstReason}
      returnFocusTo={returnFocusTo}
    >
      {request ? (
        <RejectForm key={request.title} request={request} firstReason={firstReason} onReject={onReject} onClose={onClose} />
      ) : null}
    </Modal>
  );
}

function RejectForm({
  request,
  firstReason,
  onReject,
  onClose,
}: {
  request: RejectRequest;
  firstReason: RefObject<HTMLInputElement | null>;
  onReject: (verdict: Verdict) => Promise<boolean>;
  onClose: () => void;
}) {
  const [reason, setReason] = useState<RejectReason | null>(null);
  const [duplicateOf, setDuplicateOf] = useState<number | null>(request.likelyDuplicateId ?? request.duplicateChoices[0]?.id ?? null);
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = problemOf(reason, duplicateOf, comment);
    if (problem !== null || reason === null) return setError(problem);
    setSending(true);
    const verdict: Verdict = {
      decision: 'reject',
      reason,
      ...(reason === 'duplicate' && duplicateOf !== null ? { duplicate_of: duplicateOf } : {}),
      ...(comment.trim() ? { comment: comment.trim() } : {}),
    };
    // The dialog closes at once: the decision shows in the queue (and a failure in a toast).
    onClose();
    await onReject(verdict);
  };

  return (
    <form className="review-reject" onSubmit={(event) => void submit(event)} noValidate>
      <fieldset className="review-reject__reasons">
        <legend className="field__label">Why is it rejected?</legend>
        {rejectReasons.map((value, index) => (
          <label key={value} className="review-reject__reason">
            <input
              ref={index === 0 ? firstReason : undefined}
              type="radio"
              name="reason"
              value={value}
              checked={reason === value}
              onChange={() => {
                setReason(value);
                setError(null);
              }}
            />
            {rejectReasonLabels[value]}
          </label>
        ))}
      </fieldset>
      {reason === 'duplicate' ? <DuplicateField request={request} value={duplicateOf} onChange={setDuplicateOf} /> : null}
      <Field label={reason === 'other' ? 'Comment' : 'Comment (optional)'}>
        {(control) => (
          <textarea {...control} className="input" rows={2} maxLength={1000} value={comment} onChange={(e) => setComment(e.target.value)} />
        )}
      </Field>
      {error ? (
        <p className="review-reject__error" role="alert">
          {error}
        </p>
      ) : null}
      <footer className="dialog__footer">
        <Button onClick={onClose}>Cancel</Button>
        <Button type="submit" variant="danger" pending={sending}>
          Reject
        </Button>
      </footer>
    </form>
  );
}

function DuplicateField({ request, value, onChange }: { request: RejectRequest; value: number | null; onChange: (id: number) => void }) {
  if (request.duplicateChoices.length === 0) {
    return <p className="field__description">No other result of its kind is in the queue: choose another reason.</p>;
  }
  return (
    <Field label="Which result does it repeat?">
      {(control) => (
        <select {...control} className="input" value={value ?? ''} onChange={(event) => onChange(Number(event.target.value))}>
          {request.duplicateChoices.map((choice) => (
            <option key={choice.id} value={choice.id}>
              {choice.name}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

function problemOf(reason: RejectReason | null, duplicateOf: number | null, comment: string): string | null {
  if (reason === null) return reviewMessages.reasonRequired;
  if (reason === 'duplicate' && duplicateOf === null) return reviewMessages.duplicateOfRequired;
  if (reason === 'other' && !comment.trim()) return reviewMessages.commentRequired;
  return null;
}
