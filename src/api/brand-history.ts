import { useQuery } from '@tanstack/react-query';
import { historyErrorText, historyQueryOptions } from './history';

/**
 * A brand's equipment generation runs (GET /api/brand-generation-history?subcategory_id=&brand_id=), for the brands
 * screen's History dialog. Nothing is fetched while `target` is null (dialog closed).
 */
export function useBrandHistory(target: { subcategoryId: number; brandId: number } | null) {
  return useQuery(
    historyQueryOptions(
      target ? { kind: 'brand', params: { subcategory_id: target.subcategoryId, brand_id: target.brandId } } : null,
    ),
  );
}

export { historyErrorText };
