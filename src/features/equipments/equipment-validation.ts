import { updateEquipmentBody, type UpdateEquipmentBody } from '../../../contract/equipments';
import { equipmentExportColumns } from '../../../contract/grid-exports';
import { draftToBody, type EquipmentDraft } from './equipment-draft';

/**
 * The checks Save runs before it sends anything: the server's own rules for POST /api/equipments/update (the
 * contract's schema, so the messages are the server's), plus what only the form can know (docs/product.md#editing-an-equipment-row:
 * a number input whose text is not a number reads as empty, which must not save as "no year"). Pure, unit-tested.
 */

export type DraftField = keyof EquipmentDraft;
export type FieldErrors = Partial<Record<DraftField, string>>;

export const yearNotNumericText = 'The year must be a number.';
export const chooseSubcategoryText = 'Choose a subcategory.';

/** The row's editable fields: the update's body but its id (contract/equipments.ts), in its order. */
export const draftFields = Object.keys(updateEquipmentBody.shape).filter((key): key is DraftField => key !== 'id');

/** Each field's label: the header of its column in the grids (contract/grid-exports.ts); an id's, its name's. */
export const draftFieldLabels = Object.fromEntries(
  draftFields.map((field) => [
    field,
    equipmentExportColumns[field === 'category_id' ? 'category' : field === 'subcategory_id' ? 'subcategory' : field],
  ]),
) as Record<DraftField, string>;

const isDraftField = (key: unknown): key is DraftField => typeof key === 'string' && (draftFields as readonly string[]).includes(key);

export type DraftCheck = { ok: true; body: UpdateEquipmentBody } | { ok: false; errors: FieldErrors };

export function checkDraft(id: number, draft: EquipmentDraft, { yearUnreadable = false } = {}): DraftCheck {
  const errors: FieldErrors = {};
  if (yearUnreadable) errors.year = yearNotNumericText;
  if (draft.subcategory_id === null) errors.subcategory_id = chooseSubcategoryText;
  // Without a subcategory the other fields are still checked (a placeholder id stands in for the missing one).
  const body = draftToBody(id, draft.subcategory_id === null ? { ...draft, subcategory_id: 1 } : draft);
  if (!body) throw new Error('unreachable: the draft has a subcategory');
  const parsed = updateEquipmentBody.safeParse(body);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0];
      if (isDraftField(field)) errors[field] ??= issue.message;
    }
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, body };
}
