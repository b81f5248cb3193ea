import { updateEquipmentBody, type UpdateEquipmentBody } from '../../../contract/equipments';
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

const draftFields: ReadonlySet<string> = new Set<DraftField>([
  'category_id',
  'subcategory_id',
  'brand',
  'model',
  'year',
  'specifications',
  'description',
  'tags',
  'is_manufactured',
  'is_brand_still_manufactured',
  'seo_title',
  'seo_description',
]);

const isDraftField = (key: unknown): key is DraftField => typeof key === 'string' && draftFields.has(key);

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

/** The fields a refusal's `errors` names (the server's 422 answer), with their first message. */
export function fieldErrorsOf(errors: Record<string, readonly string[]> | undefined): FieldErrors {
  const result: FieldErrors = {};
  for (const [key, messages] of Object.entries(errors ?? {})) {
    const field = key.split('.')[0];
    if (isDraftField(field) && messages[0]) result[field] ??= messages[0];
  }
  return result;
}
