import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod/mini';
import { subcategoryEquipmentsQueryOptions } from '../api/equipments';
import { equipmentStatusesQueryOptions } from '../api/statuses';
import { appQueryClient } from '../api/query-client';
import { useScreenSelection } from '../features/dashboard/screen-selection';
import { EquipmentsScreen } from '../features/equipments/equipments-screen';
import { selectCategory, selectionSearchSchema } from '../store/selection';
import { tableSearchSchema } from '../ui/data-table/url-state';
import { droppedIfBad } from '../dropped-if-bad';
import { rememberedSelectionOf } from './-selection';

/**
 * The Equipments screen. Its search params: the selection (`category`, `subcategory`: the category whose
 * subcategories it lists), `items`, the subcategory whose Equipment Details dialog is open, and that grid's sort and
 * quick filter (`sort`, `dir`, `q`), and `edit`, a model of it whose editor opens. A bad value is dropped, never an error page.
 */
const equipmentsSearch = z.extend(tableSearchSchema, {
  ...selectionSearchSchema.shape,
  items: droppedIfBad(z.coerce.number().check(z.int(), z.positive())),
  /** A model of the open Equipment Details whose editor opens (the review queue's Edit). */
  edit: droppedIfBad(z.coerce.number().check(z.int(), z.positive())),
});

export const Route = createFileRoute('/dashboard/equipments/')({
  staticData: { screenType: 'Equipments', selectionInUrl: true },
  validateSearch: equipmentsSearch,
  beforeLoad: rememberedSelectionOf('Equipments'),
  loaderDeps: ({ search: { items, category } }) => ({ items, category }),
  loader: ({ deps }) => {
    const queryClient = appQueryClient();
    // The category's equipment statuses, and the open Equipment Details dialog's first items.
    if (deps.category !== undefined)
      void queryClient.prefetchQuery(equipmentStatusesQueryOptions({ category_id: deps.category, per_subcategory: 'true' }));
    if (deps.items !== undefined) void queryClient.prefetchInfiniteQuery(subcategoryEquipmentsQueryOptions(deps.items));
  },
  component: EquipmentsRoute,
});

function EquipmentsRoute() {
  const { ids, choose } = useScreenSelection();
  return <EquipmentsScreen selectedCategoryId={ids.categoryId} onSelectCategory={(category) => choose(selectCategory(category))} />;
}
