import { count, desc, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '../db/client';
import type { brandExclusions, equipmentExclusions } from '../db/schema';

/**
 * One page of a list's ids, in the list's order, as a subquery to join the rows to: the ids come from a covering
 * index alone (cheap even at a deep offset), and the database builds only the page's rows.
 */
export function idPage(
  db: Executor,
  table: PgTable,
  id: AnyPgColumn,
  list: { where?: SQL | undefined; order: SQL[]; offset: number; limit: number },
) {
  return db
    .select({ id })
    .from(table)
    .where(list.where)
    .orderBy(...list.order)
    .limit(list.limit)
    .offset(list.offset)
    .as('page');
}
export type IdPage = ReturnType<typeof idPage>;

/** An exclusion list: its table, the excluded row's id and when it was excluded. */
export interface ExclusionList {
  table: typeof brandExclusions | typeof equipmentExclusions;
  id: AnyPgColumn;
  createdAt: AnyPgColumn;
}

/** One page of an exclusion list, newest exclusion first (`rowsOf` reads the page's rows in that order), and its length. */
export async function exclusionPage<Row>(
  db: Executor,
  list: ExclusionList,
  page: { offset: number; limit: number },
  rowsOf: (ids: IdPage, order: SQL[]) => PromiseLike<Row[]>,
): Promise<{ rows: Row[]; total: number }> {
  const order = [desc(list.createdAt), desc(list.id)];
  const ids = idPage(db, list.table, list.id, { order, ...page });
  const [rows, [counted]] = await Promise.all([rowsOf(ids, order), db.select({ n: count() }).from(list.table)]);
  return { rows, total: Number(counted?.n ?? 0) };
}
