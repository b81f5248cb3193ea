import { z } from 'zod';
import { brand } from './brands';
import { equipment } from './equipments';

/** GET /api/equipments/exclusions: excluded models with their equipment fields. */
export const equipmentExclusion = equipment;
export const equipmentExclusionsAnswer = z
  .union([z.object({ exclusions: z.array(equipmentExclusion) }), z.array(equipmentExclusion)])
  .transform((value) => (Array.isArray(value) ? value : value.exclusions));

/** GET /api/brands/exclusions: excluded brands. */
export const brandExclusion = brand;
export const brandExclusionsAnswer = z
  .union([z.object({ exclusions: z.array(brandExclusion) }), z.array(brandExclusion)])
  .transform((value) => (Array.isArray(value) ? value : value.exclusions));

/** The token-era removal: POST /api/equipments/exclusions/remove with data{brand, model} (the spec's literal {id}). */
export const removeExclusionByNameBody = z.object({
  data: z.object({ brand: z.string().trim().min(1).max(255), model: z.string().trim().min(1).max(255) }),
});
