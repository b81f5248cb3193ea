import { sql } from 'drizzle-orm';
import { reviewKinds, type ReviewKind } from '../../contract/review';
import type { Transaction } from '../db/client';
import { kindTables, rowsOf } from './review-tables';

/**
 * The review part of an undo (docs/decisions/0025-review-of-generated-items.md, in the journal of
 * docs/decisions/0011-undo-as-a-journal-of-exclusion-changes.md): every item a decision changed gets back the review
 * it had (state, reason, comment, duplicate, reviewer and time), unless it no longer stands as the decision left it:
 * its state differs now, a later change that still stands decided it again, or it was deleted. One statement a kind.
 */

/** The review rows of a change: how many it holds, and those put back by kind (id, and subcategory or category). */
export interface ReviewRestored {
  rows: number;
  restored: Map<ReviewKind, { id: number; groupId: number }[]>;
}

const groupOf: Record<ReviewKind, string> = { event: 't.category_id', brand: 't.subcategory_id', equipment: 't.subcategory_id' };

async function restoreKind(tx: Transaction, changeId: number, kind: ReviewKind): Promise<{ id: number; groupId: number }[]> {
  const rows = await rowsOf(
    tx,
    sql`
    with restorable as (
      select r.target_id, r.previous_state, r.previous_reason, r.previous_comment, r.previous_duplicate_of,
        r.previous_reviewed_by, r.previous_reviewed_at
      from review_change_rows r
      join ${kindTables[kind].table} t on t.id = r.target_id
      where r.change_id = ${changeId} and r.kind = ${kind} and t.review_state = r.state
        -- Uncorrelated (the later standing changes' rows, hashed once): a per-row probe is planned as a scan of the
        -- whole change's rows when its just-inserted rows have no statistics yet.
        and r.target_id not in (
          select later.target_id from review_change_rows later join exclusion_changes later_change on later_change.id = later.change_id
          where later.kind = ${kind} and later.change_id > ${changeId} and later_change.undone_at is null)
      for no key update of t)
    update ${kindTables[kind].table} t set review_state = p.previous_state, review_reason = p.previous_reason,
      review_comment = p.previous_comment, duplicate_of = p.previous_duplicate_of,
      reviewed_by = p.previous_reviewed_by, reviewed_at = p.previous_reviewed_at
    from restorable p where t.id = p.target_id
    returning t.id, ${sql.raw(groupOf[kind])} as group_id`,
  );
  return rows.map((row) => ({ id: Number(row.id), groupId: Number(row.group_id) }));
}

/** Puts back the review of every item the change decided that still stands as it left it. */
export async function restoreReviewRows(tx: Transaction, changeId: number): Promise<ReviewRestored> {
  const [counted] = await rowsOf(tx, sql`select count(*)::int as n from review_change_rows where change_id = ${changeId}`);
  const rows = Number(counted?.n ?? 0);
  const restored = new Map<ReviewKind, { id: number; groupId: number }[]>();
  if (rows === 0) return { rows, restored };
  for (const kind of reviewKinds) restored.set(kind, await restoreKind(tx, changeId, kind));
  return { rows, restored };
}
