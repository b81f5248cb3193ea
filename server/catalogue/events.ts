import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Event, EventsPageQuery } from '../../contract/events';
import type { Executor } from '../db/client';
import { categories, events } from '../db/schema';
import { containsPattern } from './brands';

/** An event answer built by the database as one JSON value a row (see equipments.ts); `created_at` made ISO here. */
const eventJson = sql<Event>`json_build_object(
  'id', ${events.id}, 'category_id', ${events.categoryId}, 'category', json_build_object('name', ${categories.name}),
  'name', ${events.name}, 'description', ${events.description}, 'address', ${events.address}, 'website', ${events.website},
  'event_type', ${events.eventType}, 'start_date', ${events.startDate}, 'end_date', ${events.endDate},
  'seo_title', ${events.seoTitle}, 'seo_description', ${events.seoDescription}, 'created_at', ${events.createdAt})`;

const eventSortColumns = {
  name: events.name,
  start_date: events.startDate,
  end_date: events.endDate,
  created_at: events.createdAt,
  event_type: events.eventType,
} as const;

/**
 * GET /api/events (extension): one page of a category's events, sorted (ties by id) and filtered by a
 * case-insensitive "contains" on the name. Without a filter, the total is the category's maintained counter.
 */
export async function listEventsPage(
  db: Executor,
  query: Pick<EventsPageQuery, 'category_id' | 'q' | 'sort' | 'dir' | 'offset' | 'limit'>,
): Promise<{ events: Event[]; total: number }> {
  const conditions: SQL[] = [eq(events.categoryId, query.category_id)];
  if (query.q) conditions.push(sql`${events.name} ilike ${containsPattern(query.q)}`);
  const where = and(...conditions);
  const direction = query.dir === 'desc' ? desc : asc;
  const [rows, total] = await Promise.all([
    db
      .select({ json: eventJson })
      .from(events)
      .innerJoin(categories, eq(categories.id, events.categoryId))
      .where(where)
      .orderBy(direction(eventSortColumns[query.sort]), direction(events.id))
      .limit(query.limit)
      .offset(query.offset),
    query.q
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
  return { events: rows.map(({ json }) => ({ ...json, created_at: new Date(json.created_at).toISOString() })), total };
}

/** These events as answers (the rows a generation just added), in id order. */
export async function findEvents(db: Executor, ids: readonly number[]): Promise<Event[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ json: eventJson })
    .from(events)
    .innerJoin(categories, eq(categories.id, events.categoryId))
    .where(inArray(events.id, [...ids]))
    .orderBy(asc(events.id));
  return rows.map(({ json }) => ({ ...json, created_at: new Date(json.created_at).toISOString() }));
}
