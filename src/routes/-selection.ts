import { redirect } from '@tanstack/react-router';
import { z } from 'zod/mini';
import { rememberedSelection } from '../auth/remembered-selection';
import { selectionSearch, selectionSearchSchema, type ScreenType, type SelectionSearch } from '../store/selection';
import { tableSearchSchema } from '../ui/data-table/url-state';

/**
 * What the routes of the screens that show the header's selection share (not a route: the `-` keeps the router's
 * generator off it). In the entry chunk with the search schemas and `beforeLoad`, so it imports small modules only.
 */

/** A grid of the selection: the grid's sort, quick filter, review filter and columns (`sort`, `dir`, `q`, `review`, `cols`) and the selection. */
const gridOfSelectionSearch = z.extend(tableSearchSchema, selectionSearchSchema.shape);

/**
 * What the routes of a grid of the selection (brands, events) declare before their loader: the type of their screen,
 * their search (a bad value dropped, never an error page), the remembered selection for an address without one, and
 * what their loader warms: the grid's first page of the selection.
 */
export function gridOfSelectionRoute(type: ScreenType) {
  return {
    staticData: { screenType: type, selectionInUrl: true },
    validateSearch: gridOfSelectionSearch,
    beforeLoad: rememberedSelectionOf(type),
    loaderDeps: ({ search: { sort, dir, q, review, category, subcategory } }: { search: z.output<typeof gridOfSelectionSearch> }) => ({
      sort,
      dir,
      q,
      review,
      category,
      subcategory,
    }),
  };
}

/**
 * An address without a selection takes the operator's remembered one before anything loads, so the loader warms
 * what the screen shows (the redirect replaces the history entry). Without a remembered choice, or once the
 * categories show that the address names one that no longer exists, the dashboard layout fills it in
 * (src/features/dashboard/screen-selection.ts).
 */
export function rememberedSelectionOf(type: ScreenType) {
  return ({ search }: { search: SelectionSearch }) => {
    if (search.category !== undefined || search.subcategory !== undefined) return;
    const remembered = rememberedSelection();
    if (!remembered || remembered.categoryId === null) return;
    const filled = selectionSearch(type, remembered);
    throw redirect({
      to: '.',
      search: (previous: Record<string, unknown>) => ({ ...previous, ...filled }),
      replace: true,
    } as Parameters<typeof redirect>[0]);
  };
}
