import type { EndpointAnswer } from '../../contract/endpoint';
import { eventsApi, type Event, type EventSortField } from '../../contract/events';
import { useEndpointMutation } from './endpoint-mutation';
import { call, errorMessage, generationRequestTimeoutMs } from './http';
import { keys } from './keys';
import { pagedList, type PageQuery, type PagedListParams } from './paged-list';

/** Events (docs/product.md#calls): a category's events page by page (extension), and their generation. */

export type EventsListParams = PagedListParams<EventSortField>;
export type EventsPage = { events: Event[]; total: number };

/** A category's events, page by page (`usePagedList(eventsList, categoryId, params)`), 100 rows a page. */
export const eventsList = pagedList({
  rowsOf: (page: EventsPage) => page.events,
  pageSize: 100,
  queryKey: keys.events.page,
  /** GET /api/events?category_id=&q=&sort=&dir=&offset=&limit= */
  fetchPage: (categoryId: number, query: PageQuery<EventSortField>, signal?: AbortSignal) =>
    call(eventsApi.list, { query: { category_id: categoryId, ...query } }, { signal }),
});

// ---- POST /api/events/generate ---------------------------------------------------------------------------------------

/** docs/product.md#messages-and-errors: 'Failed to generate events: ' plus the message. */
export function generateEventsFailedText(error: unknown): string {
  return `Failed to generate events: ${errorMessage(error, error instanceof Error ? error.message : 'Unknown error')}`;
}

export interface GenerateEventsCallbacks {
  onSuccess?: (answer: EndpointAnswer<typeof eventsApi.generate>) => void;
  onError?: (error: unknown) => void;
}

/**
 * Outcome callbacks given here belong to the mutation itself, so they run even when the component that asked has
 * unmounted meanwhile: the empty events screen that starts a generation is replaced by the table as soon as the
 * realtime `updateevents` (sent when the run commits, before the HTTP answer) brings the new events in; callbacks
 * passed to `mutate` would then be dropped (TanStack Query runs those only while their observer is mounted).
 */
export function useGenerateEvents(callbacks: GenerateEventsCallbacks = {}) {
  return useEndpointMutation(eventsApi.generate, {
    input: (categoryId: number) => ({ body: { category_id: categoryId } }),
    request: { timeout: generationRequestTimeoutMs },
    onSuccess: (answer) => callbacks.onSuccess?.(answer),
    onError: (error) => callbacks.onError?.(error),
  });
}
