import { queryOptions, useQuery } from '@tanstack/react-query';
import { estimateApi, type EstimateAnswer, type EstimateBody } from '../../contract/estimate';
import { call } from './http';
import { keys } from './keys';

/** POST /api/generation/estimate: what a generate call would cost; asked fresh each time (the balance moves). */
export function estimateQueryOptions(body: EstimateBody) {
  return queryOptions<EstimateAnswer>({
    queryKey: keys.estimate(body),
    queryFn: () => call(estimateApi.estimate, { body }),
    staleTime: 0,
    gcTime: 30_000,
  });
}

/** GET /api/generation/typical-costs: refetched when one of the operator's runs ends (`runchanged`). */
export function useTypicalCosts() {
  return useQuery({ queryKey: keys.typicalCosts(), queryFn: () => call(estimateApi.typicalCosts), staleTime: 5 * 60_000 });
}
