import { eq } from 'drizzle-orm';
import { retryableStatuses, runMessages } from '../../contract/runs';
import type { Executor } from '../db/client';
import { generationRuns } from '../db/schema';
import { ConflictError, NotFoundError } from '../domain-errors';
import { isBrandExcluded, loadContext, targetOfRun, type TargetContext } from './targets';

/**
 * What a retry of one of the operator's runs would generate, or why it is refused: 404 for a run that is not theirs
 * or whose target is gone; 409 for a run already retried (a run is retried once, by the run that links to it), one
 * not ended, one of a brand excluded now, or one that ended with a result. The retry and its estimate both ask here.
 */
export async function retryContext(db: Executor, userId: number, runId: number): Promise<TargetContext> {
  const [old] = await db.select().from(generationRuns).where(eq(generationRuns.id, runId));
  if (!old || old.userId !== userId) throw new NotFoundError('Run');
  const [retry] = await db.select({ id: generationRuns.id }).from(generationRuns).where(eq(generationRuns.retryOf, runId));
  if (retry) throw new ConflictError(runMessages.alreadyRetried(retry.id));
  if (old.finishedAt === null) throw new ConflictError(runMessages.notRetryable);
  const target = targetOfRun(old);
  const context = target && (await loadContext(db, target));
  if (!context) throw new NotFoundError('Run', 'What this generation was for no longer exists.');
  // Before the status: a run skipped because its brand was excluded is refused for that reason, whatever it ended as.
  if (context.target.type === 'Equipments' && (await isBrandExcluded(db, context.target.brandId))) {
    throw new ConflictError(runMessages.brandExcluded(context.brand ?? ''));
  }
  if (!retryableStatuses.includes(old.status)) throw new ConflictError(runMessages.notRetryable);
  return context;
}
