import { useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import type { RenameAnswer } from '../../../contract/categories';
import { httpStatus, serverMessage } from '../../api/http';
import { ConfirmDialog } from '../../ui/dialog';
import { toast } from '../../ui/toast';

const discardTexts = { title: 'Discard your changes?', discard: 'Discard', keep: 'Keep editing' } as const;

/**
 * The inline rename of a category or subcategory (docs/product.md#renaming): an input with Save and Cancel; Enter saves, Escape
 * cancels - after asking, when the name was changed (docs/product.md#renaming: Escape never discards an edit without a word). The server validates the name: its 422 text (an empty or too long name) shows under the input, and every
 * failure also raises the spec's alert (`failureText`). On success the server's message is the toast
 * ('Category updated successfully!' / 'Subcategory updated successfully!').
 */
export function RenameForm({
  label,
  initialName,
  save,
  failureText,
  onDone,
}: {
  /** The input's accessible name, e.g. "Category name". */
  label: string;
  initialName: string;
  save: (name: string) => Promise<RenameAnswer>;
  failureText: string;
  /** Leaves edit mode (after a save, or on cancel). */
  onDone: () => void;
}) {
  const errorId = useId();
  const [name, setName] = useState(initialName);
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [askDiscard, setAskDiscard] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (saving) return;
    if (name === initialName) {
      onDone();
      return;
    }
    setSaving(true);
    setProblem(null);
    try {
      const answer = await save(name);
      toast.success(answer.message);
      onDone();
    } catch (error) {
      toast.error(failureText);
      const status = httpStatus(error);
      // A refused name (422) is the operator's to fix: say why, next to it. Other failures are the alert alone.
      setProblem(status !== undefined && status < 500 ? (serverMessage(error) ?? failureText) : failureText);
      setSaving(false);
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Escape') {
      event.preventDefault();
      // Kept from a dialog around the form (the equipment details): this Escape is the rename's.
      event.stopPropagation();
      if (name === initialName) onDone();
      else setAskDiscard(true);
    }
  }

  return (
    <form className="rename-form" onSubmit={(event) => void submit(event)}>
      <input
        className="input rename-form__input"
        ref={input}
        aria-label={label}
        value={name}
        // The operator asked to rename: the field is where they type next.
        autoFocus
        onFocus={(event) => event.currentTarget.select()}
        onChange={(event) => setName(event.target.value)}
        onKeyDown={onKeyDown}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? errorId : undefined}
        readOnly={saving}
      />
      <div className="rename-form__buttons">
        <button type="submit" className="btn btn--primary btn--compact" disabled={saving}>
          {saving ? 'Saving...' : 'Save'}
        </button>
        <button type="button" className="btn btn--secondary btn--compact" onClick={onDone} disabled={saving}>
          Cancel
        </button>
      </div>
      {problem ? (
        <p id={errorId} role="alert" className="rename-form__error">
          {problem}
        </p>
      ) : null}
      <ConfirmDialog
        open={askDiscard}
        onOpenChange={setAskDiscard}
        title={discardTexts.title}
        description={`The name "${name}" is not saved.`}
        confirmLabel={discardTexts.discard}
        cancelLabel={discardTexts.keep}
        destructive
        onConfirm={onDone}
        returnFocusTo={input}
      />
    </form>
  );
}
