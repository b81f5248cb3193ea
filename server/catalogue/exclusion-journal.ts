import type { ExclusionChangeAnswer } from '../../contract/exclusion-changes';
import type { Transaction } from '../db/client';
import { exclusionChangeRows, exclusionChanges } from '../db/schema';

/**
 * The journal of exclusion changes (docs/decisions/0011-undo-as-a-journal-of-exclusion-changes.md): every exclude or un-exclude records, in its own transaction,
 * the brands and models it really flipped, so that its operator can undo it (exclusion-undo.ts).
 */

/** One brand or model a change flipped, and the state it left it in. */
export interface FlippedRow {
  kind: 'brand' | 'equipment';
  id: number;
  excluded: boolean;
  /** An un-exclusion: the removed exclusion's author and time (an undo puts it back with them). */
  previous?: { createdBy: number | null; createdAt: Date };
}

/** Rows a statement inserts at most (5 parameters a row, PostgreSQL takes 65,535 a statement). */
const rowsPerInsert = 10_000;

/**
 * Records one change made by `userId` inside the caller's transaction and answers its `undo` part: null when no row
 * changed (an exclusion already there, an un-exclusion of what was not excluded), so there is nothing to undo.
 */
export async function recordExclusionChange(
  tx: Transaction,
  change: { userId: number; label: string; rows: readonly FlippedRow[] },
): Promise<ExclusionChangeAnswer['undo']> {
  if (change.rows.length === 0) return null;
  const [recorded] = await tx
    .insert(exclusionChanges)
    .values({ userId: change.userId, label: change.label })
    .returning({ id: exclusionChanges.id });
  if (!recorded) throw new Error('The exclusion change was not recorded');
  for (let start = 0; start < change.rows.length; start += rowsPerInsert) {
    await tx.insert(exclusionChangeRows).values(
      change.rows.slice(start, start + rowsPerInsert).map((row) => ({
        changeId: recorded.id,
        kind: row.kind,
        targetId: row.id,
        excluded: row.excluded,
        previousCreatedBy: row.previous?.createdBy ?? null,
        previousCreatedAt: row.previous?.createdAt ?? null,
      })),
    );
  }
  return { change_id: recorded.id };
}
