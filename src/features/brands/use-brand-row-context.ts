import { useCallback, useMemo, useState } from 'react';
import type { Brand } from '../../../contract/brands';
import type { StatusRecord } from '../../../contract/statuses';
import type { BrandRowContext } from './brand-row-context';
import { useBrandExclusionActions } from './use-brand-exclusion-actions';

/**
 * What the brand grid's cells read (brand-row-context.ts): each row's own status (the page carries its brands'
 * equipment generation status; live events patch it), the exclusion actions, and the brand whose history is open.
 */
export function useBrandRowContext(subcategoryId: number, brands: readonly Brand[]) {
  const statusOf = useCallback((brand: Brand): StatusRecord | null => brand.status ?? null, []);
  // The brand whose history is open, by id: its row (its name) is read from the loaded pages, so a live rename shows.
  const [historyBrandId, setHistoryBrandId] = useState<number | null>(null);
  const historyBrand = historyBrandId === null ? null : (brands.find((b) => b.id === historyBrandId) ?? null);
  const openHistory = useCallback((brand: Brand) => setHistoryBrandId(brand.id), []);
  const closeHistory = useCallback(() => setHistoryBrandId(null), []);
  const { exclude, unexclude, isPending } = useBrandExclusionActions(subcategoryId);
  const rowContext = useMemo<BrandRowContext>(
    () => ({ subcategoryId, statusOf, openHistory, exclude, unexclude, exclusionPending: isPending }),
    [subcategoryId, statusOf, openHistory, exclude, unexclude, isPending],
  );
  return { rowContext, historyBrand, closeHistory };
}
