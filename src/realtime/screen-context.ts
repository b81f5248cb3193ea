import type { QueryClient } from '@tanstack/react-query';
import type { CategoriesAnswer } from '../../contract/categories';
import { keys } from '../api/keys';
import { getAuthUserId } from '../auth/session';
import type { SelectionState } from '../store/selection';
import type { ScreenContext } from '../api/staleness';

type Selection = Pick<SelectionState, 'selectedCategoryId' | 'selectedSubcategoryId'>;

/**
 * What is on screen when an event arrives, from the selection (ids only) and the cached category tree (the header's
 * unscoped GET /api/categories). Read at each event, so it is never stale.
 */
export function screenContext(
  selection: Selection,
  tree: Pick<CategoriesAnswer, 'categories'> | undefined,
  userId: number | null,
): ScreenContext {
  const categories = tree?.categories ?? [];
  const visible = new Set<number>();
  if (selection.selectedSubcategoryId !== null) visible.add(selection.selectedSubcategoryId);
  for (const sub of categories.find((c) => c.id === selection.selectedCategoryId)?.subcategories ?? []) visible.add(sub.id);
  return {
    userId,
    visibleSubcategoryIds: visible,
    subcategoryName: (id) => categories.flatMap((c) => c.subcategories).find((s) => s.id === id)?.name,
    subcategoryIdsOf: (categoryId) => categories.find((c) => c.id === categoryId)?.subcategories.map((s) => s.id) ?? [],
  };
}

/** The context now, for the app's client and selection store. */
export function currentScreenContext(queryClient: QueryClient, selection: Selection): ScreenContext {
  return screenContext(selection, queryClient.getQueryData<CategoriesAnswer>(keys.categories.list()), getAuthUserId());
}
