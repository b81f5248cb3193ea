import { infiniteQueryOptions, useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
import type { EndpointAnswer } from '../../contract/endpoint';
import { eventsApi, type Event, type EventSortField } from '../../contract/events';
import { useEndpointMutation } from './endpoint-mutation';
import { call, errorMessage, generationRequestTimeoutMs } from './http';
import { keys } from './keys';

/** Events (docs/product.md#calls): a category's events page by page (extension), and their generation. */

/** Events a page (the server allows up to 500). */
export const eventsPageSize = 100;

export interface EventsListParams {
  q?: string;
  sort?: EventSortField;
  dir?: 'asc' | 'desc';
}

export type EventsPage = { events: Event[]; total: number };

/** GET /api/events?category_id=&q=&sort=&dir=&offset=&limit= */
export function getEventsPage(
  categoryId: number,
  params: EventsListParams & { offset: number; limit: number },
  signal?: AbortSignal,
): Promise<EventsPage> {
  const { offset, limit, sort, dir } = params;
  return call(eventsApi.list, { query: { category_id: categoryId, offset, limit, q: params.q || undefined, sort, dir } }, { signal });
}

/** The offset of the page after `pages`, or undefined when every event is loaded. */
export function nextEventsOffset(pages: readonly EventsPage[]): number | undefined {
  const loaded = pages.reduce((sum, page) => sum + page.events.length, 0);
  const last = pages.at(-1);
  if (!last) return 0;
  return loaded < last.total && last.events.length > 0 ? loaded : undefined;
}

export const eventsPagesQueryOptions = (categoryId: number, params: EventsListParams = {}) =>
  infiniteQueryOptions({
    queryKey: keys.events.page(categoryId, params),
    queryFn: ({ pageParam, signal }) => getEventsPage(categoryId, { ...params, offset: pageParam, limit: eventsPageSize }, signal),
    initialPageParam: 0,
    getNextPageParam: (_last, pages) => nextEventsOffset(pages),
  });

/** A category's events, a page at a time; disabled while `null`. */
export function useEventsPages(categoryId: number | null, params: EventsListParams = {}) {
  return useInfiniteQuery({ ...eventsPagesQueryOptions(categoryId ?? 0, params), enabled: categoryId !== null });
}

export function loadedEvents(data: InfiniteData<EventsPage> | undefined): Event[] {
  return data ? data.pages.flatMap((page) => page.events) : [];
}

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
