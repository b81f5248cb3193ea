import { useMatches, useRouter } from '@tanstack/react-router';
import { useCallback, useEffect } from 'react';
import type { Category, Subcategory } from '../../../contract/categories';
import { useCategories } from '../../api/categories';
import { rememberSelection, rememberedSelection, useRememberedSelection } from '../../auth/remembered-selection';
import {
  addressedSelection,
  currentSelection,
  readSelectionSearch,
  sameSelectionSearch,
  selectionSearch,
  useSelection,
  type SelectionIds,
} from '../../store/selection';

/**
 * The header's selection (docs/product.md#selection) as the screens and the header read and change it. The screens that
 * show it (brands, events, equipments: `staticData.selectionInUrl`) carry it in their address, which is then the
 * one place it lives: a link, a reload and Back and Forward show the same selection. On the other screens the header
 * shows, and changes, the operator's remembered one (src/auth/remembered-selection.ts).
 */
export interface ScreenSelection {
  ids: SelectionIds;
  /** The selected category and subcategory, from the cached tree (undefined while it loads). */
  category: Category | undefined;
  subcategory: Subcategory | undefined;
  /** An operator's choice: a new history entry of the screen's address, or the remembered choice elsewhere. */
  choose: (ids: SelectionIds) => void;
}

export function useScreenSelection(): ScreenSelection {
  const addressed = useMatches({ select: addressedSelection, structuralSharing: true });
  const remembered = useRememberedSelection();
  const categories = useCategories().data?.categories;
  const router = useRouter();
  const ids = currentSelection(addressed, remembered, categories);
  const category = categories?.find((c) => c.id === ids.categoryId);
  const subcategory = category?.subcategories.find((s) => s.id === ids.subcategoryId);

  const choose = useCallback(
    (next: SelectionIds) => {
      const screen = addressedSelection(router.state.matches);
      if (!screen) return rememberSelection(next);
      void router.navigate({
        to: '.',
        search: (previous: Record<string, unknown>) => ({ ...previous, ...selectionSearch(screen.type, next) }),
      } as Parameters<typeof router.navigate>[0]);
    },
    [router],
  );
  return { ids, category, subcategory, choose };
}

/**
 * The dashboard layout's part: once the categories are known, an address that names no selection, or one that no
 * longer exists (or not in the screen's form: a subcategory without its category), is replaced by the selection in
 * view (docs/product.md#selection: the remembered one, else the first category and its first subcategory); the
 * selection in view is remembered for the next visit; a new subcategory clears the ticked brands.
 */
export function useSelectionInAddress(): ScreenSelection {
  const selection = useScreenSelection();
  const addressed = useMatches({ select: addressedSelection, structuralSharing: true });
  const router = useRouter();
  const categories = useCategories().data?.categories;
  const { categoryId, subcategoryId } = selection.ids;
  const loaded = categories !== undefined;
  const showSubcategory = useSelection((s) => s.showSubcategory);

  useEffect(() => {
    if (!categories || !addressed) return;
    // What the address should say, from the address it replaces (not from a render that may be behind it).
    const { type } = addressed;
    const corrected = (search: unknown) =>
      selectionSearch(type, currentSelection({ type, search: readSelectionSearch(search) }, rememberedSelection(), categories));
    if (sameSelectionSearch(addressed.search, corrected(addressed.search))) return;
    void router.navigate({
      to: '.',
      search: (previous: Record<string, unknown>) => ({ ...previous, ...corrected(previous) }),
      replace: true,
    } as Parameters<typeof router.navigate>[0]);
  }, [router, categories, addressed]);

  useEffect(() => {
    if (loaded) rememberSelection({ categoryId, subcategoryId });
  }, [loaded, categoryId, subcategoryId]);

  useEffect(() => {
    showSubcategory(subcategoryId);
  }, [showSubcategory, subcategoryId]);

  return selection;
}
