import { eq, sql, type SQL } from 'drizzle-orm';
import { reviewMessages, type RejectReason, type ReviewDecisionAnswer, type ReviewKind } from '../../contract/review';
import type { Database, Transaction } from '../db/client';
import { exclusionChanges } from '../db/schema';
import { ConflictError, InvalidInputError, NotFoundError } from '../domain-errors';
import type { Notifier } from '../notify/notifier';
import { decideKind, type DecidedRow, type Verdict } from './decision-statement';
import { decisionLabel, decisionMessage, decisionMessages } from './decision-messages';
import { announceDecided } from './decision-events';
import { filteredKinds, idList, kindTables, rowsOf, unreviewedMatching, type KindTable, type QueueFilter } from './review-tables';

/**
 * POST /api/review/decisions (docs/decisions/0025-review-of-generated-items.md): accepts or rejects the unreviewed
 * items of a selection, hand-picked or every one matching the queue's filter, in one transaction recorded as one
 * change of the exclusion journal, so that one Undo takes it back (server/catalogue/exclusion-undo.ts).
 */

export interface DecisionInput {
  userId: number;
  decision: 'accept' | 'reject';
  reason?: RejectReason | undefined;
  comment?: string | undefined;
  duplicate_of?: number | undefined;
  selection: { items: { kind: ReviewKind; id: number }[] } | { filter: QueueFilter };
}

/** One kind's part of the selection: the condition on its table `t`, and how many items it picks (0: a filter's). */
interface KindPart {
  kind: KindTable;
  where: SQL;
  picked: number;
}

/** The picked items by kind, each checked to exist (404) and locked until the decision commits. */
async function pickedParts(tx: Transaction, items: readonly { kind: ReviewKind; id: number }[]): Promise<KindPart[]> {
  const parts: KindPart[] = [];
  for (const kind of Object.values(kindTables)) {
    const ids = [...new Set(items.filter((item) => item.kind === kind.kind).map((item) => item.id))];
    if (ids.length === 0) continue;
    const where = sql`t.id = any(${idList(ids)}::int[])`;
    const found = await rowsOf(tx, sql`select t.id from ${kind.table} t where ${where} order by t.id for update`);
    if (found.length !== ids.length) throw new NotFoundError('Item', reviewMessages.itemNotFound);
    parts.push({ kind, where, picked: ids.length });
  }
  return parts;
}

/** A duplicate names an existing item of the same kind as every item rejected, and not one of them (422). */
async function checkDuplicateOf(tx: Transaction, parts: readonly KindPart[], input: DecisionInput): Promise<number | null> {
  if (input.decision !== 'reject' || input.reason !== 'duplicate' || input.duplicate_of === undefined) return null;
  const [part, ...others] = parts;
  if (!part || others.length > 0) throw new InvalidInputError('duplicate_of', decisionMessages.duplicateKind);
  const id = input.duplicate_of;
  const found = await rowsOf(tx, sql`select 1 from ${part.kind.table} t where t.id = ${id} for share`);
  if (found.length === 0) throw new InvalidInputError('duplicate_of', decisionMessages.duplicateMissing);
  if ('items' in input.selection && input.selection.items.some((item) => item.kind === part.kind.kind && item.id === id))
    throw new InvalidInputError('duplicate_of', decisionMessages.duplicateOfItself);
  return id;
}

/** The change every decided row is journalled under (its label is set once the rows are known). */
async function openChange(tx: Transaction, userId: number): Promise<number> {
  const [change] = await tx.insert(exclusionChanges).values({ userId, label: 'review' }).returning({ id: exclusionChanges.id });
  if (!change) throw new Error('The review change was not recorded');
  return change.id;
}

interface Decided {
  rows: Map<ReviewKind, DecidedRow[]>;
  count: number;
  skipped: number;
  changeId: number;
  label: string;
}

async function decideInTransaction(
  tx: Transaction,
  input: DecisionInput,
  verdictOf: (changeId: number, duplicateOf: number | null) => Verdict,
): Promise<Decided> {
  const { selection } = input;
  const parts =
    'items' in selection
      ? await pickedParts(tx, selection.items)
      : filteredKinds(selection.filter).map((kind) => ({ kind, where: unreviewedMatching(kind, selection.filter), picked: 0 }));
  const duplicateOf = await checkDuplicateOf(tx, parts, input);
  const changeId = await openChange(tx, input.userId);
  const verdict = verdictOf(changeId, duplicateOf);
  const rows = new Map<ReviewKind, DecidedRow[]>();
  for (const part of parts) rows.set(part.kind.kind, await decideKind(tx, part.kind, part.where, verdict));
  const all = [...rows.values()].flat();
  // Every picked item exists (it is locked): those not decided were reviewed already. A filter selects only unreviewed ones.
  const skipped = 'items' in selection ? parts.reduce((sum, part) => sum + part.picked, 0) - all.length : 0;
  const [only] = all;
  if (all.length === 0 || !only) throw new ConflictError(reviewMessages.nothingToDecide);
  const label = decisionLabel({ label: only.label, count: all.length });
  await tx
    .update(exclusionChanges)
    .set({ label: label.slice(0, 520) })
    .where(eq(exclusionChanges.id, changeId));
  return { rows, count: all.length, skipped, changeId, label: only.label };
}

/** POST /api/review/decisions */
export async function decideReview(db: Database, notifier: Notifier, input: DecisionInput): Promise<ReviewDecisionAnswer> {
  const state = input.decision === 'accept' ? 'accepted' : 'rejected';
  const reason = state === 'rejected' ? (input.reason ?? null) : null;
  const decided = await db.transaction((tx) =>
    decideInTransaction(tx, input, (changeId, duplicateOf) => ({
      changeId,
      userId: input.userId,
      state,
      reason,
      comment: state === 'rejected' ? input.comment || null : null,
      duplicateOf,
    })),
  );
  await announceDecided(notifier, db, decided.rows);
  return {
    message: decisionMessage({ state, reason }, { label: decided.label, count: decided.count }, decided.skipped),
    decided: decided.count,
    skipped: decided.skipped,
    undo: { change_id: decided.changeId },
  };
}
