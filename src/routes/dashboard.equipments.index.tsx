import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod/mini';
import { subcategoryEquipmentsQueryOptions } from '../api/equipments';
import { equipmentStatusesQueryOptions } from '../api/statuses';
import { appQueryClient } from '../api/query-client';
import { EquipmentsScreen } from '../features/equipments/equipments-screen';
import { useSelection } from '../store/selection';
import { tableSearchSchema } from '../ui/data-table/url-state';
import { droppedIfBad } from '../dropped-if-bad';

/**
 * The Equipments screen. Its search params: `items`, the subcategory whose Equipment Details dialog is open, and that
 * grid's sort and quick filter (`sort`, `dir`, `q`). A bad value is dropped, never an error page.
 */
const equipmentsSearch = z.extend(tableSearchSchema, {
  items: droppedIfBad(z.coerce.number().check(z.int(), z.positive())),
});

export const Route = createFileRoute('/dashboard/equipments/')({
  staticData: { screenType: 'Equipments' },
  validateSearch: equipmentsSearch,
  loaderDeps: ({ search: { items } }) => ({ items }),
  loader: ({ deps }) => {
    const queryClient = appQueryClient();
    // The selected category's equipment statuses, and the open Equipment Details dialog's first items.
    const categoryId = useSelection.getState().selectedCategoryId;
    if (categoryId !== null)
      void queryClient.prefetchQuery(equipmentStatusesQueryOptions({ category_id: categoryId, per_subcategory: 'true' }));
    if (deps.items !== undefined) void queryClient.prefetchInfiniteQuery(subcategoryEquipmentsQueryOptions(deps.items));
  },
  component: EquipmentsScreen,
});
