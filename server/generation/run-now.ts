import { eq } from 'drizzle-orm';
import { runMessages } from '../../contract/runs';
import { statusNames } from '../../contract/statuses';
import { generationRuns } from '../db/schema';
import { ConflictError, PaymentRequiredError, ProviderFailedError, UnavailableError } from '../domain-errors';
import { balanceChanged } from '../notify/notifier';
import { holdForRun, InsufficientTokensError, readBalance, type Balance } from '../tokens/ledger';
import { announceQueued, insufficient, notQueued, type Queued } from './enqueue';
import { mostRunCost } from './pricing';
import type { RunnerDeps, RunOutcome } from './runner';
import { announceRuns } from './run-events';
import { enqueueRuns } from './runs';
import type { TargetContext } from './targets';
import type { GenerationWorker } from './worker';

/**
 * Runs one target while the request waits; answers its new rows, or the error its status stands for. The run is
 * queued held by this process with the most it may cost held from the balance, in one transaction: when the
 * balance cannot cover it, the call is 402 and nothing changed. It then waits for a place among the runs this
 * process works on at once (GENERATION_CONCURRENCY), before the queued ones.
 */
export async function runNow(
  deps: RunnerDeps,
  worker: GenerationWorker,
  userId: number,
  context: TargetContext,
): Promise<{ ids: number[]; message: string }> {
  const queued = await queueHeld(deps, userId, context);
  const [run] = queued.runs;
  // None when its brand was excluded since the call's plan read it: the queue read the exclusions again.
  if (!run) throw notQueued(context, queued.excluded);
  await announceQueued(deps, queued.statuses, context);
  if (queued.balance) balanceChanged(deps.notifier, userId, queued.balance);
  await announceRuns(deps, [run.id]);
  const outcome = await worker.runHeld(run, context);
  if (outcome.kind === 'released') throw new UnavailableError('The server is stopping; the generation resumes when it is back.');
  if (outcome.kind === 'lost') {
    const [now] = await deps.db.select({ status: generationRuns.status }).from(generationRuns).where(eq(generationRuns.id, run.id));
    if (now?.status === statusNames.cancelled) throw new ConflictError('The generation was cancelled. Nothing was charged.');
    throw new UnavailableError('The generation is being finished by another server; its result shows when it is done.');
  }
  return finishedAnswer(outcome, context);
}

/** Queues the run held by this process with the most it may cost held from the balance, in one transaction (402 when it cannot). */
async function queueHeld(deps: RunnerDeps, userId: number, context: TargetContext): Promise<Queued & { balance: Balance | undefined }> {
  const most = mostRunCost(context, deps.maxOutputTokens);
  try {
    return await deps.db.transaction(async (tx) => {
      const { runs, statuses, excluded } = await enqueueRuns(tx, { userId, targets: [context.target], heldBy: deps.lease });
      const [run] = runs;
      const balance = run ? await holdForRun(tx, { userId, runId: run.id, amount: most }) : undefined;
      return { runs, statuses, excluded, balance };
    });
  } catch (error) {
    if (error instanceof InsufficientTokensError) {
      throw insufficient(most, (await readBalance(deps.db, userId)) ?? { tokens: 0, held: 0, available: error.available });
    }
    throw error;
  }
}

/** The new rows of a run that ended, or the error its status stands for. */
function finishedAnswer(outcome: Extract<RunOutcome, { kind: 'finished' }>, context: TargetContext): { ids: number[]; message: string } {
  const text = outcome.status?.message ?? '';
  switch (outcome.run.status) {
    case statusNames.generated:
    case statusNames.noNewResults:
      return { ids: outcome.created, message: text };
    case statusNames.insufficientTokens:
      throw new PaymentRequiredError(text);
    case statusNames.skipped:
      // Its brand was excluded between the queue's check and the run's turn: nothing was generated or charged.
      throw new ConflictError(runMessages.brandExcluded(context.brand ?? ''));
    default:
      throw new ProviderFailedError(text || 'The generation failed.', { runId: outcome.run.id });
  }
}
