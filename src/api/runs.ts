import { infiniteQueryOptions, useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
import { runsApi, type Run, type RunsAnswer, type RunsQuery } from '../../contract/runs';
import { useEndpointMutation } from './endpoint-mutation';
import { call } from './http';
import { keys } from './keys';

/** What tells one runs list from another: its filters (the pages are the infinite query's). */
export type RunsListFilter = Omit<RunsQuery, 'offset' | 'limit'>;

/** Rows a page of the runs centre. */
export const runsPageSize = 50;

/** The offset of the page after `pages`, or undefined when every run is loaded (an empty page ends the list too). */
function nextRunsOffset(pages: readonly RunsAnswer[]): number | undefined {
  const last = pages.at(-1);
  if (!last) return 0;
  const loaded = pages.reduce((sum, page) => sum + page.runs.length, 0);
  return loaded < last.total && last.runs.length > 0 ? loaded : undefined;
}

/**
 * GET /api/runs, a page at a time as the operator scrolls (docs/product.md#runs-centre; the same paging as the
 * catalogue grids, docs/decisions/0005-keyset-paging.md), kept live by `runchanged` (staleness/runs.ts).
 */
export const runsListOptions = (filter: RunsListFilter) =>
  infiniteQueryOptions({
    queryKey: keys.runs.page(filter),
    queryFn: ({ pageParam, signal }) => call(runsApi.list, { query: { ...filter, offset: pageParam, limit: runsPageSize } }, { signal }),
    initialPageParam: 0,
    getNextPageParam: (_last, pages) => nextRunsOffset(pages),
  });

export function useRunsList(filter: RunsListFilter) {
  return useInfiniteQuery(runsListOptions(filter));
}

/**
 * Every run loaded so far, newest first. A run queued between two pages' requests shifts the later page by one (the
 * list pages by offset), so a run already listed is not listed twice; the queued run's event refetches the list.
 */
export function loadedRuns(data: InfiniteData<RunsAnswer> | undefined): Run[] {
  if (!data) return [];
  const seen = new Set<number>();
  return data.pages.flatMap((page) => page.runs.filter((run) => !seen.has(run.id) && seen.add(run.id)));
}

/** POST /api/runs/{id}/cancel */
export function useCancelRun() {
  return useEndpointMutation(runsApi.cancel, { input: (id: number) => ({ params: { id } }) });
}

/** POST /api/runs/{id}/retry */
export function useRetryRun() {
  return useEndpointMutation(runsApi.retry, { input: (id: number) => ({ params: { id } }) });
}
