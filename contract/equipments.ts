import { z } from 'zod';
import { idField } from './ids';
import { catalogueText, clientText, listOrWrapped, pageLimit, pageOffset, searchQuery } from './text';
import { endpoint } from './endpoint';
import { generateAnswer, generateEquipmentsFilter } from './generation';
import { realtimeEvents } from './realtime';
import { reviewFilter, rowReview } from './review';

/**
 * Tags arrive as a list or as comma-separated text (docs/product.md#data); the canonical shape is a list. A codec, so that the
 * server can send (encode) the list and every client parses (decodes) either shape.
 */
export const tags = z.codec(z.union([z.array(z.string()), z.string()]).nullable(), z.array(z.string()), {
  decode: (value) =>
    value == null
      ? []
      : Array.isArray(value)
        ? value
        : value
            .split(',')
            .map((t) => t.trim())
            .filter(Boolean),
  encode: (value) => value,
});

export const equipment = z.object({
  id: z.number().int(),
  category_id: z.number().int(),
  subcategory_id: z.number().int(),
  /** The category's and the subcategory's names. */
  category: z.string(),
  subcategory: z.string(),
  brand_id: z.number().int().nullable(),
  brand: z.string(),
  model: z.string(),
  year: z.number().int().nullable(),
  specifications: z.string().nullable(),
  description: z.string().nullable(),
  tags,
  is_manufactured: z.boolean(),
  is_brand_still_manufactured: z.boolean(),
  seo_title: z.string().nullable(),
  seo_description: z.string().nullable(),
  excluded: z.boolean().default(false),
  created_at: z.string(),
  /** Extension: the model's review (docs/decisions/0025-review-of-generated-items.md); the grids and export show it. */
  review: rowReview.optional(),
});
export type Equipment = z.infer<typeof equipment>;

/**
 * Keyset paging of GET /api/equipments: the page after a row is named by that row's brand, model and id (the list's
 * order), as JSON text. The client passes back the answer's `next_cursor` unread; a page found this way costs the
 * same at the 100,000th row as at the first, where an offset makes the database step over every row before it.
 */
const equipmentsCursorValue = z.tuple([clientText.max(255), clientText.max(255), idField]);
export type EquipmentsCursor = z.infer<typeof equipmentsCursorValue>;
export const equipmentsCursor = clientText.max(1200).transform((text, context): EquipmentsCursor => {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    value = undefined;
  }
  const parsed = equipmentsCursorValue.safeParse(value);
  if (parsed.success) return parsed.data;
  context.addIssue({ code: 'custom', message: 'Invalid cursor: pass back a next_cursor as it came.' });
  return z.NEVER;
});
export const encodeEquipmentsCursor = (row: { brand: string; model: string; id: number }): string =>
  JSON.stringify([row.brand, row.model, row.id]);

/**
 * GET /api/equipments?subcategory={name} (docs/product.md#calls). Extensions: `subcategory_id` or `brand_id` instead of the
 * name, and paging: `offset`/`limit` (default the first 100, at most 1000 a call) or `after` (the previous answer's
 * `next_cursor`, then `offset` counts from there); `total` counts them all. Sorted by brand, then model.
 */
export const equipmentsQuery = z
  .object({
    subcategory: catalogueText(255).pipe(z.string().trim().min(1)).optional(),
    subcategory_id: idField.optional(),
    brand_id: idField.optional(),
    /** Only the models in this review state (absent: every model). */
    review: reviewFilter,
    after: equipmentsCursor.optional(),
    offset: pageOffset,
    limit: pageLimit(1000, 100),
  })
  .refine((q) => q.subcategory != null || q.subcategory_id != null || q.brand_id != null, {
    message: 'A subcategory is required.',
    path: ['subcategory'],
  });
export type EquipmentsQuery = z.infer<typeof equipmentsQuery>;
/** `next_cursor`: the `after` of the next page, null on the last page (an extension; absent from other servers). */
export const equipmentsAnswer = z.object({
  equipments: z.array(equipment),
  total: z.number().int().optional(),
  next_cursor: z.string().nullable().optional(),
});

/** POST /api/equipments/update: the full edited row */
export const yearField = z
  .union([z.number(), clientText.regex(/^\d{1,4}$/)])
  .transform(Number)
  .pipe(z.number().int().min(1800, 'The year must be 1800 or later.').max(2100, 'The year must be 2100 or earlier.'))
  .nullable();
export const updateEquipmentBody = z.object({
  id: idField,
  category_id: idField,
  subcategory_id: idField,
  brand: catalogueText(255).pipe(z.string().trim().min(1, 'The brand is required.')),
  model: catalogueText(255).pipe(z.string().trim().min(1, 'The model is required.')),
  year: yearField,
  specifications: catalogueText(10_000).nullable(),
  description: catalogueText(10_000).nullable(),
  tags: z.union([z.array(catalogueText(100)).max(50), catalogueText(5_000)]).nullable(),
  is_manufactured: z.boolean(),
  is_brand_still_manufactured: z.boolean(),
  seo_title: catalogueText(255).nullable(),
  seo_description: catalogueText(1_000).nullable(),
});
export type UpdateEquipmentBody = z.input<typeof updateEquipmentBody>;
/** The row as the server now has it. */
export const updateEquipmentAnswer = equipment;

/** POST /api/equipments/generate (the older use sends category and subcategory as names) */
export const generateEquipmentsBody = z.union([
  z.object({ subcategory_id: idField, brands: z.array(idField).min(1, 'Select at least one brand.').max(1000) }),
  z.object({ category: clientText.min(1).max(255), subcategory: clientText.min(1).max(255), brands: z.array(idField).min(1).max(1000) }),
  /**
   * Extension (docs/decisions/0014-generate-for-all-matching.md): every brand of the subcategory whose name contains `q` (the brands grid's "Select
   * all N matching"), resolved on the server as GET /api/brands reads the filter. Excluded brands and brands with a
   * run under way are skipped and counted; above `generateAllMatchingLimit` brands it is refused (422).
   * See docs/decisions/0014-generate-for-all-matching.md.
   */
  z.strictObject({ subcategory_id: idField, filter: generateEquipmentsFilter }),
]);

/** POST /api/equipments/generate's answer: the original { success, message } (docs/product.md#calls), and what it queued and skipped. */
export const generateEquipmentsAnswer = generateAnswer.extend({
  queued: z.number().int().nonnegative(),
  skipped: z.object({
    /** Excluded brands (never generated). */
    excluded: z.number().int().nonnegative(),
    /** Brands with a run already under way. */
    running: z.number().int().nonnegative(),
  }),
});
export type GenerateEquipmentsAnswer = z.infer<typeof generateEquipmentsAnswer>;

/** POST /api/equipments/generate-models */
export const generateModelsBody = z.object({ brand: idField, subcategory_id: idField });
export const generateModelsAnswer = z.object({ models: z.array(equipment) });

/**
 * GET /api/equipments/brands?subcategory_id= (docs/product.md#calls). Extensions: `q` (name contains, case-insensitive) and
 * `offset`/`limit` (default the first 200 by name, at most 5000 a call), since a subcategory may hold 20,000.
 */
export const equipmentBrandsQuery = z.object({
  subcategory_id: idField,
  q: searchQuery,
  offset: pageOffset,
  limit: pageLimit(5000, 200),
});
export const equipmentBrand = z.object({ id: z.number().int(), name: z.string(), status: z.string().nullable() });
export type EquipmentBrand = z.infer<typeof equipmentBrand>;
/** "brands or a list": the server sends { brands }, the client accepts both and reads a list. */
export const equipmentBrandsAnswer = listOrWrapped(equipmentBrand, 'brands', 'wrapped');

/** POST /api/equipments/exclusions/{id}: exclude one model; DELETE the same path un-excludes it. */
export const equipmentExclusionPathParams = z.object({ id: idField });

export const equipmentsApi = {
  list: endpoint({
    name: 'equipments.list',
    method: 'GET',
    path: '/api/equipments',
    summary: 'The models of a subcategory (by name or id) or of a brand, a page at a time, by brand then model.',
    query: equipmentsQuery,
    answer: equipmentsAnswer,
  }),
  update: endpoint({
    name: 'equipments.update',
    method: 'POST',
    path: '/api/equipments/update',
    summary: 'Saves an edited model (the full row); answers the row as stored.',
    body: updateEquipmentBody,
    answer: updateEquipmentAnswer,
    announces: [realtimeEvents.statusesChanged],
  }),
  brands: endpoint({
    name: 'equipments.brands',
    method: 'GET',
    path: '/api/equipments/brands',
    summary: "A subcategory's brands with their equipment-generation status.",
    query: equipmentBrandsQuery,
    answer: equipmentBrandsAnswer,
  }),
  generate: endpoint({
    name: 'equipments.generate',
    method: 'POST',
    path: '/api/equipments/generate',
    summary: 'Queues a run that generates the models of each selected brand; tokens are held until each ends.',
    body: generateEquipmentsBody,
    answer: generateEquipmentsAnswer,
    announces: [realtimeEvents.changeAnyStatus, realtimeEvents.changeTokens, realtimeEvents.statusesChanged],
  }),
  generateModels: endpoint({
    name: 'equipments.generateModels',
    method: 'POST',
    path: '/api/equipments/generate-models',
    summary: "Generates one brand's models and answers them once the run ends.",
    body: generateModelsBody,
    answer: generateModelsAnswer,
    announces: [realtimeEvents.changeAnyStatus, realtimeEvents.changeTokens, realtimeEvents.updateBrand, realtimeEvents.statusesChanged],
  }),
} as const;
