import { and, asc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { statusNames } from '../../contract/statuses';
import type { Database, Executor } from '../db/client';
import { generationRuns, statuses } from '../db/schema';
import { statusTargetOf, type RunTarget } from './targets';

/**
 * The job table: a generation run is a job while it is unfinished (`finished_at` null). A process holds a run by its
 * lease; a run whose lease ran out (its process stopped) is taken over by any process. Times come from the database's
 * clock, so that processes on several machines agree.
 */

export type RunRow = typeof generationRuns.$inferSelect;
export type StatusRow = typeof statuses.$inferSelect;

/** Longer than the slowest provider call (its timeout times the client's attempts, with backoff). */
export const leaseSeconds = 600;
/** A run whose process stopped this many times is given up (Failed): something in it stops every process. */
export const maxAttempts = 3;

const leaseFromNow = sql`now() + make_interval(secs => ${leaseSeconds})`;

export const statusMessages = {
  queued: 'Waiting for its turn.',
  running: 'Generation is running.',
} as const;

/** Sets the status of targets (one row a target, updated in place) and answers the rows. */
export async function setStatuses(tx: Executor, targets: readonly RunTarget[], name: string, message: string): Promise<StatusRow[]> {
  if (targets.length === 0) return [];
  return tx
    .insert(statuses)
    .values(targets.map((target) => ({ ...statusTargetOf(target), name, message })))
    .onConflictDoUpdate({
      target: [statuses.modelType, statuses.categoryId, statuses.subcategoryId, statuses.brandId],
      set: { name, message, updatedAt: sql`now()` },
    })
    .returning();
}

/**
 * Queues a run a target for `userId` (In Progress), skipping a target that already has an unfinished run.
 * `claimed`: the caller runs it at once (a request that answers with the result); otherwise a worker takes it.
 * Run it inside the caller's transaction. Answers the runs created and their statuses.
 */
export async function enqueueRuns(
  tx: Executor,
  input: { userId: number; targets: readonly RunTarget[]; claimed: boolean },
): Promise<{ runs: RunRow[]; statuses: StatusRow[] }> {
  if (input.targets.length === 0) return { runs: [], statuses: [] };
  const runs = await tx
    .insert(generationRuns)
    .values(
      input.targets.map((target) => ({
        type: target.type,
        userId: input.userId,
        categoryId: target.categoryId,
        subcategoryId: target.subcategoryId,
        brandId: target.brandId,
        status: statusNames.inProgress,
        message: `<p>${input.claimed ? statusMessages.running : statusMessages.queued}</p>`,
        leaseUntil: input.claimed ? leaseFromNow : null,
        attempts: input.claimed ? 1 : 0,
      })),
    )
    .onConflictDoNothing()
    .returning();
  const queued = new Set(runs.map((run) => `${run.type}:${run.categoryId}:${run.subcategoryId}:${run.brandId}`));
  const targets = input.targets.filter((t) => queued.has(`${t.type}:${t.categoryId}:${t.subcategoryId}:${t.brandId}`));
  const rows = await setStatuses(tx, targets, statusNames.inProgress, input.claimed ? statusMessages.running : statusMessages.queued);
  return { runs, statuses: rows };
}

/**
 * Takes the oldest run nobody holds (queued, or left behind by a stopped process) and holds it. The row is locked
 * (skipping rows another process is taking) and then updated by id in one transaction: an UPDATE over a
 * `LIMIT 1 ... SKIP LOCKED` subquery may run the subquery again and take several runs at once.
 */
export async function claimNextRun(db: Database): Promise<RunRow | undefined> {
  return db.transaction(async (tx) => {
    const [next] = await tx
      .select({ id: generationRuns.id })
      .from(generationRuns)
      .where(and(isNull(generationRuns.finishedAt), or(isNull(generationRuns.leaseUntil), lt(generationRuns.leaseUntil, sql`now()`))))
      .orderBy(asc(generationRuns.id))
      .limit(1)
      .for('update', { skipLocked: true });
    if (!next) return undefined;
    const [run] = await tx
      .update(generationRuns)
      .set({ leaseUntil: leaseFromNow, attempts: sql`${generationRuns.attempts} + 1` })
      .where(eq(generationRuns.id, next.id))
      .returning();
    return run;
  });
}

/** Gives a held run back, unfinished (this process is stopping): another process, or the next start, takes it. */
export async function releaseRun(db: Executor, runId: number): Promise<void> {
  await db
    .update(generationRuns)
    .set({ leaseUntil: null })
    .where(and(eq(generationRuns.id, runId), isNull(generationRuns.finishedAt)));
}

/** A run finished by someone else meanwhile (its lease ran out and another process took it over). */
export class RunLostError extends Error {
  constructor(runId: number) {
    super(`Generation run ${runId} was finished elsewhere.`);
    this.name = 'RunLostError';
  }
}

export interface RunResult {
  status: string;
  /** HTML for the history (names in it escaped). */
  message: string;
  inputTokens: number;
  outputTokens: number;
  chargedTokens: number;
  equipmentsGenerated: number;
}

/** Records a run's end, inside the transaction that stores its items; throws RunLostError if it was no longer ours. */
export async function finishRun(tx: Executor, runId: number, result: RunResult): Promise<RunRow> {
  const [run] = await tx
    .update(generationRuns)
    .set({
      status: result.status,
      message: result.message,
      inputTokens: result.inputTokens,
      outputTokens: result.outputTokens,
      totalTokens: result.inputTokens + result.outputTokens,
      chargedTokens: result.chargedTokens,
      equipmentsGenerated: result.equipmentsGenerated,
      finishedAt: sql`now()`,
      leaseUntil: null,
    })
    .where(and(eq(generationRuns.id, runId), isNull(generationRuns.finishedAt)))
    .returning();
  if (!run) throw new RunLostError(runId);
  return run;
}
