import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { runsApi, type RunsQuery } from '../../contract/runs';
import { useEndpointMutation } from './endpoint-mutation';
import { call } from './http';
import { keys } from './keys';

/** GET /api/runs: one page of the operator's runs (kept live by `runchanged`). */
export const runsQueryOptions = (query: RunsQuery) =>
  queryOptions({
    queryKey: keys.runs.page(query),
    queryFn: () => call(runsApi.list, { query }),
    placeholderData: keepPreviousData,
  });

export function useRuns(query: RunsQuery, options: { enabled?: boolean } = {}) {
  return useQuery({ ...runsQueryOptions(query), enabled: options.enabled ?? true });
}

/** POST /api/runs/{id}/cancel */
export function useCancelRun() {
  return useEndpointMutation(runsApi.cancel, { input: (id: number) => ({ params: { id } }) });
}

/** POST /api/runs/{id}/retry */
export function useRetryRun() {
  return useEndpointMutation(runsApi.retry, { input: (id: number) => ({ params: { id } }) });
}
