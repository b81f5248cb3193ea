import { createFileRoute } from '@tanstack/react-router';
import { brandsPagesQueryOptions } from '../api/brands';
import { appQueryClient } from '../api/query-client';
import { BrandsScreen } from '../features/brands/brands-screen';
import { brandsListParams } from '../features/brands/brands-list-params';
import { useSelection } from '../store/selection';
import { tableSearchSchema } from '../ui/data-table/url-state';

export const Route = createFileRoute('/dashboard/brands/')({
  staticData: { screenType: 'Equipments' },
  // The grid's sort and quick filter (?sort=&dir=&q=).
  validateSearch: tableSearchSchema,
  loaderDeps: ({ search: { sort, dir, q } }) => ({ sort, dir, q }),
  loader: ({ deps }) => {
    const queryClient = appQueryClient();
    // The selected subcategory's first page of brands (as the grid asks for it), each with its status.
    const subcategoryId = useSelection.getState().selectedSubcategoryId;
    if (subcategoryId === null) return;
    void queryClient.prefetchInfiniteQuery(brandsPagesQueryOptions(subcategoryId, brandsListParams(deps)));
  },
  component: BrandsScreen,
});
