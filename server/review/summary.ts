import { sql } from 'drizzle-orm';
import type { ReviewSummaryAnswer } from '../../contract/review';
import type { Executor } from '../db/client';
import { unreviewedCounts } from './review-events';
import { rowsOf } from './review-tables';

/** Items this operator decided since the start of today (UTC), over the `*_reviewed_idx` indexes. */
async function decidedToday(db: Executor, userId: number): Promise<number> {
  const today = sql`date_trunc('day', now() at time zone 'UTC') at time zone 'UTC'`;
  const decided = (table: string) =>
    sql`(select count(*) from ${sql.raw(table)} t where t.reviewed_by = ${userId} and t.reviewed_at >= ${today})`;
  const [row] = await rowsOf(db, sql`select (${decided('events')} + ${decided('brands')} + ${decided('equipments')})::int as decided`);
  return Number(row?.decided ?? 0);
}

/** GET /api/review/summary: the unreviewed counts, and the signed-in operator's day (decided today, left to decide). */
export async function reviewSummary(db: Executor, userId: number): Promise<ReviewSummaryAnswer> {
  const [unreviewed, decided] = await Promise.all([unreviewedCounts(db), decidedToday(db, userId)]);
  return { unreviewed, today: { decided, left: unreviewed.total } };
}
