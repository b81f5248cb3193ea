import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { generationApi, type EstimateAnswer, type EstimateBody } from '../../contract/estimate';
import { preferencesApi, type Preferences } from '../../contract/preferences';
import { call } from './http';
import { keys } from './keys';
import { applyMutationStaleness } from './staleness';

/** POST /api/generation/estimate: what a generate call would cost; asked fresh each time (the balance moves). */
export function estimateQueryOptions(body: EstimateBody) {
  return queryOptions<EstimateAnswer>({
    queryKey: keys.estimate(body),
    queryFn: () => call(generationApi.estimate, { body }),
    staleTime: 0,
    gcTime: 30_000,
  });
}

/** GET /api/generation/typical-costs: refetched when one of the operator's runs ends (`runchanged`). */
export function useTypicalCosts() {
  return useQuery({ queryKey: keys.typicalCosts(), queryFn: () => call(generationApi.typicalCosts), staleTime: 5 * 60_000 });
}

/** GET /api/preferences */
export const preferencesQueryOptions = () =>
  queryOptions({ queryKey: keys.preferences(), queryFn: () => call(preferencesApi.show), staleTime: 5 * 60_000 });

export function usePreferences() {
  return useQuery(preferencesQueryOptions());
}

/** POST /api/preferences */
export function useUpdatePreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Preferences) => call(preferencesApi.update, { body }),
    onSuccess: (answer, sent) => applyMutationStaleness(queryClient, 'preferences.update', { sent, answer }),
  });
}
