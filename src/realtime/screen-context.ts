import type { QueryClient } from '@tanstack/react-query';
import type { CategoriesAnswer } from '../../contract/categories';
import { keys } from '../api/keys';
import { rememberedSelection } from '../auth/remembered-selection';
import { getAuthUserId } from '../auth/session';
import { addressedSelection, currentSelection, type SelectionIds } from '../store/selection';
import type { ScreenContext } from '../api/staleness';

/**
 * What is on screen when an event arrives, from the selection (ids only) and the cached category tree (the header's
 * unscoped GET /api/categories). Read at each event, so it is never stale.
 */
export function screenContext(
  selection: SelectionIds,
  tree: Pick<CategoriesAnswer, 'categories'> | undefined,
  userId: number | null,
): ScreenContext {
  const categories = tree?.categories ?? [];
  const visible = new Set<number>();
  if (selection.subcategoryId !== null) visible.add(selection.subcategoryId);
  for (const sub of categories.find((c) => c.id === selection.categoryId)?.subcategories ?? []) visible.add(sub.id);
  return {
    userId,
    visibleSubcategoryIds: visible,
    subcategoryName: (id) => categories.flatMap((c) => c.subcategories).find((s) => s.id === id)?.name,
    subcategoryIdsOf: (categoryId) => categories.find((c) => c.id === categoryId)?.subcategories.map((s) => s.id) ?? [],
  };
}

/**
 * The context now, for the app's client: the selection in view is the route's address (the router's matches) on a
 * screen that holds it, else the operator's remembered one (src/features/dashboard/screen-selection.ts reads it alike).
 */
export function currentScreenContext(queryClient: QueryClient, matches: Parameters<typeof addressedSelection>[0]): ScreenContext {
  const tree = queryClient.getQueryData<CategoriesAnswer>(keys.categories.list());
  const selection = currentSelection(addressedSelection(matches), rememberedSelection(), tree?.categories);
  return screenContext(selection, tree, getAuthUserId());
}
