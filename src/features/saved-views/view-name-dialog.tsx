import { useSelector } from '@tanstack/react-form';
import type { RefObject } from 'react';
import { savedViewName } from '../../../contract/saved-views';
import { formRefusalOf } from '../../api/field-errors';
import { Button } from '../../ui/button';
import { Modal } from '../../ui/dialog';
import { setFieldErrors, submitHandler } from '../../ui/form/field-errors';
import { useAppForm } from '../../ui/form/use-app-form';
import { savedViewsTexts } from './saved-views-texts';

interface ViewNameProps {
  title: string;
  description?: string;
  initialName: string;
  /** Sends the name; resolves once stored (the dialog then closes), rejects with the server's refusal. */
  submit: (name: string) => Promise<unknown>;
  onClose: () => void;
  returnFocusTo: RefObject<HTMLElement | null>;
}

/**
 * The name's form: checked with the server's rule (contract/saved-views.ts: 1 to 80 characters) before it is sent;
 * the server's refusal of it (a 422, or a 409: one the operator already uses on this grid) shows at the field, and so
 * does any other failure, in the dialog's own words.
 */
function useViewNameForm({ initialName, submit, onClose }: Pick<ViewNameProps, 'initialName' | 'submit' | 'onClose'>) {
  return useAppForm({
    defaultValues: { name: initialName },
    onSubmit: async ({ value, formApi }) => {
      try {
        await submit(value.name);
        onClose();
      } catch (error) {
        const refusal = formRefusalOf(error, ['name']);
        const named = refusal?.status === 422 || refusal?.status === 409 ? (refusal.fields.name ?? refusal.message) : undefined;
        setFieldErrors(formApi, { name: named ?? savedViewsTexts.saveFailed });
      }
    },
  });
}

/**
 * The name of a view to save or rename (a small radix dialog): a labelled field, the refusal of the name under it.
 * The Save button is disabled from the first click until the server answers.
 */
export function ViewNameDialog({ title, description, returnFocusTo, ...naming }: ViewNameProps) {
  const form = useViewNameForm(naming);
  const saving = useSelector(form.store, (state) => state.isSubmitting);
  return (
    <Modal
      open
      onOpenChange={(open) => !open && !form.state.isSubmitting && naming.onClose()}
      title={title}
      description={description}
      size="sm"
      returnFocusTo={returnFocusTo}
    >
      <form className="saved-views__form" onSubmit={submitHandler(form)} noValidate>
        <form.AppField name="name" validators={{ onSubmit: savedViewName }}>
          {(field) => (
            <field.TextField
              label={savedViewsTexts.nameLabel}
              announce
              autoComplete="off"
              // The name is what the operator came to type.
              autoFocus
              onFocus={(event) => event.currentTarget.select()}
              readOnly={saving}
            />
          )}
        </form.AppField>
        <div className="dialog__footer">
          <Button onClick={naming.onClose} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" variant="primary" pending={saving} pendingLabel="Saving…">
            Save
          </Button>
        </div>
      </form>
    </Modal>
  );
}
