import { useId, useRef, useState, type FormEvent, type RefObject } from 'react';
import { errorAnswerOf, httpStatus } from '../../api/http';
import { Modal } from '../../ui/dialog';
import { savedViewsTexts } from './saved-views-texts';

/**
 * The name of a view to save or rename (a small radix dialog): a labelled field; the server's refusal of the name
 * (empty, too long, one the operator already uses on this grid) shows under it. The Save button is disabled from the
 * first click until the server answers.
 */
export function ViewNameDialog({
  title,
  description,
  initialName,
  submit,
  onClose,
  returnFocusTo,
}: {
  title: string;
  description?: string;
  initialName: string;
  /** Sends the name; resolves once stored (the dialog then closes), rejects with the server's refusal. */
  submit: (name: string) => Promise<unknown>;
  onClose: () => void;
  returnFocusTo: RefObject<HTMLElement | null>;
}) {
  const inputId = useId();
  const errorId = useId();
  const [name, setName] = useState(initialName);
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const sending = useRef(false);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (sending.current) return;
    sending.current = true;
    setSaving(true);
    setProblem(null);
    try {
      await submit(name);
      onClose();
    } catch (error) {
      const status = httpStatus(error);
      const refusal =
        status === 422 || status === 409 ? (errorAnswerOf(error)?.errors?.name?.[0] ?? errorAnswerOf(error)?.message) : undefined;
      setProblem(refusal ?? savedViewsTexts.saveFailed);
    } finally {
      sending.current = false;
      setSaving(false);
    }
  }

  return (
    <Modal
      open
      onOpenChange={(open) => !open && !sending.current && onClose()}
      title={title}
      description={description}
      size="sm"
      returnFocusTo={returnFocusTo}
    >
      <form className="saved-views__form" onSubmit={(event) => void onSubmit(event)} noValidate>
        <div className="field">
          <label className="field__label" htmlFor={inputId}>
            {savedViewsTexts.nameLabel}
          </label>
          <input
            id={inputId}
            className="input"
            type="text"
            value={name}
            autoComplete="off"
            // The name is what the operator came to type.
            autoFocus
            onFocus={(event) => event.currentTarget.select()}
            onChange={(event) => setName(event.target.value)}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? errorId : undefined}
            readOnly={saving}
          />
          {problem ? (
            <p id={errorId} role="alert" className="saved-views__error">
              {problem}
            </p>
          ) : null}
        </div>
        <div className="dialog__footer">
          <button type="button" className="btn btn--secondary" onClick={onClose} disabled={saving}>
            Cancel
          </button>
          <button type="submit" className="btn btn--primary" disabled={saving}>
            {saving ? 'Saving…' : 'Save'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
