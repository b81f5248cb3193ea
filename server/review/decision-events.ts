import type { ReviewKind } from '../../contract/review';
import { announceBrandExclusions } from '../catalogue/brand-exclusion-events';
import type { Executor } from '../db/client';
import { equipmentsChanged, eventsUpdated, type Notifier } from '../notify/notifier';
import { announceReviewChanged, type ReviewChange } from './review-events';

/** Rows a decision or its undo changed, by kind: each row's id and the subcategory (brands, models) or category (events) it is shown in. */
export type ChangedByKind = ReadonlyMap<ReviewKind, readonly { id: number; groupId: number }[]>;

/**
 * Tells the screens what a review decision or its undo changed, once committed: the queue (`reviewchanged`), and the
 * grids showing the rows (a few events however many rows: brands as exclusions are announced, models by subcategory,
 * events by category).
 */
export async function announceReviewRows(notifier: Notifier, db: Executor, changed: ChangedByKind, change: ReviewChange): Promise<void> {
  const of = (kind: ReviewKind) => changed.get(kind) ?? [];
  announceBrandExclusions(
    notifier,
    of('brand').map((row) => ({ id: row.id, subcategoryId: row.groupId })),
  );
  equipmentsChanged(
    notifier,
    of('equipment').map((row) => row.groupId),
  );
  for (const categoryId of new Set(of('event').map((row) => row.groupId))) eventsUpdated(notifier, categoryId);
  await announceReviewChanged(notifier, db, change);
}

/** After a decision: the decided ids by kind. */
export function announceDecided(notifier: Notifier, db: Executor, decided: ChangedByKind): Promise<void> {
  const groups = [...decided].map(([kind, rows]) => ({ kind, ids: rows.map((row) => row.id) }));
  return announceReviewRows(notifier, db, decided, { decided: groups });
}
