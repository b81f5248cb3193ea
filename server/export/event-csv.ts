import type { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import type { Event } from '../../contract/events';
import { eventExportColumns, type EventsExportQuery } from '../../contract/grid-exports';
import { listEventsPage } from '../catalogue/events';
import type { Executor } from '../db/client';
import { categories } from '../db/schema';
import { NotFoundError } from '../domain-errors';
import { offsetBatchesOf } from './batches';
import { csvStream, type CsvCells } from './csv';
import { reviewCells } from './review-cells';

const eventCells: CsvCells<Event, keyof typeof eventExportColumns> = {
  name: (e) => e.name,
  category: (e) => e.category.name,
  description: (e) => e.description,
  address: (e) => e.address,
  website: (e) => e.website,
  event_type: (e) => e.event_type,
  start_date: (e) => e.start_date,
  end_date: (e) => e.end_date,
  seo_title: (e) => e.seo_title,
  seo_description: (e) => e.seo_description,
  created_at: (e) => e.created_at,
  ...reviewCells((e: Event) => e.review),
};

/**
 * GET /api/events/export: a category's events as the grid lists them (GET /api/events: its filter, sort and rows),
 * read a page at a time. 404 before anything is sent when the category does not exist.
 */
export async function eventsCsv(db: Executor, query: EventsExportQuery): Promise<{ name: string; csv: Readable }> {
  const [category] = await db.select({ name: categories.name }).from(categories).where(eq(categories.id, query.category_id));
  if (!category) throw new NotFoundError('Category');
  const batches = offsetBatchesOf(async (offset, limit) => (await listEventsPage(db, { ...query, offset, limit })).events);
  return {
    name: `events-${category.name}`,
    csv: csvStream({ headers: eventExportColumns, cells: eventCells, columns: query.columns, batches }),
  };
}
