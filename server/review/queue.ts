import { sql } from 'drizzle-orm';
import { reviewKinds, type ReviewItemsAnswer, type ReviewKind } from '../../contract/review';
import type { Executor } from '../db/client';
import { afterKey, decodeCursor, encodeCursor, orderOf, type QueueOrder, type SortKey } from './queue-cursor';
import { reviewItemsByKey } from './queue-items';
import { reviewRuns } from './queue-runs';
import { filteredKinds, numberOrNull, rowsOf, unreviewedMatching, type QueueFilter } from './review-tables';

/**
 * GET /api/review/items (docs/decisions/0025-review-of-generated-items.md): a page of the unreviewed items matching
 * the filter, oldest run first or by duplicate score, after the cursor. Each kind's next rows come from its partial
 * `*_unreviewed_idx` index (a page never reads more than `limit` rows a kind), merged into one page; then the page's
 * items and runs in full, and the matches counted over the same indexes.
 */
export async function listReviewItems(
  db: Executor,
  query: QueueFilter & { order: QueueOrder; cursor?: string | undefined; limit: number },
): Promise<ReviewItemsAnswer> {
  const after = query.cursor === undefined ? undefined : decodeCursor(query.order, query.cursor);
  const kinds = filteredKinds(query);
  if (kinds.length === 0) return { items: [], runs: [], total: 0, next_cursor: null };

  const perKind = kinds.map(
    (kind) => sql`(select ${kind.rank}::int as rank, t.id, t.run_id, t.likely_duplicate_score
      from ${kind.table} t
      where ${unreviewedMatching(kind, query)}${after === undefined ? sql`` : sql` and ${afterKey(query.order, kind, after)}`}
      order by ${orderOf(query.order, false)} limit ${query.limit + 1})`,
  );
  const counts = kinds.map((kind) => sql`(select count(*) from ${kind.table} t where ${unreviewedMatching(kind, query)})`);
  const [keys, counted] = await Promise.all([
    rowsOf(
      db,
      sql`select * from (${sql.join(perKind, sql` union all `)}) page order by ${orderOf(query.order, true)} limit ${query.limit + 1}`,
    ),
    rowsOf(db, sql`select (${sql.join(counts, sql` + `)})::int as total`),
  ]);

  const page: SortKey[] = keys.slice(0, query.limit).map((row) => ({
    rank: Number(row.rank),
    id: Number(row.id),
    run: numberOrNull(row.run_id),
    score: numberOrNull(row.likely_duplicate_score),
  }));
  const last = page.at(-1);
  const itemKeys = page.map((key) => ({ kind: reviewKinds[key.rank] as ReviewKind, id: key.id }));
  const runIds = [...new Set(page.flatMap((key) => (key.run === null ? [] : [key.run])))];
  const [items, runs] = await Promise.all([reviewItemsByKey(db, itemKeys), reviewRuns(db, runIds)]);
  return {
    items,
    runs,
    total: Number(counted[0]?.total ?? 0),
    next_cursor: keys.length > query.limit && last ? encodeCursor(query.order, last) : null,
  };
}
