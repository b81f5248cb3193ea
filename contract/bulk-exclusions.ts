import { z } from 'zod';
import { endpoint } from './endpoint';
import { exclusionChangeAnswer } from './exclusion-changes';
import { idField } from './ids';
import { realtimeEvents } from './realtime';
import { clientText } from './text';

/**
 * Bulk exclusion of brands and models (docs/decisions/0012-bulk-actions-select-the-filter.md): one request excludes or un-excludes a selection of brands (or models), either
 * picked by hand (`ids`) or every brand a grid's filter matches (`filter`, resolved on the server), in one
 * transaction recorded as one exclusion change (so one Undo takes it all back).
 * See docs/decisions/0012-bulk-actions-select-the-filter.md.
 */

/** The most ids a hand-picked selection may list: a bigger selection is sent as the filter. */
export const bulkIdsLimit = 1_000;

/** A bulk action's confirm is asked above this many rows (a handful is done at once). */
export const bulkConfirmThreshold = 5;

/**
 * The grid's filter: the brands of a subcategory (the brands grid), or every excluded brand (the exclusion list,
 * no subcategory), narrowed by `q`, a case-insensitive "contains" on the name as GET /api/brands reads it.
 */
export const brandSelectionFilter = z.strictObject({
  subcategory_id: idField.optional(),
  q: clientText.trim().max(200).optional(),
});

/** A hand-picked selection: 1 to `bulkIdsLimit` ids of brands or models. */
const pickedIds = (many: string) =>
  z.strictObject({
    ids: z
      .array(idField)
      .min(1, `Select at least one ${many.slice(0, -1)}.`)
      .max(bulkIdsLimit, `Select at most ${bulkIdsLimit.toLocaleString('en-US')} ${many} by hand, or select all that match the filter.`),
  });

export const brandSelection = z.union([pickedIds('brands'), z.strictObject({ filter: brandSelectionFilter })]);
export type BrandSelection = z.input<typeof brandSelection>;

/**
 * The equipment grids' filter (docs/decisions/0012-bulk-actions-select-the-filter.md, for models): the models of a subcategory and/or a brand (the Equipment
 * Details grid, as GET /api/equipments reads `subcategory_id` and `brand_id`), or every excluded model (the exclusion
 * list, neither given), narrowed by `q`, the grid's quick filter as its export reads it (a case-insensitive "contains"
 * on the text of any column the grid filters on).
 */
export const modelSelectionFilter = z.strictObject({
  subcategory_id: idField.optional(),
  brand_id: idField.optional(),
  q: clientText.trim().max(200).optional(),
});

export const modelSelection = z.union([pickedIds('models'), z.strictObject({ filter: modelSelectionFilter })]);
export type ModelSelection = z.input<typeof modelSelection>;

/** POST /api/equipments/exclusions/bulk */
export const bulkModelExclusionBody = z.strictObject({ excluded: z.boolean(), selection: modelSelection });
export type BulkModelExclusionBody = z.input<typeof bulkModelExclusionBody>;

/** POST /api/brands/exclusions/bulk */
export const bulkBrandExclusionBody = z.strictObject({ excluded: z.boolean(), selection: brandSelection });
export type BulkBrandExclusionBody = z.input<typeof bulkBrandExclusionBody>;

/** What a bulk action did: how many rows it changed, how many it left as they were, and the change to undo. */
export const bulkExclusionAnswer = exclusionChangeAnswer.extend({
  done: z.number().int().nonnegative(),
  skipped: z.object({
    /** Already excluded (exclude) or not excluded (un-exclude). */
    already: z.number().int().nonnegative(),
  }),
});
export type BulkExclusionAnswer = z.infer<typeof bulkExclusionAnswer>;

const count = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** What a bulk action's rows are called in its messages. */
export const bulkNouns = { brand: { one: 'brand', many: 'brands' }, model: { one: 'model', many: 'models' } } as const;
export type BulkNoun = (typeof bulkNouns)[keyof typeof bulkNouns];

export const bulkExclusionMessages = {
  /** "1,234 brands excluded; 12 already excluded." (or "models") */
  done(excluded: boolean, done: number, already: number, noun: BulkNoun = bulkNouns.brand): string {
    const main = excluded
      ? `${count(done, noun.one, noun.many)} excluded`
      : `${count(done, noun.one, noun.many)} removed from the exclusion list`;
    if (already === 0) return `${main}.`;
    return excluded
      ? `${main}; ${already.toLocaleString('en-US')} already excluded.`
      : `${main}; ${already.toLocaleString('en-US')} ${already === 1 ? 'was' : 'were'} not excluded.`;
  },
  noSubcategory: 'Choose a subcategory: excluding every brand of the catalogue at once is not allowed.',
  noModelScope: 'Choose a subcategory or a brand: excluding every model of the catalogue at once is not allowed.',
} as const;

export const bulkExclusionsApi = {
  brands: endpoint({
    name: 'bulkExclusions.brands',
    method: 'POST',
    path: '/api/brands/exclusions/bulk',
    summary: 'Excludes or un-excludes a selection of brands (ids picked by hand, or every brand a filter matches) as one undoable change.',
    body: bulkBrandExclusionBody,
    answer: bulkExclusionAnswer,
    announces: [realtimeEvents.updateBrand, realtimeEvents.statusesChanged],
  }),
  models: endpoint({
    name: 'bulkExclusions.models',
    method: 'POST',
    path: '/api/equipments/exclusions/bulk',
    summary: 'Excludes or un-excludes a selection of models (ids picked by hand, or every model a filter matches) as one undoable change.',
    body: bulkModelExclusionBody,
    answer: bulkExclusionAnswer,
    announces: [realtimeEvents.statusesChanged],
  }),
} as const;
