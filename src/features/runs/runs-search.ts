import { z } from 'zod/mini';
import { runStatusFilters, runTypes } from '../../../contract/run-filters';
import type { RunsQuery } from '../../../contract/runs';
import { droppedIfBad } from '../../dropped-if-bad';

export const runsPageSize = 50;

/** The runs centre's filters and page in the URL (`?status=active&type=Brands&page=2`, or `?run=12` for one run). */
export const runsSearchSchema = z.object({
  status: droppedIfBad(z.enum(runStatusFilters)),
  type: droppedIfBad(z.enum(runTypes)),
  run: droppedIfBad(z.coerce.number().check(z.int(), z.positive(), z.lte(2_147_483_647))),
  page: droppedIfBad(z.coerce.number().check(z.int(), z.gte(1), z.lte(100_000))),
});
export type RunsSearch = z.output<typeof runsSearchSchema>;

export function queryOfRunsSearch(search: RunsSearch): RunsQuery & { offset: number; limit: number } {
  return {
    ...(search.status ? { status: search.status } : {}),
    ...(search.type ? { type: search.type } : {}),
    ...(search.run ? { id: search.run } : {}),
    offset: ((search.page ?? 1) - 1) * runsPageSize,
    limit: runsPageSize,
  };
}
