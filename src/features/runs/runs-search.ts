import { z } from 'zod/mini';
import { runStatusFilters, runTypes } from '../../../contract/run-filters';
import type { RunsListFilter } from '../../api/runs';
import { droppedIfBad } from '../../dropped-if-bad';

/**
 * The runs centre's filters in the URL (`?status=active&type=Brands`, or `?run=12` for one run). The list loads more
 * as the operator scrolls, so no page is in the URL: an older link's `?page=` is ignored.
 */
export const runsSearchSchema = z.object({
  status: droppedIfBad(z.enum(runStatusFilters)),
  type: droppedIfBad(z.enum(runTypes)),
  run: droppedIfBad(z.coerce.number().check(z.int(), z.positive(), z.lte(2_147_483_647))),
});
export type RunsSearch = z.output<typeof runsSearchSchema>;

export function queryOfRunsSearch(search: RunsSearch): RunsListFilter {
  return {
    ...(search.status ? { status: search.status } : {}),
    ...(search.type ? { type: search.type } : {}),
    ...(search.run ? { id: search.run } : {}),
  };
}
