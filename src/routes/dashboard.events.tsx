import { createFileRoute } from '@tanstack/react-router';
import { eventsPagesQueryOptions } from '../api/events';
import { appQueryClient } from '../api/query-client';
import { EventsScreen } from '../features/events/events-screen';
import { eventsListParams } from '../features/events/events-list-params';
import { useSelection } from '../store/selection';
import { tableSearchSchema } from '../ui/data-table/url-state';

export const Route = createFileRoute('/dashboard/events')({
  staticData: { screenType: 'Events' },
  // The grid's sort and quick filter (?sort=&dir=&q=).
  validateSearch: tableSearchSchema,
  loaderDeps: ({ search: { sort, dir, q } }) => ({ sort, dir, q }),
  loader: ({ deps }) => {
    const queryClient = appQueryClient();
    // The selected category's first page of events, as the grid asks for it.
    const categoryId = useSelection.getState().selectedCategoryId;
    if (categoryId === null) return;
    void queryClient.prefetchInfiniteQuery(eventsPagesQueryOptions(categoryId, eventsListParams(deps)));
  },
  component: EventsScreen,
});
