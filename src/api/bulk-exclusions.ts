import { useMutation, useQueryClient } from '@tanstack/react-query';
import { bulkExclusionsApi, type BulkBrandExclusionBody, type BulkModelExclusionBody } from '../../contract/bulk-exclusions';
import { call } from './http';
import { applyMutationStaleness } from './staleness';

/** POST /api/brands/exclusions/bulk: excludes or un-excludes a selection of brands (hand-picked ids, or a filter). */
export function bulkExcludeBrands(body: BulkBrandExclusionBody) {
  return call(bulkExclusionsApi.brands, { body });
}

/** POST /api/equipments/exclusions/bulk: excludes or un-excludes a selection of models (hand-picked ids, or a filter). */
export function bulkExcludeModels(body: BulkModelExclusionBody) {
  return call(bulkExclusionsApi.models, { body });
}

/** What a bulk action acts on: brands or models (their bodies have the same shape, their filters differ). */
export type BulkTarget = 'brands' | 'models';
export type BulkExclusionBody<T extends BulkTarget> = T extends 'brands' ? BulkBrandExclusionBody : BulkModelExclusionBody;

export function useBulkExclude<T extends BulkTarget>(target: T) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BulkExclusionBody<T>) =>
      target === 'brands' ? bulkExcludeBrands(body as BulkBrandExclusionBody) : bulkExcludeModels(body as BulkModelExclusionBody),
    onSuccess: (answer, sent) =>
      void applyMutationStaleness(queryClient, target === 'brands' ? 'bulkExclusions.brands' : 'bulkExclusions.models', { sent, answer }),
  });
}
