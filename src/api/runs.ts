import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { runsApi, type RunsQuery } from '../../contract/runs';
import { call } from './http';
import { keys } from './keys';
import { applyMutationStaleness } from './staleness';

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
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(runsApi.cancel, { params: { id } }),
    onSuccess: (answer, sent) => applyMutationStaleness(queryClient, 'runs.cancel', { sent, answer }),
  });
}

/** POST /api/runs/{id}/retry */
export function useRetryRun() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(runsApi.retry, { params: { id } }),
    onSuccess: (answer, sent) => applyMutationStaleness(queryClient, 'runs.retry', { sent, answer }),
  });
}
