import type { BrandSortField } from '../../../contract/brands';
import type { ReviewState } from '../../../contract/review';
import type { BrandsListParams } from '../../api/brands';
import type { UrlTableState } from '../../ui/use-url-table-state';

/**
 * The grid's URL state (its sort, quick filter and review filter) as the brands call's parameters; the route's loader
 * asks for the same. A file of its own: the loader is in the app's entry chunk, and must not bring the grid with it.
 */
export function brandsListParams(params: UrlTableState['params'] & { review?: ReviewState | undefined }): BrandsListParams {
  return {
    ...(params.q ? { q: params.q } : {}),
    ...(params.sort ? { sort: params.sort as BrandSortField, dir: params.dir } : {}),
    ...(params.review ? { review: params.review } : {}),
  };
}
