import { z } from 'zod';
import { idField } from './http';

/** Tags arrive as a list or as comma-separated text (SPEC 3); the canonical shape is a list. */
export const tags = z
  .union([z.array(z.string()), z.string()])
  .nullable()
  .transform((value) =>
    value == null ? [] : Array.isArray(value) ? value : value.split(',').map((t) => t.trim()).filter(Boolean),
  );

export const equipment = z.object({
  id: z.number().int(),
  category_id: z.number().int(),
  subcategory_id: z.number().int(),
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

/** GET /api/equipments?subcategory={name} (subcategory_id, offset and limit are extensions) */
export const equipmentsQuery = z
  .object({
    subcategory: z.string().trim().min(1).max(255).optional(),
    subcategory_id: z.coerce.number().int().positive().optional(),
    brand_id: z.coerce.number().int().positive().optional(),
    offset: z.coerce.number().int().min(0).default(0),
    limit: z.coerce.number().int().min(1).max(1000).default(500),
  })
  .refine((q) => q.subcategory != null || q.subcategory_id != null || q.brand_id != null, {
    message: 'A subcategory is required.',
    path: ['subcategory'],
  });
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
  brand: z.string().trim().min(1, 'The brand is required.').max(255),
  model: z.string().trim().min(1, 'The model is required.').max(255),
  year: yearField,
  specifications: z.string().max(10_000).nullable(),
  description: z.string().max(10_000).nullable(),
  tags: z.union([z.array(z.string().max(100)).max(50), z.string().max(5_000)]).nullable(),
  is_manufactured: z.boolean(),
  is_brand_still_manufactured: z.boolean(),
  seo_title: z.string().max(255).nullable(),
  seo_description: z.string().max(1_000).nullable(),
});
export type UpdateEquipmentBody = z.input<typeof updateEquipmentBody>;
export const updateEquipmentAnswer = equipment;

/** POST /api/equipments/generate (the older use sends category and subcategory as names) */
export const generateEquipmentsBody = z.union([
  z.object({ subcategory_id: idField, brands: z.array(idField).min(1, 'Select at least one brand.').max(1000) }),
  z.object({ category: z.string().min(1).max(255), subcategory: z.string().min(1).max(255), brands: z.array(idField).min(1).max(1000) }),
]);

/** POST /api/equipments/generate-models */
export const generateModelsBody = z.object({ brand: idField, subcategory_id: idField });
export const generateModelsAnswer = z.object({ models: z.array(equipment) });

/** GET /api/equipments/brands?subcategory_id= */
export const equipmentBrandsQuery = z.object({ subcategory_id: z.coerce.number().int().positive() });
export const equipmentBrand = z.object({ id: z.number().int(), name: z.string(), status: z.string().nullable() });
/** "brands or a list": the server sends { brands }, the client accepts both. */
export const equipmentBrandsAnswer = z
  .union([z.object({ brands: z.array(equipmentBrand) }), z.array(equipmentBrand)])
  .transform((value) => (Array.isArray(value) ? value : value.brands));

/** POST /api/equipments/exclusions/{id}: exclude one model; DELETE the same path un-excludes it. */
export const equipmentExclusionPathParams = z.object({ id: z.coerce.number().int().positive() });
