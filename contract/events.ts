import { z } from 'zod';
import { idField } from './ids';
import { pageLimit, pageOffset, searchQuery, sortDirection } from './text';
import { endpoint } from './endpoint';
import { realtimeEvents } from './realtime';
import { reviewFilter, rowReview } from './review';

export const event = z.object({
  id: z.number().int(),
  category_id: z.number().int(),
  category: z.object({ name: z.string() }),
  name: z.string(),
  description: z.string().nullable(),
  address: z.string().nullable(),
  website: z.string().nullable(),
  event_type: z.string().nullable(),
  /** YYYY-MM-DD */
  start_date: z.string().nullable(),
  end_date: z.string().nullable(),
  seo_title: z.string().nullable(),
  seo_description: z.string().nullable(),
  created_at: z.string(),
  /** Extension: the event's review (docs/decisions/0025-review-of-generated-items.md); the grid and export show it. */
  review: rowReview.optional(),
});
export type Event = z.infer<typeof event>;

/**
 * GET /api/events?category_id= (extension: one page of a category's events, sorted and filtered on the server;
 * `q` is a case-insensitive "contains" on the name; `total` counts every event that matches).
 */
export const eventSortFields = ['name', 'start_date', 'end_date', 'created_at', 'event_type'] as const;
export type EventSortField = (typeof eventSortFields)[number];
export const eventsPageQuery = z.object({
  category_id: idField,
  q: searchQuery,
  sort: z.enum(eventSortFields).default('start_date'),
  dir: sortDirection,
  offset: pageOffset,
  limit: pageLimit(500, 100),
  /** Only the events in this review state (absent: every event). */
  review: reviewFilter,
});
export type EventsPageQuery = z.infer<typeof eventsPageQuery>;
export const eventsPageAnswer = z.object({ events: z.array(event), total: z.number().int() });

/** POST /api/events/generate */
export const generateEventsBody = z.object({ category_id: idField });
export const generateEventsAnswer = z.object({ events: z.array(event), message: z.string().optional() });

export const eventsApi = {
  list: endpoint({
    name: 'events.list',
    method: 'GET',
    path: '/api/events',
    summary: "One page of a category's events, sorted and filtered on the server.",
    query: eventsPageQuery,
    answer: eventsPageAnswer,
  }),
  generate: endpoint({
    name: 'events.generate',
    method: 'POST',
    path: '/api/events/generate',
    summary: "Generates a category's events and answers them once the run ends.",
    body: generateEventsBody,
    answer: generateEventsAnswer,
    announces: [realtimeEvents.changeAnyStatus, realtimeEvents.changeTokens, realtimeEvents.updateEvents],
  }),
} as const;
