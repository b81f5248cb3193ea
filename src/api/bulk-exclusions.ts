import { useMutation, useQueryClient } from '@tanstack/react-query';
import { bulkExclusionsApi, type BulkBrandExclusionBody } from '../../contract/bulk-exclusions';
import { call } from './http';
import { applyMutationStaleness } from './staleness';

/** POST /api/brands/exclusions/bulk: excludes or un-excludes a selection of brands (hand-picked ids, or a filter). */
export function bulkExcludeBrands(body: BulkBrandExclusionBody) {
  return call(bulkExclusionsApi.brands, { body });
}

export function useBulkExcludeBrands() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bulkExcludeBrands,
    onSuccess: (answer, sent) => void applyMutationStaleness(queryClient, 'bulkExclusions.brands', { sent, answer }),
  });
}
