import { z } from 'zod';
import { brand } from './brands';
import { equipment } from './equipments';
import { catalogueText, listOrWrapped, pageLimit, pageOffset } from './text';
import { excludeBrandBody } from './brands';
import { endpoint } from './endpoint';
import { equipmentExclusionPathParams } from './equipments';
import { exclusionChangeAnswer } from './exclusion-changes';
import { idParams } from './ids';
import { realtimeEvents } from './realtime';

/**
 * An exclusion's id is the excluded equipment's (or brand's) id. The lists are "list" in docs/product.md#calls: the server sends
 * a plain list (newest exclusion first), the client also accepts `{ exclusions: [...] }`.
 */
const listOf = <T extends z.ZodType>(item: T) => listOrWrapped(item, 'exclusions', 'list');

/**
 * GET /api/equipments/exclusions and GET /api/brands/exclusions. Extension: `offset`/`limit` (default the first
 * 100, at most 1000 a call); the `x-total-count` header counts them all.
 */
export const exclusionsQuery = z.object({ offset: pageOffset, limit: pageLimit(1000, 100) });

/**
 * Extension, on both lists: who excluded the row (the operator's name, else their email; null when unknown: a
 * seeded exclusion, a deleted operator) and when (ISO 8601). Optional, so an answer without them still reads.
 */
const exclusionAuthorship = {
  excluded_by: z.string().nullable().optional(),
  excluded_at: z.string().optional(),
};
export type ExclusionAuthorship = { excluded_by: string | null; excluded_at: string };

/** GET /api/equipments/exclusions: excluded models with their equipment fields. */
export const equipmentExclusion = equipment.extend(exclusionAuthorship);
export type EquipmentExclusion = z.infer<typeof equipmentExclusion>;
export const equipmentExclusionsAnswer = listOf(equipmentExclusion);

/** GET /api/brands/exclusions: excluded brands. */
export const brandExclusion = brand.extend(exclusionAuthorship);
export type BrandExclusion = z.infer<typeof brandExclusion>;
export const brandExclusionsAnswer = listOf(brandExclusion);

/**
 * The token-era removal (docs/product.md#calls, the last exclusions call): the original client POSTs to
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

/**
 * The success texts (docs/product.md#messages-and-errors), answered as `{ message }`; with `undo`, the change to undo (contract/exclusion-changes.ts).
 */
export const exclusionMessages = {
  modelAdded: (brandName: string, model: string) => `${brandName} - ${model} added to the exclusion list.`,
  brandAdded: (brandName: string) => `${brandName} added to the exclusion list.`,
  modelRemoved: (brandName: string, model: string) => `${brandName} - ${model} removed from the exclusion list.`,
  itemRemoved: (item: string) => `${item} removed from exclusion list.`,
} as const;

export const exclusionsApi = {
  equipments: endpoint({
    name: 'exclusions.equipments',
    method: 'GET',
    path: '/api/equipments/exclusions',
    summary: 'The excluded models, newest exclusion first; x-total-count counts them all.',
    query: exclusionsQuery,
    answer: equipmentExclusionsAnswer,
  }),
  excludeEquipment: endpoint({
    name: 'exclusions.excludeEquipment',
    method: 'POST',
    path: '/api/equipments/exclusions/:id',
    summary: 'Excludes one model.',
    params: equipmentExclusionPathParams,
    answer: exclusionChangeAnswer,
    announces: [realtimeEvents.statusesChanged],
  }),
  unexcludeEquipment: endpoint({
    name: 'exclusions.unexcludeEquipment',
    method: 'DELETE',
    path: '/api/equipments/exclusions/:id',
    summary: 'Un-excludes one model.',
    params: equipmentExclusionPathParams,
    answer: exclusionChangeAnswer,
    announces: [realtimeEvents.statusesChanged],
  }),
  // The token-era removal: the original client leaves `{id}` unsubstituted in the path (sent as %7Bid%7D) and
  // names the model in the body. A static path, so the numeric route above never sees (and refuses) it.
  unexcludeEquipmentByName: endpoint({
    name: 'exclusions.unexcludeEquipmentByName',
    method: 'POST',
    path: '/api/equipments/exclusions/{id}',
    summary: "Un-excludes every model of a brand and model name (the token-era client's call, braces left in the path).",
    body: removeExclusionByNameBody,
    answer: exclusionChangeAnswer,
    announces: [realtimeEvents.statusesChanged],
  }),
  removeEquipmentByName: endpoint({
    name: 'exclusions.removeEquipmentByName',
    method: 'POST',
    path: '/api/equipments/exclusions/remove',
    summary: 'Un-excludes every model of a brand and model name.',
    body: removeExclusionByNameBody,
    answer: exclusionChangeAnswer,
    announces: [realtimeEvents.statusesChanged],
  }),
  brands: endpoint({
    name: 'exclusions.brands',
    method: 'GET',
    path: '/api/brands/exclusions',
    summary: 'The excluded brands, newest exclusion first; x-total-count counts them all.',
    query: exclusionsQuery,
    answer: brandExclusionsAnswer,
  }),
  excludeBrand: endpoint({
    name: 'exclusions.excludeBrand',
    method: 'POST',
    path: '/api/brands/exclusions',
    summary: 'Excludes a brand by name (subcategory_id says which when several share it).',
    body: excludeBrandBody,
    answer: exclusionChangeAnswer,
    announces: [realtimeEvents.updateBrand],
  }),
  unexcludeBrand: endpoint({
    name: 'exclusions.unexcludeBrand',
    method: 'DELETE',
    path: '/api/brands/exclusions/:id',
    summary: 'Un-excludes a brand.',
    params: idParams,
    answer: exclusionChangeAnswer,
    announces: [realtimeEvents.updateBrand],
  }),
} as const;
