import { z } from 'zod';
import { queryFlag } from './text';
import { endpoint } from './endpoint';
import { idField } from './ids';
import { statusNames } from './status-names';

export { statusNames };

export type StatusTone = 'yellow' | 'green' | 'red' | 'grey';
/** The badge colour of a status (docs/product.md#statuses); anything unknown is grey. */
export function statusTone(name: string | null | undefined): StatusTone {
  switch (name) {
    case statusNames.inProgress:
      return 'yellow';
    case statusNames.generated:
    case statusNames.noNewResults:
      return 'green';
    case statusNames.failed:
    case statusNames.insufficientTokens:
      return 'red';
    case statusNames.cancelled:
    default:
      return 'grey';
  }
}

export const notGeneratedStatus = {
  name: 'Not Generated',
  message: 'No generation has been performed for this brand.',
} as const;

/** The model classes a status belongs to (docs/product.md#data). */
export const modelTypes = { event: 'App\\Models\\Event', brand: 'App\\Models\\Brand', equipment: 'App\\Models\\Equipment' } as const;

export const statusRecord = z.object({
  id: z.number().int(),
  name: z.string(),
  message: z.string().nullable(),
  brand_id: z.number().int().nullable(),
  subcategory_id: z.number().int().nullable(),
  category_id: z.number().int().nullable(),
  model_type: z.string(),
  brand: z.object({ id: z.number().int(), name: z.string() }).nullable().optional(),
  updated_at: z.string().optional(),
});
export type StatusRecord = z.infer<typeof statusRecord>;

/**
 * GET /api/statuses. Extension: `per_brand=false` leaves out the per-brand equipment statuses (one per brand ever
 * generated for; GET /api/equipments/statuses serves them scoped), keeping the category and subcategory ones: what the
 * app loads on start-up.
 */
export const statusesQuery = z.object({
  per_brand: queryFlag(true),
  /**
   * Extension: `records=false` answers `statuses` empty, with `in_progress`: the SPA's header wants the count alone
   * (the tree carries each category's and subcategory's status name). At catalogue scale the records are 208 kB.
   */
  records: queryFlag(true),
  /**
   * Extension: `category_id` narrows the records to that category's event statuses and `subcategory_id` to that
   * subcategory's brand statuses (both: either): the empty events and brands screens show one of them with its message,
   * where every record of the tree is 208 kB at catalogue scale.
   */
  category_id: idField.optional(),
  subcategory_id: idField.optional(),
});
/** The records GET /api/statuses narrows to (extension). */
export type StatusRecordsScope = Pick<z.input<typeof statusesQuery>, 'category_id' | 'subcategory_id'>;
export const statusesAnswer = z.object({
  statuses: z.array(statusRecord),
  /**
   * Extension: how many statuses of any kind (per-brand ones included, whatever `per_brand` says) are In Progress:
   * the generating flag (docs/product.md#statuses) is `in_progress > 0`.
   */
  in_progress: z.number().int().optional(),
});
export type StatusesAnswer = z.infer<typeof statusesAnswer>;
/**
 * GET /api/equipments/statuses. Extension: `subcategory_id` (that subcategory's brands) or `category_id` (the brands
 * of its subcategories) - a screen showing one subcategory need not download every brand's status.
 */
export const equipmentStatusesQuery = z.object({
  subcategory_id: idField.optional(),
  category_id: idField.optional(),
  /**
   * Extension: `per_subcategory=true` answers one record per subcategory, the one its row shows (docs/product.md#equipments-screen): an In Progress one while any of its brands is generating, otherwise its most recently updated one.
   * The equipments screen's call: a category's every brand status is 508 kB at catalogue scale.
   */
  per_subcategory: queryFlag(false),
});
export type EquipmentStatusesScope = z.input<typeof equipmentStatusesQuery>;
export const equipmentStatusesAnswer = z.object({ statuses: z.array(statusRecord) });

export const statusesApi = {
  list: endpoint({
    name: 'statuses.list',
    method: 'GET',
    path: '/api/statuses',
    summary: 'Every generation status, and how many runs are in progress.',
    query: statusesQuery,
    answer: statusesAnswer,
  }),
  equipments: endpoint({
    name: 'statuses.equipments',
    method: 'GET',
    path: '/api/equipments/statuses',
    summary: "The brands' equipment-generation statuses, scoped to a subcategory or a category on request.",
    query: equipmentStatusesQuery,
    answer: equipmentStatusesAnswer,
  }),
} as const;
