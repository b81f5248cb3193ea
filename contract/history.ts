import { z } from 'zod';
import { catalogueText, listOrWrapped } from './text';
import { endpoint } from './endpoint';
import { idField } from './ids';
import { runFigures } from './review';
import { runOutcomeFields } from './runs';

/** One generation run with its token cost: the entries of every history call, newest first. */
export const generationHistoryEntry = z.object({
  id: z.number().int(),
  type: z.enum(['Events', 'Brands', 'Equipments']),
  category: z.object({ id: z.number().int(), name: z.string() }),
  subcategory: z.object({ id: z.number().int(), name: z.string() }).nullable().optional(),
  brand_id: z.number().int().nullable().optional(),
  /** The brand an equipment run was for (extension), or null. */
  brand: z.object({ id: z.number().int(), name: z.string() }).nullable().optional(),
  input_tokens: z.number().int(),
  output_tokens: z.number().int(),
  total_tokens: z.number().int(),
  equipments_generated: z.number().int(),
  /** How many new items the run stored, whatever their kind: events, brands or models (extension). */
  items_added: z.number().int().optional(),
  /** What the run was charged, and what its answer came to (extension: docs/decisions/0019-one-charging-rule.md). */
  charged_tokens: z.number().int().optional(),
  items_proposed: runOutcomeFields.items_proposed.optional(),
  items_known: runOutcomeFields.items_known.optional(),
  items_dropped: runOutcomeFields.items_dropped.optional(),
  dropped_reasons: runOutcomeFields.dropped_reasons.optional(),
  charge_basis: runOutcomeFields.charge_basis.optional(),
  /** What the run gave, with its items accepted and rejected so far (extension: contract/review.ts). */
  figures: runFigures.optional(),
  provider_model: z.string().nullable().optional(),
  prompt_version: z.string().nullable().optional(),
  status: z.string(),
  /** HTML: sanitise before rendering. */
  message: z.string().nullable(),
  created_at: z.string(),
});
export type GenerationHistoryEntry = z.infer<typeof generationHistoryEntry>;

/** At most this many entries are answered by a history call (the newest). */
export const historyLimit = 100;

/** "list" (docs/product.md#calls): the server sends a plain list; the client also accepts `{ history: [...] }`. */
export const historyListAnswer = listOrWrapped(generationHistoryEntry, 'history', 'list');

export const historyType = z.enum(['Events', 'Equipments']);
/**
 * GET /api/history: type Events -> the event runs of `category_id`; type Equipments -> the brand and equipment
 * runs of `subcategory_id` (or of every subcategory of `category_id`).
 */
export const historyQuery = z.object({
  subcategory_id: idField.optional(),
  category_id: idField.optional(),
  type: historyType,
});
const subcategoryName = catalogueText(255).pipe(z.string().trim().min(1, 'The subcategory is required.'));
/** GET /api/equipment-generation-history: the equipment runs of the subcategories of that name. */
export const equipmentHistoryQuery = z.object({ subcategory: subcategoryName });
/** GET /api/brand-generation-history: a brand's equipment runs, or (without brand_id) the subcategory's brand runs. */
export const brandHistoryQuery = z.object({
  subcategory_id: idField,
  brand_id: idField.optional(),
});
/** GET /api/equipments/history: "a list or an object with brands"; the server sends { brands }. */
export const equipmentsHistoryQuery = z.object({ subcategory: subcategoryName.optional() });
export const equipmentsHistoryAnswer = listOrWrapped(generationHistoryEntry, 'brands', 'wrapped');
/** GET /api/brands/history: every brand generation run (a list). */
export const brandsHistoryAnswer = historyListAnswer;

export const historyApi = {
  list: endpoint({
    name: 'history.list',
    method: 'GET',
    path: '/api/history',
    summary: 'The event runs of a category, or the brand and equipment runs of a subcategory, newest first.',
    query: historyQuery,
    answer: historyListAnswer,
  }),
  equipmentGeneration: endpoint({
    name: 'history.equipmentGeneration',
    method: 'GET',
    path: '/api/equipment-generation-history',
    summary: 'The equipment runs of the subcategories of a name.',
    query: equipmentHistoryQuery,
    answer: historyListAnswer,
  }),
  equipments: endpoint({
    name: 'history.equipments',
    method: 'GET',
    path: '/api/equipments/history',
    summary: 'The equipment runs, of a subcategory name on request, as { brands }.',
    query: equipmentsHistoryQuery,
    answer: equipmentsHistoryAnswer,
  }),
  brandGeneration: endpoint({
    name: 'history.brandGeneration',
    method: 'GET',
    path: '/api/brand-generation-history',
    summary: "A brand's equipment runs, or a subcategory's brand runs.",
    query: brandHistoryQuery,
    answer: historyListAnswer,
  }),
  brands: endpoint({
    name: 'history.brands',
    method: 'GET',
    path: '/api/brands/history',
    summary: 'Every brand generation run.',
    answer: brandsHistoryAnswer,
  }),
} as const;
