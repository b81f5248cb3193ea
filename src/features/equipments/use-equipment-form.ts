import { useState } from 'react';
import type { Equipment } from '../../../contract/equipments';
import { useUpdateEquipment } from '../../api/equipments';
import { formRefusalOf } from '../../api/field-errors';
import { setFieldErrors } from '../../ui/form/field-errors';
import { useAppForm } from '../../ui/form/use-app-form';
import { draftToBody, toDraft, type EquipmentDraft } from './equipment-draft';
import { checkDraft, draftFields } from './equipment-validation';

/** The drawer's values: the draft, and whether the Year input holds text that is not a number (it reads as ''). */
export type EquipmentFormValues = EquipmentDraft & { yearUnreadable: boolean };

/** What the drawer says of the last save beside its fields: the server's refusal naming none of them, or a failure. */
export type SaveFailure = { refusal: string } | 'failed' | null;

/**
 * The row editor's form (docs/product.md#editing-an-equipment-row): Save checks the draft with the server's own rules
 * (equipment-validation.ts, the contract's schema) and sends nothing while a field is at fault; the server's refusal
 * (a 4xx) lands on the fields it names (src/api/field-errors.ts), or is the drawer's alert when it names none; any
 * other failure is 'Failed to update equipment. Please try again.'.
 */
export function useEquipmentForm(row: Equipment, { onSaved, onInvalid }: { onSaved: (saved: Equipment) => void; onInvalid: () => void }) {
  const update = useUpdateEquipment();
  const [failure, setFailure] = useState<SaveFailure>(null);
  const defaultValues: EquipmentFormValues = { ...toDraft(row), yearUnreadable: false };
  const form = useAppForm({
    defaultValues,
    validators: {
      onSubmit: ({ value }) => {
        const check = checkDraft(row.id, value, { yearUnreadable: value.yearUnreadable });
        return check.ok ? undefined : { fields: check.errors };
      },
    },
    onSubmitInvalid: onInvalid,
    onSubmit: async ({ value, formApi }) => {
      const body = draftToBody(row.id, value);
      if (!body) return; // unreachable: the check above refuses a draft without a subcategory
      try {
        onSaved(await update.mutateAsync({ body, previousSubcategoryId: row.subcategory_id }));
      } catch (error) {
        const refusal = formRefusalOf(error, draftFields);
        if (!refusal) {
          setFailure('failed');
          return;
        }
        setFieldErrors(formApi, refusal.fields);
        if (Object.keys(refusal.fields).length === 0) setFailure({ refusal: refusal.message ?? '' });
        onInvalid();
      }
    },
  });
  /** Whether anything differs from the row as it was opened (a Year that reads as nothing counts). */
  const changed = () => {
    const values = form.state.values;
    return values.yearUnreadable || draftFields.some((field) => values[field] !== defaultValues[field]);
  };
  return { form, failure, clearFailure: () => setFailure(null), changed };
}

export type EquipmentForm = ReturnType<typeof useEquipmentForm>['form'];
