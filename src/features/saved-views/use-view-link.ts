import { useRouter } from '@tanstack/react-router';
import { useCallback } from 'react';
import type { SavedViewState } from '../../../contract/saved-views';
import { columnsToSearch } from '../../ui/data-table/url-state';

/**
 * The full address of this screen showing a view: its quick filter, sort, review filter and visible columns in the
 * search params (`q`, `sort`, `dir`, `review`, `cols`), the screen's other params kept: the selection the grid shows (`category`,
 * `subcategory`: docs/product.md#selection), the open Equipment Details (`items`). Opened by anyone, it shows the
 * same grid of the same subcategory or category, whatever their own last selection.
 */
export function useViewLink() {
  const router = useRouter();
  return useCallback(
    (state: SavedViewState) => {
      const location = router.buildLocation({
        to: '.',
        search: (previous: Record<string, unknown>) => ({
          ...previous,
          q: state.q,
          sort: state.sort,
          dir: state.sort ? state.dir : undefined,
          review: state.review,
          cols: columnsToSearch(state.columns),
        }),
      } as Parameters<typeof router.buildLocation>[0]);
      return new URL(location.href, window.location.origin).href;
    },
    [router],
  );
}
