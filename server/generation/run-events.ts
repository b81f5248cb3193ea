import type { Database } from '../db/client';
import { runChanged, type Notifier } from '../notify/notifier';
import { findRuns } from './run-views';

/**
 * Tells each run's operator how these runs are now (`runchanged` on their own channel), after the change committed.
 * Never fails the caller: a run that cannot be read is left for the next event or the next fetch.
 */
export async function announceRuns(deps: { db: Database; notifier: Notifier }, ids: readonly number[]): Promise<void> {
  if (!deps.notifier || ids.length === 0) return;
  try {
    for (const { userId, run } of await findRuns(deps.db, ids)) {
      if (userId !== null) runChanged(deps.notifier, userId, run);
    }
  } catch {
    // The database is failing: the screens refetch when they next show the runs.
  }
}
