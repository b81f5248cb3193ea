import { functionalUpdate, type OnChangeFn, type RowSelectionState } from '@tanstack/react-table';
import { useCallback, useEffect, useMemo } from 'react';
import type { Brand } from '../../../contract/brands';
import type { Subcategory } from '../../../contract/categories';
import type { ReviewState } from '../../../contract/review';
import type { StatusRecord } from '../../../contract/statuses';
import { useSelection } from '../../store/selection';
import { useAllMatching } from '../bulk-exclusions';
import {
  autoDeselectDelayMs,
  canSelectBrand,
  inProgressAmong,
  leaveAllMatching,
  rowSelectionOf,
  selectionChanges,
} from './brand-selection';

/**
 * The brands grid's ticked rows (docs/product.md#brands-screen): the brands ticked by hand live in the selection
 * store (changing the subcategory clears them), or "Select all N matching" picks every brand the grid's filter matches
 * (which another subcategory or text makes lapse). A ticked brand that goes In Progress is deselected after 50 ms.
 */
export function useBrandRowSelection(brands: readonly Brand[], subcategoryId: number, q: string | undefined, review?: ReviewState) {
  const statusOfId = useMemo(() => statusNameLookup(brands), [brands]);
  const selectedIds = useSelection((s) => s.selectedBrandIds);
  const setBrandSelected = useSelection((s) => s.setBrandSelected);
  const deselectBrands = useSelection((s) => s.deselectBrands);

  const allMatching = useAllMatching(JSON.stringify([subcategoryId, q ?? '', review ?? '']));
  // In that mode every loaded row shows ticked; unticking one leaves it (leaveAllMatching, decision 0014).
  const loadedIds = useMemo(() => brands.map((brand) => brand.id), [brands]);
  const rowSelection = useMemo(
    () => rowSelectionOf(allMatching.allMatching ? loadedIds : selectedIds),
    [allMatching.allMatching, loadedIds, selectedIds],
  );
  const { allMatching: allMatchingOn, clear: clearAllMatching } = allMatching;
  const onRowSelectionChange = useCallback<OnChangeFn<RowSelectionState>>(
    (updater) => {
      const after = functionalUpdate(updater, rowSelection);
      if (allMatchingOn) {
        const picked = leaveAllMatching(loadedIds, after, (id) => canSelectBrand(statusOfId(id), false));
        clearAllMatching();
        deselectBrands(selectedIds.filter((id) => !picked.includes(id)));
        for (const id of picked) setBrandSelected(id, true);
        return;
      }
      const { select, deselect } = selectionChanges(rowSelection, after);
      for (const id of select) setBrandSelected(id, true);
      for (const id of deselect) setBrandSelected(id, false);
    },
    [rowSelection, allMatchingOn, loadedIds, statusOfId, clearAllMatching, deselectBrands, selectedIds, setBrandSelected],
  );

  useEffect(() => {
    const ids = inProgressAmong(selectedIds, statusOfId);
    if (ids.length === 0) return;
    const timer = window.setTimeout(() => deselectBrands(ids), autoDeselectDelayMs);
    return () => window.clearTimeout(timer);
  }, [selectedIds, statusOfId, deselectBrands]);

  return { selectedIds, rowSelection, onRowSelectionChange, allMatching, deselectBrands };
}

export type BrandRowSelection = ReturnType<typeof useBrandRowSelection>;

/**
 * What the selection is of (the subcategory's brands the grid's filter `q` and review filter match: `total` of them)
 * and the ticked rows.
 */
export interface BrandSelectionScope {
  subcategory: Subcategory;
  q: string | undefined;
  review: ReviewState | undefined;
  total: number | undefined;
  selection: BrandRowSelection;
}

/**
 * A loaded brand's status name by id, asked only for ticked brands. The index is built on the first look-up rather
 * than each time a page arrives: at 20,000 loaded brands that was a 20,000-entry Map a page (about 2 ms of each page's
 * render in a CPU profile while scrolling to the end) that nothing read with no brand ticked.
 */
function statusNameLookup(brands: readonly Brand[]): (id: number) => StatusRecord['name'] | undefined {
  let byId: Map<number, StatusRecord['name'] | undefined> | undefined;
  return (id) => (byId ??= new Map(brands.map((brand) => [brand.id, brand.status?.name]))).get(id);
}
