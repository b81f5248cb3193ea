import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Event, EventsPageQuery } from '../../contract/events';
import type { RowReview } from '../../contract/review';
import type { Executor } from '../db/client';
import { categories, events } from '../db/schema';
import { containsPattern } from './brands';
import { reviewCondition, reviewerJoin, reviewJson, toRowReview } from './row-review';

/** An event answer built by the database as one JSON value a row (see equipments.ts); `created_at` made ISO here. */
type EventJson = Omit<Event, 'review'> & { review: RowReview };
const eventJson = sql<EventJson>`json_build_object(
  'id', ${events.id}, 'category_id', ${events.categoryId}, 'category', json_build_object('name', ${categories.name}),
  'name', ${events.name}, 'description', ${events.description}, 'address', ${events.address}, 'website', ${events.website},
  'event_type', ${events.eventType}, 'start_date', ${events.startDate}, 'end_date', ${events.endDate},
  'seo_title', ${events.seoTitle}, 'seo_description', ${events.seoDescription}, 'created_at', ${events.createdAt},
  'review', ${reviewJson(events)})`;

/** Event answers (as JSON a row), filtered and ordered by the caller. */
function selectEvents(db: Executor) {
  return db
    .select({ json: eventJson })
    .from(events)
    .innerJoin(categories, eq(categories.id, events.categoryId))
    .leftJoin(...reviewerJoin(events));
}

function toEvent({ json }: { json: EventJson }): Event {
  return { ...json, created_at: new Date(json.created_at).toISOString(), review: toRowReview(json.review) };
}

const eventSortColumns = {
  name: events.name,
  start_date: events.startDate,
  end_date: events.endDate,
  created_at: events.createdAt,
  event_type: events.eventType,
} as const;

/**
 * GET /api/events (extension): one page of a category's events, sorted (ties by id) and filtered by a
 * case-insensitive "contains" on the name and by review state. Without a filter, the total is the category's
 * maintained counter.
 */
export async function listEventsPage(
  db: Executor,
  query: Pick<EventsPageQuery, 'category_id' | 'q' | 'review' | 'sort' | 'dir' | 'offset' | 'limit'>,
): Promise<{ events: Event[]; total: number }> {
  const conditions: SQL[] = [eq(events.categoryId, query.category_id)];
  if (query.q) conditions.push(sql`${events.name} ilike ${containsPattern(query.q)}`);
  const ofState = reviewCondition(events, query.review);
  if (ofState) conditions.push(ofState);
  const where = and(...conditions);
  const direction = query.dir === 'desc' ? desc : asc;
  const [rows, total] = await Promise.all([
    selectEvents(db)
      .where(where)
      .orderBy(direction(eventSortColumns[query.sort]), direction(events.id))
      .limit(query.limit)
      .offset(query.offset),
    conditions.length > 1
      ? db
          .select({ n: count() })
          .from(events)
          .where(where)
          .then(([row]) => Number(row?.n ?? 0))
      : db
          .select({ n: categories.eventsCount })
          .from(categories)
          .where(eq(categories.id, query.category_id))
          .then(([row]) => row?.n ?? 0),
  ]);
  return { events: rows.map(toEvent), total };
}

/** These events as answers (the rows a generation just added), in id order. */
export async function findEvents(db: Executor, ids: readonly number[]): Promise<Event[]> {
  if (ids.length === 0) return [];
  const rows = await selectEvents(db)
    .where(inArray(events.id, [...ids]))
    .orderBy(asc(events.id));
  return rows.map(toEvent);
}
