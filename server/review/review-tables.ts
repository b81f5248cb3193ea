import { sql, type SQL } from 'drizzle-orm';
import { reviewKinds, type ReviewKind } from '../../contract/review';
import { containsPattern } from '../catalogue/brands';
import type { Executor } from '../db/client';

/**
 * The three tables of generated items as the review reads them (docs/decisions/0025-review-of-generated-items.md):
 * each kind's table, the column holding its name, and its rank in the queue's order (events, brands, models, the
 * order of `reviewKinds`; two items of one run are always of one kind, so the rank only orders items without a run).
 */
export interface KindTable {
  kind: ReviewKind;
  /** The table, always aliased `t` in the statements below. */
  table: SQL;
  name: SQL;
  rank: number;
}

export const kindTables: Record<ReviewKind, KindTable> = {
  event: { kind: 'event', table: sql.raw('events'), name: sql.raw('t.name'), rank: reviewKinds.indexOf('event') },
  brand: { kind: 'brand', table: sql.raw('brands'), name: sql.raw('t.name'), rank: reviewKinds.indexOf('brand') },
  equipment: { kind: 'equipment', table: sql.raw('equipments'), name: sql.raw('t.model'), rank: reviewKinds.indexOf('equipment') },
};

/** The queue's filter, as the services read it (contract/review.ts `reviewQueueFilter`). */
export interface QueueFilter {
  kind?: ReviewKind | undefined;
  category_id?: number | undefined;
  subcategory_id?: number | undefined;
  run_id?: number | undefined;
  q?: string | undefined;
}

/** The kinds a filter may match: one, or all three; events have no subcategory, so a subcategory filter leaves them out. */
export function filteredKinds(filter: QueueFilter): KindTable[] {
  return reviewKinds
    .filter((kind) => filter.kind === undefined || filter.kind === kind)
    .filter((kind) => filter.subcategory_id === undefined || kind !== 'event')
    .map((kind) => kindTables[kind]);
}

/** The condition on `t` (one kind's table) of the unreviewed rows matching the filter: the queue's partial index leads. */
export function unreviewedMatching(kind: KindTable, filter: QueueFilter): SQL {
  const conditions: SQL[] = [sql`t.review_state = 'unreviewed'`];
  if (filter.run_id !== undefined) conditions.push(sql`t.run_id = ${filter.run_id}`);
  if (filter.subcategory_id !== undefined) conditions.push(sql`t.subcategory_id = ${filter.subcategory_id}`);
  if (filter.category_id !== undefined)
    conditions.push(
      kind.kind === 'brand'
        ? sql`t.subcategory_id in (select s.id from subcategories s where s.category_id = ${filter.category_id})`
        : sql`t.category_id = ${filter.category_id}`,
    );
  if (filter.q) conditions.push(sql`${kind.name} ilike ${containsPattern(filter.q)}`);
  return sql.join(conditions, sql` and `);
}

export type Rows = { rows: Record<string, unknown>[] };

/** The rows a statement answers. */
export const rowsOf = async (db: Executor, statement: SQL): Promise<Record<string, unknown>[]> =>
  ((await db.execute(statement)) as unknown as Rows).rows;

/** A nullable number column as the drivers hand it over (PostgreSQL's bigint and numeric arrive as text). */
export const numberOrNull = (value: unknown): number | null => (value === null || value === undefined ? null : Number(value));

/** A timestamp as the drivers hand it over (a Date or text), in ISO 8601. */
export const isoOf = (value: unknown): string => (value instanceof Date ? value : new Date(String(value))).toISOString();

/** An int[] literal of these ids, for `= any(...::int[])`. */
export const idList = (ids: readonly number[]) => `{${ids.join(',')}}`;
