import { count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { ExclusionAuthorship } from '../../contract/exclusions';
import type { Executor } from '../db/client';
import { users, type brandExclusions, type equipmentExclusions } from '../db/schema';

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

/** An exclusion list: its table, the excluded row's id, when it was excluded and by whom. */
export interface ExclusionList {
  table: typeof brandExclusions | typeof equipmentExclusions;
  id: AnyPgColumn;
  createdAt: AnyPgColumn;
  createdBy: AnyPgColumn;
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

/**
 * These listed rows with who excluded each (the operator's name, else their email; null when unknown) and when
 * (contract/exclusions.ts).
 */
export async function withExclusionAuthorship<Row extends { id: number }>(
  db: Executor,
  list: ExclusionList,
  rows: Row[],
): Promise<(Row & ExclusionAuthorship)[]> {
  if (rows.length === 0) return [];
  const authorship = await db
    .select({
      id: list.id,
      at: list.createdAt,
      by: sql<string | null>`coalesce(nullif(trim(${users.name}), ''), ${users.email})`,
    })
    .from(list.table)
    .leftJoin(users, eq(users.id, list.createdBy))
    .where(
      inArray(
        list.id,
        rows.map((row) => row.id),
      ),
    );
  const byId = new Map(
    authorship.map((a) => [Number(a.id), { excluded_by: a.by, excluded_at: new Date(a.at as Date | string).toISOString() }]),
  );
  // A row un-excluded between the two reads is no longer in the list.
  return rows.flatMap((row) => {
    const excluded = byId.get(row.id);
    return excluded ? [{ ...row, ...excluded }] : [];
  });
}
