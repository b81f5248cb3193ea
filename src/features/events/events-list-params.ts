import type { EventSortField } from '../../../contract/events';
import type { ReviewState } from '../../../contract/review';
import type { EventsListParams } from '../../api/events';
import type { UrlTableState } from '../../ui/use-url-table-state';

/**
 * The grid's URL state (its sort, quick filter and review filter) as the events call's parameters; the route's loader
 * asks for the same. A file of its own: the loader is in the app's entry chunk, and must not bring the grid with it.
 */
export function eventsListParams(params: UrlTableState['params'] & { review?: ReviewState | undefined }): EventsListParams {
  return {
    ...(params.q ? { q: params.q } : {}),
    ...(params.sort ? { sort: params.sort as EventSortField, dir: params.dir } : {}),
    ...(params.review ? { review: params.review } : {}),
  };
}
