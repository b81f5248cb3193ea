import { eq, sql } from 'drizzle-orm';
import { runMessages } from '../../contract/runs';
import { statusNames } from '../../contract/statuses';
import { countInProgress, serializeStatus } from '../catalogue/statuses';
import type { Database } from '../db/client';
import { brands, generationRuns } from '../db/schema';
import { ConflictError, NotFoundError } from '../domain-errors';
import { escapeHtml } from '../html';
import { balanceChanged, brandUpdated, equipmentsChanged, statusChanged, type Notifier } from '../notify/notifier';
import { settleRun } from '../tokens/ledger';
import { announceRuns } from './run-events';
import { setStatuses } from './runs';
import { targetOfRun } from './targets';
import type { GenerationWorker } from './worker';

/**
 * POST /api/runs/{id}/cancel: ends one of the operator's unfinished runs at once, as Cancelled, in one transaction
 * with the release of its hold (nothing is charged) and its target's status. A run in progress is ended all the
 * same: the process working on it finds its row ended, so its provider call is aborted (at once in this process,
 * at the next heartbeat in another) and whatever it would store or charge can no longer commit (finishing a run
 * requires it unfinished). 404 for a run that is missing or another operator's; 409 for one that has ended.
 */
export async function cancelRun(
  deps: { db: Database; notifier: Notifier; worker: GenerationWorker },
  input: { userId: number; runId: number; email: string },
): Promise<void> {
  const text = runMessages.cancelled(input.email);
  const { run, status, balance } = await deps.db.transaction(async (tx) => {
    const [run] = await tx.select().from(generationRuns).where(eq(generationRuns.id, input.runId)).for('update');
    if (!run || run.userId !== input.userId) throw new NotFoundError('Run');
    if (run.finishedAt !== null) throw new ConflictError(runMessages.alreadyEnded);
    const { balance } = await settleRun(tx, { userId: input.userId, runId: run.id, charge: 0 });
    await tx
      .update(generationRuns)
      .set({
        status: statusNames.cancelled,
        message: `<p>${escapeHtml(text)}</p>`,
        chargedTokens: 0,
        itemsAdded: 0,
        equipmentsGenerated: 0,
        finishedAt: sql`now()`,
        leaseUntil: null,
      })
      .where(eq(generationRuns.id, run.id));
    const target = targetOfRun(run);
    const [status] = target ? await setStatuses(tx, [target], statusNames.cancelled, text) : [];
    return { run, status, balance };
  });

  deps.worker.abandon(run.id);
  if (status) {
    const [brand] =
      run.brandId === null ? [] : await deps.db.select({ id: brands.id, name: brands.name }).from(brands).where(eq(brands.id, run.brandId));
    statusChanged(deps.notifier, serializeStatus(status, brand ?? null), await countInProgress(deps.db));
    if (run.type === 'Equipments' && run.brandId !== null && run.subcategoryId !== null) {
      brandUpdated(deps.notifier, run.brandId);
      equipmentsChanged(deps.notifier, [run.subcategoryId]);
    }
  }
  if (balance) balanceChanged(deps.notifier, input.userId, balance);
  await announceRuns(deps, [run.id]);
}
