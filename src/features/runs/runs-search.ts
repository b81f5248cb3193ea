import { z } from 'zod';
import { runStatusFilters, runTypes, type RunsQuery } from '../../../contract/runs';

export const runsPageSize = 50;

/** The runs centre's filters and page in the URL (`?status=active&type=Brands&page=2`, or `?run=12` for one run). */
export const runsSearchSchema = z.object({
  status: z.enum(runStatusFilters).optional().catch(undefined),
  type: z.enum(runTypes).optional().catch(undefined),
  run: z.coerce.number().int().positive().max(2_147_483_647).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(100_000).optional().catch(undefined),
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
