import type { Category } from '../../../contract/categories';
import type { Equipment, UpdateEquipmentBody } from '../../../contract/equipments';

/**
 * The inline row editor of the Equipment Details dialog (docs/product.md#editing-an-equipment-row, docs/product.md#editing-an-equipment-row): a row being edited is a
 * draft of text fields; Save sends the full row built from it. Pure functions, unit-tested.
 */

export interface EquipmentDraft {
  category_id: number;
  /** null after a category change to a category without subcategories: Save then waits for a choice. */
  subcategory_id: number | null;
  brand: string;
  model: string;
  /** As typed in the numeric input ('' for none). */
  year: string;
  specifications: string;
  description: string;
  /** Comma-separated, as shown (docs/product.md#editing-an-equipment-row "Tags are shown joined by commas"). */
  tags: string;
  is_manufactured: boolean;
  is_brand_still_manufactured: boolean;
  seo_title: string;
  seo_description: string;
}

/** docs/product.md#editing-an-equipment-row: the seo_title placeholder when the row has no brand name yet. */
export const brandPlaceholder = 'Brand Name';

/**
 * docs/product.md#editing-an-equipment-row: changing the subcategory fills seo_title from the brand name, the model
 * name (the seed's and the generator's "{brand} {model} - {subcategory} Catalog") and the subcategory; without a model,
 * the brand name, the subcategory name and a catalogue suffix.
 */
export function seoTitleFor(brand: string, subcategoryName: string, model = ''): string {
  const brandName = brand.trim() || brandPlaceholder;
  const modelName = model.trim();
  return modelName === '' ? `${brandName} ${subcategoryName} Catalog` : `${brandName} ${modelName} - ${subcategoryName} Catalog`;
}

export function joinTags(tags: readonly string[]): string {
  return tags.join(', ');
}

export function splitTags(text: string): string[] {
  return text
    .split(',')
    .map((tag) => tag.trim())
    .filter((tag) => tag.length > 0);
}

export function toDraft(row: Equipment): EquipmentDraft {
  return {
    category_id: row.category_id,
    subcategory_id: row.subcategory_id,
    brand: row.brand,
    model: row.model,
    year: row.year === null ? '' : String(row.year),
    specifications: row.specifications ?? '',
    description: row.description ?? '',
    tags: joinTags(row.tags),
    is_manufactured: row.is_manufactured,
    is_brand_still_manufactured: row.is_brand_still_manufactured,
    seo_title: row.seo_title ?? '',
    seo_description: row.seo_description ?? '',
  };
}

/** An empty optional text is sent as null (the column's "none"), not as ''. */
const orNull = (text: string) => (text.trim() === '' ? null : text);

/**
 * The full edited row for POST /api/equipments/update, or null while the draft has no subcategory. The year goes
 * as a number (the input is numeric; the server checks its range); brand, model and texts go as typed (the server
 * trims and validates them, and answers the row as saved).
 */
export function draftToBody(id: number, draft: EquipmentDraft): UpdateEquipmentBody | null {
  if (draft.subcategory_id === null) return null;
  const year = draft.year.trim();
  return {
    id,
    category_id: draft.category_id,
    subcategory_id: draft.subcategory_id,
    brand: draft.brand,
    model: draft.model,
    year: year === '' ? null : Number(year),
    specifications: orNull(draft.specifications),
    description: orNull(draft.description),
    tags: splitTags(draft.tags),
    is_manufactured: draft.is_manufactured,
    is_brand_still_manufactured: draft.is_brand_still_manufactured,
    seo_title: orNull(draft.seo_title),
    seo_description: orNull(draft.seo_description),
  };
}

/** docs/product.md#editing-an-equipment-row: changing the subcategory fills seo_title (seoTitleFor, above). */
export function withSubcategory(draft: EquipmentDraft, subcategoryId: number, categories: readonly Category[]): EquipmentDraft {
  const subcategory = categories.find((c) => c.id === draft.category_id)?.subcategories.find((s) => s.id === subcategoryId);
  if (!subcategory) return draft;
  return { ...draft, subcategory_id: subcategory.id, seo_title: seoTitleFor(draft.brand, subcategory.name, draft.model) };
}

/**
 * docs/product.md#editing-an-equipment-row: changing the category reloads the subcategory choices. The draft takes the new category's first
 * subcategory (a subcategory change, so seo_title follows), or none when it has none.
 */
export function withCategory(draft: EquipmentDraft, categoryId: number, categories: readonly Category[]): EquipmentDraft {
  if (categoryId === draft.category_id) return draft;
  const category = categories.find((c) => c.id === categoryId);
  if (!category) return draft;
  const first = category.subcategories[0];
  const moved = { ...draft, category_id: category.id, subcategory_id: null };
  return first ? withSubcategory(moved, first.id, categories) : moved;
}

/** The subcategory choices of the draft's category. */
export function subcategoryChoices(draft: Pick<EquipmentDraft, 'category_id'>, categories: readonly Category[]) {
  return categories.find((c) => c.id === draft.category_id)?.subcategories ?? [];
}
