import { z } from 'zod';
import { brandSelectionFilter } from './bulk-exclusions';

/**
 * What the generate calls share: their answer, the Equipments filter and its messages. Each call is declared by its
 * resource (contract/brands.ts, equipments.ts, events.ts); the cost asked before one is contract/estimate.ts.
 */

/**
 * The answer of POST /api/brands/generate and POST /api/equipments/generate: the runs are queued. The original
 * `{ success, message }`, and `run_ids`: the ids of the runs this call queued, oldest first (none for a brand skipped
 * as excluded or under way), by which a client follows their ends on its `runchanged` events
 * (docs/decisions/0014-generate-for-all-matching.md); an older client ignores it.
 */
export const generateAnswer = z.object({ success: z.boolean(), message: z.string(), run_ids: z.array(z.number().int().positive()) });
export type GenerateAnswer = z.infer<typeof generateAnswer>;

/**
 * Generate Equipments for "all N matching" (docs/decisions/0014-generate-for-all-matching.md): the brands grid's quick filter, `q` read as the
 * grid and the bulk exclusion read it (a case-insensitive "contains" on the name), within the body's subcategory.
 */
export const generateEquipmentsFilter = z.strictObject({ q: brandSelectionFilter.shape.q });

/**
 * The most brands one Generate Equipments for a filter may queue (excluded brands not counted): a run a brand,
 * worked GENERATION_CONCURRENCY at a time, so 1,000 runs already keep the default 2 places busy for hours with a
 * real provider. Above it the call is refused (422): narrow the filter. The same bound as a hand-picked list.
 */
export const generateAllMatchingLimit = 1_000;

const count = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

export const generateEquipmentsMessages = {
  /** "Generating models for 12 brands of Mixers. (3 excluded brands skipped; 2 brands already in progress.)" */
  queued(queued: number, subcategory: string, skipped: { excluded: number; running: number }): string {
    const notes = [
      skipped.excluded > 0 ? `${count(skipped.excluded, 'excluded brand', 'excluded brands')} skipped` : '',
      skipped.running > 0 ? `${count(skipped.running, 'brand', 'brands')} already in progress` : '',
    ].filter(Boolean);
    return `Generating models for ${count(queued, 'brand', 'brands')} of ${subcategory}.${notes.length > 0 ? ` (${notes.join('; ')}.)` : ''}`;
  },
  noneMatch: (q: string | undefined, subcategory: string) =>
    q ? `No brand of ${subcategory} matches “${q}”: nothing to generate.` : `${subcategory} has no brands: nothing to generate.`,
  tooMany: (n: number) =>
    `The filter matches ${count(n, 'brand', 'brands')} to generate; at most ${generateAllMatchingLimit.toLocaleString('en-US')} can be queued at once. Narrow the filter.`,
  allExcluded: 'Every selected brand is excluded: nothing to generate.',
  allRunning: 'A generation of every selected brand is already in progress.',
} as const;
