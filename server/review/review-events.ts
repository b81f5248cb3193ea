import { sql } from 'drizzle-orm';
import { reviewEventIdsLimit, type ReviewChangedPayload, type ReviewKind, type ReviewSummaryAnswer } from '../../contract/review';
import { channels, realtimeEvents } from '../../contract/realtime';
import type { Executor } from '../db/client';
import { brands, equipments, events } from '../db/schema';
import type { Notifier } from '../notify/notifier';

/** How many items are unreviewed, by kind: three counts over the partial indexes of migration 0018. */
export async function unreviewedCounts(db: Executor): Promise<ReviewSummaryAnswer['unreviewed']> {
  const count = (table: typeof brands | typeof equipments | typeof events) =>
    sql<number>`(select count(*)::int from ${table} where ${table.reviewState} = 'unreviewed')`;
  const result = (await db.execute(
    sql`select ${count(events)} as event, ${count(brands)} as brand, ${count(equipments)} as equipment`,
  )) as unknown as { rows: { event: number; brand: number; equipment: number }[] };
  const row = result.rows[0] ?? { event: 0, brand: 0, equipment: 0 };
  const event = Number(row.event);
  const brand = Number(row.brand);
  const equipment = Number(row.equipment);
  return { total: event + brand + equipment, event, brand, equipment };
}

/**
 * What changed in the queue: items decided (by kind), a run that stored unreviewed items, or an undo that put decided
 * items back (they return to the queue: a screen refetches, as after a decision too big to list).
 */
export type ReviewChange =
  { decided: ReadonlyArray<{ kind: ReviewKind; ids: readonly number[] }> } | { addedByRun: number } | { undone: true };

/**
 * Tells every screen that the queue changed (after the change committed): the counts now, and the decided ids when
 * they are few enough to patch a cached page by (else `decided_all`, and a screen refetches).
 */
export async function announceReviewChanged(notifier: Notifier, db: Executor, change: ReviewChange): Promise<void> {
  if (!notifier) return;
  const unreviewed = await unreviewedCounts(db);
  const decided = 'decided' in change ? change.decided.filter((group) => group.ids.length > 0) : [];
  const decidedCount = decided.reduce((sum, group) => sum + group.ids.length, 0);
  const decidedAll = decidedCount > reviewEventIdsLimit || 'undone' in change;
  const payload: ReviewChangedPayload = {
    unreviewed,
    decided: decidedAll ? [] : decided.map((group) => ({ kind: group.kind, ids: [...group.ids] })),
    decided_all: decidedAll,
    added_by_run: 'addedByRun' in change ? change.addedByRun : null,
  };
  notifier.publish(channels.review, realtimeEvents.reviewChanged, payload).catch(() => undefined);
}
