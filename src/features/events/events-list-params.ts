import type { EventSortField } from '../../../contract/events';
import type { EventsListParams } from '../../api/events';
import type { UrlTableState } from '../../ui/use-url-table-state';

/**
 * The grid's URL state as the events call's parameters; the route's loader asks for the same. A file of its own: the
 * loader is in the app's entry chunk, and must not bring the grid with it.
 */
export function eventsListParams(params: UrlTableState['params']): EventsListParams {
  return {
    ...(params.q ? { q: params.q } : {}),
    ...(params.sort ? { sort: params.sort as EventSortField, dir: params.dir } : {}),
  };
}
