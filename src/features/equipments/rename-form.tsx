import { useSelector } from '@tanstack/react-form';
import { useRef, useState, type KeyboardEvent } from 'react';
import { renameBody, type RenameAnswer } from '../../../contract/categories';
import { formRefusalOf } from '../../api/field-errors';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/dialog';
import { setFieldErrors, submitHandler } from '../../ui/form/field-errors';
import { useAppForm } from '../../ui/form/use-app-form';
import { toast } from '../../ui/toast';

const discardTexts = { title: 'Discard your changes?', discard: 'Discard', keep: 'Keep editing' } as const;

interface RenameProps {
  /** The input's accessible name, e.g. "Category name". */
  label: string;
  initialName: string;
  save: (name: string) => Promise<RenameAnswer>;
  failureText: string;
  /** Leaves edit mode (after a save, or on cancel). */
  onDone: () => void;
}

/**
 * The rename's form: the name is checked with the server's rule (contract/categories.ts) before it is sent; a name
 * refused, here or by the server (an empty or too long name, a sibling's), shows at the field; every failure but the
 * server's refusal of the name itself also raises the spec's alert (`failureText`). On success the server's message is
 * the toast.
 */
function useRenameForm({ initialName, save, failureText, onDone }: Omit<RenameProps, 'label'>) {
  return useAppForm({
    defaultValues: { name: initialName },
    onSubmitInvalid: () => toast.error(failureText),
    onSubmit: async ({ value: { name }, formApi }) => {
      if (name === initialName) {
        onDone();
        return;
      }
      try {
        const answer = await save(name);
        toast.success(answer.message);
        onDone();
      } catch (error) {
        // A refused name (4xx) is the operator's to fix: say why, next to it. A refusal the server words for the field
        // (a sibling's name) shows there only, since trying again cannot help; other failures also raise the alert.
        const refusal = formRefusalOf(error, ['name']);
        const fieldText = refusal?.fields.name;
        if (fieldText === undefined) toast.error(failureText);
        setFieldErrors(formApi, { name: fieldText ?? refusal?.message ?? failureText });
      }
    },
  });
}

/**
 * The inline rename of a category or subcategory (docs/product.md#renaming): an input with Save and Cancel; Enter
 * saves, Escape cancels - after asking, when the name was changed (docs/product.md#renaming: Escape never discards an
 * edit without a word). On success: 'Category updated successfully!' / 'Subcategory updated successfully!'.
 */
export function RenameForm({ label, ...rename }: RenameProps) {
  const form = useRenameForm(rename);
  const saving = useSelector(form.store, (state) => state.isSubmitting);
  const name = useSelector(form.store, (state) => state.values.name);
  const [askDiscard, setAskDiscard] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    // Kept from a dialog around the form (the equipment details): this Escape is the rename's.
    event.stopPropagation();
    if (name === rename.initialName) rename.onDone();
    else setAskDiscard(true);
  }

  return (
    <form className="rename-form" onSubmit={submitHandler(form)}>
      <form.AppField name="name" validators={{ onSubmit: renameBody.shape.name }}>
        {(field) => (
          <field.TextField
            label={<span className="sr-only">{label}</span>}
            className="rename-form__name"
            announce
            ref={input}
            // The operator asked to rename: the field is where they type next.
            autoFocus
            onFocus={(event) => event.currentTarget.select()}
            onKeyDown={onKeyDown}
            readOnly={saving}
          />
        )}
      </form.AppField>
      <div className="rename-form__buttons">
        <Button type="submit" variant="primary" size="compact" pending={saving} pendingLabel="Saving...">
          Save
        </Button>
        <Button size="compact" onClick={rename.onDone} disabled={saving}>
          Cancel
        </Button>
      </div>
      <ConfirmDialog
        open={askDiscard}
        onOpenChange={setAskDiscard}
        title={discardTexts.title}
        description={`The name "${name}" is not saved.`}
        confirmLabel={discardTexts.discard}
        cancelLabel={discardTexts.keep}
        destructive
        onConfirm={rename.onDone}
        returnFocusTo={input}
      />
    </form>
  );
}
