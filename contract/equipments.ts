import { z } from 'zod';
import { idField } from './http';
import { catalogueText, idQuery, listOrWrapped, pageLimit, pageOffset, searchQuery } from './text';

/**
 * Tags arrive as a list or as comma-separated text (SPEC 3); the canonical shape is a list. A codec, so that the
 * server can send (encode) the list and every client parses (decodes) either shape.
 */
export const tags = z.codec(z.union([z.array(z.string()), z.string()]).nullable(), z.array(z.string()), {
  decode: (value) =>
    value == null ? [] : Array.isArray(value) ? value : value.split(',').map((t) => t.trim()).filter(Boolean),
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
});
export type Equipment = z.infer<typeof equipment>;

/**
 * GET /api/equipments?subcategory={name} (SPEC 7). Extensions: `subcategory_id` or `brand_id` instead of the
 * name, and `offset`/`limit` paging (default the first 100, at most 1000 a call); `total` counts them all.
 * Sorted by brand, then model.
 */
export const equipmentsQuery = z
  .object({
    subcategory: catalogueText(255).pipe(z.string().trim().min(1)).optional(),
    subcategory_id: idQuery.optional(),
    brand_id: idQuery.optional(),
    offset: pageOffset,
    limit: pageLimit(1000, 100),
  })
  .refine((q) => q.subcategory != null || q.subcategory_id != null || q.brand_id != null, {
    message: 'A subcategory is required.',
    path: ['subcategory'],
  });
export type EquipmentsQuery = z.infer<typeof equipmentsQuery>;
export const equipmentsAnswer = z.object({ equipments: z.array(equipment), total: z.number().int().optional() });

/** POST /api/equipments/update: the full edited row */
export const yearField = z
  .union([z.number(), z.string().regex(/^\d{1,4}$/).transform(Number)])
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
  z.object({ category: z.string().min(1).max(255), subcategory: z.string().min(1).max(255), brands: z.array(idField).min(1).max(1000) }),
]);

/** POST /api/equipments/generate-models */
export const generateModelsBody = z.object({ brand: idField, subcategory_id: idField });
export const generateModelsAnswer = z.object({ models: z.array(equipment) });

/**
 * GET /api/equipments/brands?subcategory_id= (SPEC 7). Extensions: `q` (name contains, case-insensitive) and
 * `offset`/`limit` (default the first 200 by name, at most 5000 a call), since a subcategory may hold 20,000.
 */
export const equipmentBrandsQuery = z.object({
  subcategory_id: idQuery,
  q: searchQuery,
  offset: pageOffset,
  limit: pageLimit(5000, 200),
});
export const equipmentBrand = z.object({ id: z.number().int(), name: z.string(), status: z.string().nullable() });
export type EquipmentBrand = z.infer<typeof equipmentBrand>;
/** "brands or a list": the server sends { brands }, the client accepts both and reads a list. */
export const equipmentBrandsAnswer = listOrWrapped(equipmentBrand, 'brands', 'wrapped');

/** POST /api/equipments/exclusions/{id}: exclude one model; DELETE the same path un-excludes it. */
export const equipmentExclusionPathParams = z.object({ id: idQuery });
