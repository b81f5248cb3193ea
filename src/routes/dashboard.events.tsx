import { createFileRoute } from '@tanstack/react-router';
import { eventsList } from '../api/events';
import { appQueryClient } from '../api/query-client';
import { SelectionScreen } from '../features/dashboard/selection-screen';
import { eventsScreen } from '../features/events/events-screen';
import { eventsListParams } from '../features/events/events-list-params';
import { gridOfSelectionRoute } from './-selection';

/** docs/product.md#events-screen: the events of the category in the address (`?category=`), with the grid's state. */
export const Route = createFileRoute('/dashboard/events')({
  ...gridOfSelectionRoute('Events'),
  // The category's first page of events, as the grid asks for it.
  loader: ({ deps: { category, ...grid } }) => {
    if (category !== undefined) void appQueryClient().prefetchInfiniteQuery(eventsList.queryOptions(category, eventsListParams(grid)));
  },
  component: () => <SelectionScreen {...eventsScreen} />,
});
