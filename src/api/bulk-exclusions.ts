import { bulkExclusionsApi, type BulkBrandExclusionBody, type BulkModelExclusionBody } from '../../contract/bulk-exclusions';
import { useEndpointMutation } from './endpoint-mutation';

/** What a bulk action acts on: brands or models (their bodies have the same shape, their filters differ). */
export type BulkTarget = 'brands' | 'models';
export type BulkExclusionBody<T extends BulkTarget> = T extends 'brands' ? BulkBrandExclusionBody : BulkModelExclusionBody;

/**
 * Excludes or un-excludes a selection (hand-picked ids, or a filter): of brands, POST /api/brands/exclusions/bulk; of
 * models, POST /api/equipments/exclusions/bulk. The lists catch up behind the toast (the refetches are not awaited).
 */
export function useBulkExclude<T extends BulkTarget>(target: T) {
  return useEndpointMutation(target === 'brands' ? bulkExclusionsApi.brands : bulkExclusionsApi.models, {
    input: (body: BulkExclusionBody<T>) => ({ body }),
    awaitRefetch: false,
  });
}
