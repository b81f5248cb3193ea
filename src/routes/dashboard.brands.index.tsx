import { createFileRoute } from '@tanstack/react-router';
import { brandsList } from '../api/brands';
import { appQueryClient } from '../api/query-client';
import { brandsScreen } from '../features/brands/brands-screen';
import { brandsListParams } from '../features/brands/brands-list-params';
import { SelectionScreen } from '../features/dashboard/selection-screen';
import { gridOfSelectionRoute } from './-selection';

/** docs/product.md#brands-screen: the brands of the subcategory in the address (`?category=&subcategory=`), with the grid's state. */
export const Route = createFileRoute('/dashboard/brands/')({
  ...gridOfSelectionRoute('Equipments'),
  // The subcategory's first page of brands (as the grid asks for it), each with its status.
  loader: ({ deps: { subcategory, ...grid } }) => {
    if (subcategory !== undefined)
      void appQueryClient().prefetchInfiniteQuery(brandsList.queryOptions(subcategory, brandsListParams(grid)));
  },
  component: () => <SelectionScreen {...brandsScreen} />,
});
