import { z } from 'zod';
import { brand } from './brands';
import { equipment } from './equipments';
import { catalogueText, listOrWrapped, pageLimit, pageOffset } from './text';

/**
 * An exclusion's id is the excluded equipment's (or brand's) id. The lists are "list" in SPEC 7: the server sends
 * a plain list (newest exclusion first), the client also accepts `{ exclusions: [...] }`.
 */
const listOf = <T extends z.ZodType>(item: T) => listOrWrapped(item, 'exclusions', 'list');

/**
 * GET /api/equipments/exclusions and GET /api/brands/exclusions. Extension: `offset`/`limit` (default the first
 * 100, at most 1000 a call); the `x-total-count` header counts them all.
 */
export const exclusionsQuery = z.object({ offset: pageOffset, limit: pageLimit(1000, 100) });

/** GET /api/equipments/exclusions: excluded models with their equipment fields. */
export const equipmentExclusion = equipment;
export const equipmentExclusionsAnswer = listOf(equipmentExclusion);

/** GET /api/brands/exclusions: excluded brands. */
export const brandExclusion = brand;
export const brandExclusionsAnswer = listOf(brandExclusion);

/**
 * The token-era removal (SPEC 7, last row of "Exclusions"): the original client POSTs to
 * `/api/equipments/exclusions/{id}` with the braces left literally in the path (URL-encoded `%7Bid%7D`) and
 * `{ data: { brand, model } }`; the server un-excludes every model of that brand and model name.
 * `POST /api/equipments/exclusions/remove` takes the same body.
 */
export const removeExclusionByNameBody = z.object({
  data: z.object({
    brand: catalogueText(255).pipe(z.string().trim().min(1, 'The brand is required.')),
    model: catalogueText(255).pipe(z.string().trim().min(1, 'The model is required.')),
  }),
});
export type RemoveExclusionByNameBody = z.infer<typeof removeExclusionByNameBody>;

/** The success texts (SPEC 8), answered as `{ message }`. */
export const exclusionMessages = {
  modelAdded: (brandName: string, model: string) => `${brandName} - ${model} added to the exclusion list.`,
  brandAdded: (brandName: string) => `${brandName} added to the exclusion list.`,
  modelRemoved: (brandName: string, model: string) => `${brandName} - ${model} removed from the exclusion list.`,
  itemRemoved: (item: string) => `${item} removed from exclusion list.`,
} as const;
