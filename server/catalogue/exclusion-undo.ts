import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { undoMessages, undoWindowMinutes, type UndoAnswer } from '../../contract/exclusion-changes';
import type { Database, Transaction } from '../db/client';
import { brandExclusions, brands, equipmentExclusions, equipments, exclusionChangeRows, exclusionChanges } from '../db/schema';
import { ConflictError, NotFoundError } from '../domain-errors';
import { equipmentsChanged, type Notifier } from '../notify/notifier';
import { announceReviewRows } from '../review/decision-events';
import { restoreReviewRows, type ReviewRestored } from '../review/review-undo';
import { announceBrandExclusions } from './brand-exclusion-events';
import { insertExclusions } from './exclusion-rows';

/**
 * Undoing an exclusion change (docs/decisions/0011-undo-as-a-journal-of-exclusion-changes.md): in one transaction, every brand and model the change flipped is
 * put back as it was before (an exclusion deleted again, or a removed exclusion inserted again with its author and
 * time), then the change is marked undone. A row is left as it is, and counted as skipped, when it no longer stands
 * as the change left it: a later change that still stands touched it, its state differs (changed outside the
 * journal), or it was deleted. Only the operator who made the change may undo it, within the undo window. A review
 * decision's change also puts its items' reviews back (docs/decisions/0025-review-of-generated-items.md).
 */

type Kind = 'brand' | 'equipment';

interface Restorable {
  id: number;
  excluded: boolean;
  previousCreatedBy: number | null;
  previousCreatedAt: Date | null;
  /** The brand's or model's subcategory (for the events that announce it). */
  subcategoryId: number;
}

/** Rows an `in (...)` list holds at most, well under PostgreSQL's 65,535 parameters a statement. */
const idsPerStatement = 10_000;

function chunks<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let start = 0; start < items.length; start += idsPerStatement) out.push(items.slice(start, start + idsPerStatement));
  return out;
}

/** The change of this operator, locked against a second undo running at the same time (404, 409 as the contract says). */
async function lockedChange(tx: Transaction, changeId: number, userId: number) {
  const [change] = await tx
    .select({
      id: exclusionChanges.id,
      userId: exclusionChanges.userId,
      label: exclusionChanges.label,
      undoneAt: exclusionChanges.undoneAt,
      expired: sql<boolean>`${exclusionChanges.createdAt} < now() - make_interval(mins => ${undoWindowMinutes})`,
    })
    .from(exclusionChanges)
    .where(eq(exclusionChanges.id, changeId))
    .for('update');
  // Another operator's change is not theirs to see: the same 404 as one that does not exist.
  if (!change || change.userId !== userId) throw new NotFoundError('Exclusion change');
  if (change.undoneAt !== null) throw new ConflictError(undoMessages.alreadyUndone);
  if (change.expired) throw new ConflictError(undoMessages.tooOld);
  return change;
}

/**
 * The change's rows of one kind that still stand as it left them, their brand or model locked until the undo commits
 * (an exclude or un-exclude of the same row waits for it, and sees it done).
 */
async function restorableRows(tx: Transaction, changeId: number, kind: Kind): Promise<Restorable[]> {
  const target = kind === 'brand' ? brands : equipments;
  const excludedNow =
    kind === 'brand'
      ? sql<boolean>`exists (select 1 from ${brandExclusions} where ${brandExclusions.brandId} = ${exclusionChangeRows.targetId})`
      : sql<boolean>`exists (select 1 from ${equipmentExclusions} where ${equipmentExclusions.equipmentId} = ${exclusionChangeRows.targetId})`;
  const later = sql`exists (
    select 1 from ${exclusionChangeRows} as later
    join ${exclusionChanges} as later_change on later_change.id = later.change_id
    where later.kind = ${kind} and later.target_id = ${exclusionChangeRows.targetId}
      and later.change_id > ${changeId} and later_change.undone_at is null)`;
  const rows = await tx
    .select({
      id: exclusionChangeRows.targetId,
      excluded: exclusionChangeRows.excluded,
      previousCreatedBy: exclusionChangeRows.previousCreatedBy,
      previousCreatedAt: exclusionChangeRows.previousCreatedAt,
      subcategoryId: target.subcategoryId,
      excludedNow,
      changedLater: sql<boolean>`${later}`,
    })
    .from(exclusionChangeRows)
    // The brand or model itself: a deleted one has no row here and is skipped.
    .innerJoin(target, eq(target.id, exclusionChangeRows.targetId))
    .where(and(eq(exclusionChangeRows.changeId, changeId), eq(exclusionChangeRows.kind, kind)))
    .orderBy(asc(exclusionChangeRows.targetId))
    .for('no key update', { of: target });
  return rows
    .filter((row) => !row.changedLater && row.excludedNow === row.excluded)
    .map((row) => ({
      id: row.id,
      excluded: row.excluded,
      previousCreatedBy: row.previousCreatedBy,
      previousCreatedAt: row.previousCreatedAt,
      subcategoryId: row.subcategoryId,
    }));
}

/**
 * Puts rows of one kind back: the exclusions the change made are deleted, those it removed are inserted again.
 * Answers the rows it put back. A row another transaction flipped after `restorableRows` read it (an "exclude all
 * matching" committing meanwhile: the brand's row lock does not stop an exclusion being inserted) is changed since:
 * its delete finds nothing, its insert meets the other's row and does nothing, and it is skipped.
 */
async function restore(tx: Transaction, kind: Kind, rows: readonly Restorable[]): Promise<Restorable[]> {
  const table = kind === 'brand' ? brandExclusions : equipmentExclusions;
  const key = kind === 'brand' ? brandExclusions.brandId : equipmentExclusions.equipmentId;
  const byId = new Map(rows.map((row) => [row.id, row]));
  const restoredIds: number[] = [];
  for (const part of chunks(rows.filter((row) => row.excluded))) {
    const ids = part.map((row) => row.id);
    const deleted = await tx.delete(table).where(inArray(key, ids)).returning({ id: key });
    restoredIds.push(...deleted.map((row) => row.id));
  }
  // Inserted again with the author and time it had, so the exclusion lists (newest first) keep their order.
  const asBefore = (row: Restorable) => ({ createdBy: row.previousCreatedBy, createdAt: row.previousCreatedAt ?? new Date() });
  for (const part of chunks(rows.filter((row) => !row.excluded))) {
    const inserted = await insertExclusions(
      tx,
      kind,
      part.map((row) => ({ id: row.id, ...asBefore(row) })),
    );
    restoredIds.push(...inserted);
  }
  return restoredIds.flatMap((id) => byId.get(id) ?? []);
}

/** POST /api/exclusion-changes/{id}/undo */
export async function undoExclusionChange(
  db: Database,
  notifier: Notifier,
  input: { changeId: number; userId: number },
): Promise<UndoAnswer> {
  const outcome = await db.transaction(async (tx) => {
    const change = await lockedChange(tx, input.changeId, input.userId);
    const [counted] = await tx
      .select({
        rows: sql<number>`count(*)::int`,
        brands: sql<number>`count(*) filter (where ${exclusionChangeRows.kind} = 'brand')::int`,
        excluded: sql<boolean>`bool_and(${exclusionChangeRows.excluded})`,
      })
      .from(exclusionChangeRows)
      .where(eq(exclusionChangeRows.changeId, change.id));
    const brandRows = await restore(tx, 'brand', await restorableRows(tx, change.id, 'brand'));
    const equipmentRows = await restore(tx, 'equipment', await restorableRows(tx, change.id, 'equipment'));
    const review = await restoreReviewRows(tx, change.id);
    await tx
      .update(exclusionChanges)
      .set({ undoneAt: sql`now()` })
      .where(and(eq(exclusionChanges.id, change.id), isNull(exclusionChanges.undoneAt)));
    return { change, counted, brandRows, equipmentRows, review };
  });

  const { change, counted, brandRows, equipmentRows, review } = outcome;
  if (review.rows > 0) return reviewUndone(db, notifier, { label: change.label, review, brandRows, equipmentRows });
  // A few events however many rows the change held (a bulk action's undo may put back tens of thousands).
  announceBrandExclusions(notifier, brandRows);
  equipmentsChanged(
    notifier,
    equipmentRows.map((row) => row.subcategoryId),
  );

  const rows = counted?.rows ?? 0;
  const restored = brandRows.length + equipmentRows.length;
  const skipped = rows - restored;
  const brandCount = counted?.brands ?? 0;
  const noun =
    brandCount === rows
      ? { one: 'brand', many: 'brands' }
      : brandCount === 0
        ? { one: 'model', many: 'models' }
        : { one: 'row', many: 'rows' };
  const message = undoMessages.done({ label: change.label, rows, excluded: counted?.excluded ?? true, noun }, restored, skipped);
  return { message, restored, skipped };
}

/** The undo of a review decision: its items back in the queue (and the exclusions its rejections made, removed). */
async function reviewUndone(
  db: Database,
  notifier: Notifier,
  undone: { label: string; review: ReviewRestored; brandRows: readonly Restorable[]; equipmentRows: readonly Restorable[] },
): Promise<UndoAnswer> {
  const { review } = undone;
  const withExclusions = (kind: 'brand' | 'equipment', rows: readonly Restorable[]) => {
    const byId = new Map((review.restored.get(kind) ?? []).map((row) => [row.id, row]));
    for (const row of rows) byId.set(row.id, { id: row.id, groupId: row.subcategoryId });
    return [...byId.values()];
  };
  const changed = new Map(review.restored);
  changed.set('brand', withExclusions('brand', undone.brandRows));
  changed.set('equipment', withExclusions('equipment', undone.equipmentRows));
  await announceReviewRows(notifier, db, changed, { undone: true });
  const restored = [...review.restored.values()].reduce((sum, rows) => sum + rows.length, 0);
  const skipped = review.rows - restored;
  return { message: undoMessages.reviewDone({ label: undone.label, rows: review.rows }, restored, skipped), restored, skipped };
}
