import { sql, type SQL } from 'drizzle-orm';
import type { RejectReason, ReviewKind } from '../../contract/review';
import type { Transaction } from '../db/client';
import { rowsOf, type KindTable } from './review-tables';

/**
 * One kind's part of a review decision, as one statement (docs/decisions/0025-review-of-generated-items.md): the
 * unreviewed rows the selection names are locked, set to the decision, journalled with the review they had (the
 * change's `review_change_rows`), and, for rejected brands and models, excluded (the change's `exclusion_change_rows`
 * for the exclusions it made; one already there is left as it is). Set-based, so 10,000 rows are one statement.
 */

/** What a decision sets. */
export interface Verdict {
  changeId: number;
  userId: number;
  state: 'accepted' | 'rejected';
  reason: RejectReason | null;
  comment: string | null;
  duplicateOf: number | null;
}

/** A decided row: its id, the subcategory (brands, models) or category (events) its grid shows it in, and its label. */
export interface DecidedRow {
  id: number;
  groupId: number;
  label: string;
}

/** The grid a kind's rows are announced by (server/notify/notifier.ts), and the label a one-item message names. */
const shownIn: Record<ReviewKind, { group: SQL; label: SQL }> = {
  event: { group: sql`t.category_id`, label: sql`t.name` },
  brand: { group: sql`t.subcategory_id`, label: sql`t.name` },
  equipment: { group: sql`t.subcategory_id`, label: sql`t.brand || ' - ' || t.model` },
};

/** The exclusions a rejection makes, and their journal rows (brands and models only: rejected events just stay rejected). */
function exclusionsMade(kind: ReviewKind, verdict: Verdict): SQL {
  if (verdict.state !== 'rejected' || kind === 'event') return sql``;
  const [table, key] = kind === 'brand' ? ['brand_exclusions', 'brand_id'] : ['equipment_exclusions', 'equipment_id'];
  return sql`,
    excluded as (
      insert into ${sql.raw(table)} (${sql.raw(key)}, created_by)
      select id, ${verdict.userId}::int from decided
      on conflict do nothing
      returning ${sql.raw(key)} as id),
    excluded_journal as (
      insert into exclusion_change_rows (change_id, kind, target_id, excluded)
      select ${verdict.changeId}::int, ${kind}, id, true from excluded)`;
}

/** Decides the rows of `t` (one kind's table) that `where` selects and are still unreviewed; answers them, by id. */
export async function decideKind(tx: Transaction, kind: KindTable, where: SQL, verdict: Verdict): Promise<DecidedRow[]> {
  const shown = shownIn[kind.kind];
  const rows = await rowsOf(
    tx,
    sql`
    with target as (
      select t.id, t.review_state, t.review_reason, t.review_comment, t.duplicate_of, t.reviewed_by, t.reviewed_at
      from ${kind.table} t where ${where} and t.review_state = 'unreviewed'
      -- In id order, as every decision locks them: two decisions of overlapping selections wait, never deadlock.
      order by t.id
      for update),
    decided as (
      update ${kind.table} t set review_state = ${verdict.state}, review_reason = ${verdict.reason},
        review_comment = ${verdict.comment}, duplicate_of = ${verdict.duplicateOf}::int,
        reviewed_by = ${verdict.userId}::int, reviewed_at = now()
      from target where t.id = target.id
      returning t.id, ${shown.group} as group_id, ${shown.label} as label),
    journal as (
      insert into review_change_rows (change_id, kind, target_id, state, previous_state, previous_reason, previous_comment,
        previous_duplicate_of, previous_reviewed_by, previous_reviewed_at)
      select ${verdict.changeId}::int, ${kind.kind}, id, ${verdict.state}, review_state, review_reason, review_comment,
        duplicate_of, reviewed_by, reviewed_at
      from target)${exclusionsMade(kind.kind, verdict)}
    select id, group_id, label from decided order by id`,
  );
  return rows.map((row) => ({ id: Number(row.id), groupId: Number(row.group_id), label: String(row.label) }));
}
