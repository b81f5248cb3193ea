import { z } from 'zod';
import { brand } from './brands';
import { equipment } from './equipments';
import { event } from './events';
import { idField } from './ids';
import { statusRecord } from './statuses';
import { catalogueName, queryFlag } from './text';
import { endpoint } from './endpoint';
import { realtimeEvents } from './realtime';

export const subcategory = z.object({
  id: z.number().int(),
  name: z.string(),
  category_id: z.number().int(),
  /** The latest generation status of the subcategory's brands, or null when none ran. */
  status: z.string().nullable(),
  brands_count: z.number().int(),
  equipments_count: z.number().int(),
});
export type Subcategory = z.infer<typeof subcategory>;

export const category = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The latest event generation status of the category, or null. */
  status: z.string().nullable(),
  events_count: z.number().int(),
  subcategories: z.array(subcategory),
});
export type Category = z.infer<typeof category>;

/**
 * A subcategory in the compact tree (extension `compact=true`): `[id, name, status, brands_count, equipments_count]`;
 * its `category_id` is the category it is listed under. At catalogue scale (1,000 subcategories) the objects' keys
 * were half of the SPA's 119 kB tree.
 */
export const compactSubcategory = z.tuple([z.number().int(), z.string(), z.string().nullable(), z.number().int(), z.number().int()]);
export const compactCategory = category.extend({ subcategories: z.array(compactSubcategory) });
type CompactCategory = z.infer<typeof compactCategory>;

export function compactCategoryOf(whole: Category): CompactCategory {
  return { ...whole, subcategories: whole.subcategories.map((s) => [s.id, s.name, s.status, s.brands_count, s.equipments_count]) };
}

/** A category as sent, its subcategories whole or compact (the union is per subcategory, so an error names its field). */
const sentCategoryFields = category.extend({ subcategories: z.array(z.union([subcategory, compactSubcategory])) });

function wholeCategoryOf(sent: z.infer<typeof sentCategoryFields>): Category {
  const subcategories = sent.subcategories.map((s) => {
    if (!Array.isArray(s)) return s;
    const [id, name, status, brandsCount, equipmentsCount] = s;
    return { id, name, category_id: sent.id, status, brands_count: brandsCount, equipments_count: equipmentsCount };
  });
  return { ...sent, subcategories };
}

/** A category of GET /api/categories as sent, whole or compact; read always whole, so clients see one shape. */
const sentCategory = z.codec(sentCategoryFields, category, { decode: wholeCategoryOf, encode: (whole) => whole });

/** How many brands / events a scoped GET /api/categories embeds; the paged calls give the rest. */
export const embeddedBrandsLimit = 100;
export const embeddedEventsLimit = 100;

/**
 * GET /api/categories. The spec's answer carries brands, events and statuses too; this server sends the brands
 * of `subcategory_id` (the first 100 by name, each with its first models) and the events of `category_id` (the
 * first 100 by start date) when asked (scoped extension), and empty lists otherwise, so the SPA never downloads
 * the whole catalogue. `brands_total` / `events_total` count them all: when larger than the list, page through
 * GET /api/brands / GET /api/events. `statuses` holds the category and subcategory statuses and those of the
 * embedded brands (GET /api/statuses has every one).
 */
export const categoriesQuery = z.object({
  subcategory_id: idField.optional(),
  category_id: idField.optional(),
  /**
   * Extension: `statuses=false` answers `statuses` empty: the SPA's header wants the tree alone (each category and
   * subcategory carries its own status name; GET /api/statuses serves the records). At catalogue scale the list is
   * most of the answer (208 of 327 kB).
   */
  statuses: queryFlag(true),
  /** Extension: `compact=true` sends each subcategory as a row (`compactSubcategory`); the SPA's header asks it so. */
  compact: queryFlag(false),
});
export const categoriesAnswer = z.object({
  categories: z.array(sentCategory),
  brands: z.array(brand).default([]),
  events: z.array(event).default([]),
  statuses: z.array(statusRecord).default([]),
  brands_total: z.number().int().optional(),
  events_total: z.number().int().optional(),
  equipments: z.array(equipment).optional(),
  equipments_statuses: z.array(statusRecord).optional(),
});
export type CategoriesAnswer = z.infer<typeof categoriesAnswer>;

/**
 * GET /api/categories-with-subcategories. The spec's `equipments` (each with its subcategory's name) is scoped
 * here: with `subcategory_id` it holds that subcategory's first 100 models, otherwise none (subcategories carry
 * `equipments_count`; GET /api/equipments pages through the models).
 */
export const categoriesWithSubcategoriesQuery = z.object({ subcategory_id: idField.optional() });
export const categoriesWithSubcategoriesAnswer = z.object({
  categories: z.array(category),
  equipments: z.array(equipment.extend({ subcategory: z.string() })).default([]),
});

/** POST /api/categories/update and POST /api/subcategories/update */
export const renameBody = z.object({ id: idField, name: catalogueName });
export type RenameBody = z.infer<typeof renameBody>;

/** POST /api/equipments/subcategory/update */
export const moveSubcategoryBody = z.object({ subcategoryId: idField, newCategoryId: idField });
export type MoveSubcategoryBody = z.infer<typeof moveSubcategoryBody>;

/** POST /api/subcategory/update-category (the spec's unused variant; newCategory is an id) */
export const moveSubcategoryVariantBody = z.object({ subcategoryId: idField, newCategory: idField });

/** The success texts (docs/product.md#messages-and-errors). */
export const categoryUpdatedMessage = 'Category updated successfully!';
export const subcategoryUpdatedMessage = 'Subcategory updated successfully!';

/**
 * A rename's refusal when a sibling (another category; another subcategory of the same category) already has the
 * name, compared case-insensitively: the 422's message and its `errors.name`, shown at the name field.
 */
export const duplicateCategoryNameMessage = (sibling: string) => `A category named "${sibling}" already exists.`;
export const duplicateSubcategoryNameMessage = (sibling: string) => `This category already has a subcategory named "${sibling}".`;

/** The answer of a rename or a move: the message, and the renamed category or the renamed/moved subcategory. */
export const renameAnswer = z.object({
  message: z.string(),
  category: category.omit({ subcategories: true }).optional(),
  subcategory: subcategory.optional(),
});
export type RenameAnswer = z.infer<typeof renameAnswer>;

export const categoriesApi = {
  list: endpoint({
    name: 'categories.list',
    method: 'GET',
    path: '/api/categories',
    summary: 'The category tree with statuses; scoped, the brands of a subcategory and the events of a category.',
    query: categoriesQuery,
    answer: categoriesAnswer,
  }),
  withSubcategories: endpoint({
    name: 'categories.withSubcategories',
    method: 'GET',
    path: '/api/categories-with-subcategories',
    summary: 'The category tree; scoped, the first models of a subcategory.',
    query: categoriesWithSubcategoriesQuery,
    answer: categoriesWithSubcategoriesAnswer,
  }),
  renameCategory: endpoint({
    name: 'categories.renameCategory',
    method: 'POST',
    path: '/api/categories/update',
    summary: 'Renames a category.',
    body: renameBody,
    answer: renameAnswer,
    announces: [realtimeEvents.updateCategory],
  }),
  renameSubcategory: endpoint({
    name: 'categories.renameSubcategory',
    method: 'POST',
    path: '/api/subcategories/update',
    summary: 'Renames a subcategory.',
    body: renameBody,
    answer: renameAnswer,
    announces: [realtimeEvents.updateSubcategory],
  }),
  moveSubcategory: endpoint({
    name: 'categories.moveSubcategory',
    method: 'POST',
    path: '/api/equipments/subcategory/update',
    summary: 'Moves a subcategory to another category.',
    body: moveSubcategoryBody,
    answer: renameAnswer,
    announces: [realtimeEvents.updateSubcategory],
  }),
  moveSubcategoryVariant: endpoint({
    name: 'categories.moveSubcategoryVariant',
    method: 'POST',
    path: '/api/subcategory/update-category',
    summary: "Moves a subcategory to another category (the spec's variant: newCategory is an id).",
    body: moveSubcategoryVariantBody,
    answer: renameAnswer,
    announces: [realtimeEvents.updateSubcategory],
  }),
} as const;
