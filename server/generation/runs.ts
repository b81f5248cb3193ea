import { and, asc, eq, gt, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import { statusNames } from '../../contract/statuses';
import type { Database, Executor } from '../db/client';
import { brandExclusions, generationRuns, statuses, subcategories } from '../db/schema';
import { settleRun, type Balance } from '../tokens/ledger';
import { statusTargetOf, type RunTarget } from './targets';

/**
 * The job table: a generation run is a job while it is unfinished (`finished_at` null). A process holds a run by
 * its lease, which it renews while it works (worker.ts); a run whose lease ran out (its process stopped) is taken
 * over by any process. Times come from the database's clock, so that processes on several machines agree.
 */

export type RunRow = typeof generationRuns.$inferSelect;
export type StatusRow = typeof statuses.$inferSelect;

/** A run whose process stopped this many times is given up (Failed): something in it stops every process. */
export const maxAttempts = 3;

export const statusMessages = {
  queued: 'Waiting for its turn.',
  running: 'Generation is running.',
} as const;

/** How a process holds the runs it works on. */
export interface Lease {
  holder: string;
  ms: number;
}

const leaseEnd = (lease: Lease) => sql`now() + make_interval(secs => ${lease.ms / 1000})`;

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

/** A target's key in the unique index of unfinished runs: its subcategory (and brand), or an events run's category. */
const targetKey = (t: { type: string; categoryId: number; subcategoryId: number | null; brandId: number | null }) =>
  `${t.type}:${t.subcategoryId ?? `c${t.categoryId}`}:${t.brandId ?? 0}`;

/**
 * The targets as they stand in this transaction: a brands or models target in the category its subcategory is in now
 * (the subcategory rows stay locked until it ends, so a move waits for the runs queued here and then moves them too),
 * and the models targets of brands excluded meanwhile left out.
 */
async function currentTargets(tx: Executor, targets: readonly RunTarget[]): Promise<{ targets: RunTarget[]; excluded: number }> {
  const subcategoryIds = [...new Set(targets.flatMap((t) => (t.subcategoryId === null ? [] : [t.subcategoryId])))];
  const brandIds = targets.flatMap((t) => (t.brandId === null ? [] : [t.brandId]));
  const homes =
    subcategoryIds.length === 0
      ? []
      : await tx
          .select({ id: subcategories.id, categoryId: subcategories.categoryId })
          .from(subcategories)
          .where(inArray(subcategories.id, subcategoryIds))
          .orderBy(asc(subcategories.id))
          .for('share');
  const exclusions =
    brandIds.length === 0
      ? []
      : await tx.select({ brandId: brandExclusions.brandId }).from(brandExclusions).where(inArray(brandExclusions.brandId, brandIds));
  const categoryOf = new Map(homes.map((row) => [row.id, row.categoryId]));
  const excluded = new Set(exclusions.map((row) => row.brandId));
  const current = targets.flatMap((target): RunTarget[] => {
    if (target.brandId !== null && excluded.has(target.brandId)) return [];
    if (target.subcategoryId === null) return [target];
    return [{ ...target, categoryId: categoryOf.get(target.subcategoryId) ?? target.categoryId }];
  });
  return { targets: current, excluded: targets.length - current.length };
}

/**
 * Queues a run a target for `userId` (In Progress), skipping a target that already has an unfinished run and a
 * brand excluded since the caller planned (`excluded` counts them). `heldBy`: the caller holds it at once (a request
 * that answers with the result); otherwise a worker takes it. `retryOf`: the run it retries (one target). Run it
 * inside the caller's transaction. Answers the runs created and their statuses.
 */
export async function enqueueRuns(
  tx: Executor,
  input: { userId: number; targets: readonly RunTarget[]; heldBy?: Lease; retryOf?: number },
): Promise<{ runs: RunRow[]; statuses: StatusRow[]; excluded: number }> {
  if (input.targets.length === 0) return { runs: [], statuses: [], excluded: 0 };
  const { targets: current, excluded } = await currentTargets(tx, input.targets);
  if (current.length === 0) return { runs: [], statuses: [], excluded };
  const held = input.heldBy;
  const runs = await tx
    .insert(generationRuns)
    .values(
      current.map((target) => ({
        type: target.type,
        userId: input.userId,
        categoryId: target.categoryId,
        subcategoryId: target.subcategoryId,
        brandId: target.brandId,
        status: statusNames.inProgress,
        message: `<p>${held ? statusMessages.running : statusMessages.queued}</p>`,
        leaseUntil: held ? leaseEnd(held) : null,
        leaseHolder: held?.holder ?? null,
        attempts: held ? 1 : 0,
        retryOf: input.retryOf ?? null,
      })),
    )
    .onConflictDoNothing()
    .returning();
  const queued = new Set(runs.map(targetKey));
  const targets = current.filter((t) => queued.has(targetKey(t)));
  const rows = await setStatuses(tx, targets, statusNames.inProgress, held ? statusMessages.running : statusMessages.queued);
  return { runs, statuses: rows, excluded };
}

/**
 * Locks a finished run for its retry (two retries of it wait for each other) and answers the id of the run that
 * already retried it, if one did.
 */
export async function lockForRetry(tx: Executor, runId: number): Promise<number | undefined> {
  await tx.select({ id: generationRuns.id }).from(generationRuns).where(eq(generationRuns.id, runId)).for('update');
  const [retry] = await tx.select({ id: generationRuns.id }).from(generationRuns).where(eq(generationRuns.retryOf, runId));
  return retry?.id;
}

/**
 * Takes the oldest run nobody holds (queued, or left behind by a stopped process) and holds it. The row is locked
 * (skipping rows another process is taking) and then updated by id in one transaction: an UPDATE over a
 * `LIMIT 1 ... SKIP LOCKED` subquery may run the subquery again and take several runs at once.
 */
export async function claimNextRun(db: Database, lease: Lease): Promise<RunRow | undefined> {
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
      .set({ leaseUntil: leaseEnd(lease), leaseHolder: lease.holder, attempts: sql`${generationRuns.attempts} + 1` })
      .where(eq(generationRuns.id, next.id))
      .returning();
    return run;
  });
}

/** Marks a run this holder holds as started (the time its work began); throws RunLostError when it is not held. */
export async function markStarted(tx: Executor, runId: number, holder: string): Promise<void> {
  const [started] = await tx
    .update(generationRuns)
    .set({ startedAt: sql`now()` })
    .where(and(eq(generationRuns.id, runId), eq(generationRuns.leaseHolder, holder), isNull(generationRuns.finishedAt)))
    .returning({ id: generationRuns.id });
  if (!started) throw new RunLostError(runId);
}

/** True while the run is unfinished and held by `holder`. */
export async function stillHeld(db: Database, runId: number, holder: string): Promise<boolean> {
  const [run] = await db
    .select({ id: generationRuns.id })
    .from(generationRuns)
    .where(and(eq(generationRuns.id, runId), eq(generationRuns.leaseHolder, holder), isNull(generationRuns.finishedAt)));
  return run !== undefined;
}

/** Renews the leases of the runs this holder works on; answers the ids it still holds (the others were lost). */
export async function renewLeases(db: Database, lease: Lease, runIds: readonly number[]): Promise<Set<number>> {
  if (runIds.length === 0) return new Set();
  const renewed = await db
    .update(generationRuns)
    .set({ leaseUntil: leaseEnd(lease) })
    .where(and(inArray(generationRuns.id, [...runIds]), eq(generationRuns.leaseHolder, lease.holder), isNull(generationRuns.finishedAt)))
    .returning({ id: generationRuns.id });
  return new Set(renewed.map((row) => row.id));
}

/**
 * Frees at once the runs still leased to holders known to be dead (`deadAmong`, lease-holder.ts), so that they are
 * taken over now rather than when their leases run out. Answers how many runs were freed.
 */
export async function freeRunsOfDeadHolders(db: Database, deadAmong: (holders: string[]) => Promise<readonly string[]>): Promise<number> {
  const holders = await db
    .selectDistinct({ holder: generationRuns.leaseHolder })
    .from(generationRuns)
    .where(and(isNull(generationRuns.finishedAt), isNotNull(generationRuns.leaseHolder), gt(generationRuns.leaseUntil, sql`now()`)));
  const leased = holders.flatMap((row) => (row.holder === null ? [] : [row.holder]));
  const dead = leased.length === 0 ? [] : [...(await deadAmong(leased))];
  if (dead.length === 0) return 0;
  const freed = await db
    .update(generationRuns)
    .set({ leaseUntil: null })
    .where(and(isNull(generationRuns.finishedAt), inArray(generationRuns.leaseHolder, dead)))
    .returning({ id: generationRuns.id });
  return freed.length;
}

/**
 * Gives a held run back, unfinished (this process is stopping), with its hold released: another process, or the
 * next start, takes it. Answers the payer's balance when a hold was released.
 */
export async function releaseRun(db: Database, runId: number, holder: string): Promise<{ userId: number; balance: Balance } | undefined> {
  return db.transaction(async (tx) => {
    const [run] = await tx
      .update(generationRuns)
      .set({ leaseUntil: null })
      .where(and(eq(generationRuns.id, runId), eq(generationRuns.leaseHolder, holder), isNull(generationRuns.finishedAt)))
      .returning({ userId: generationRuns.userId });
    if (!run || run.userId === null) return undefined;
    const { balance } = await settleRun(tx, { userId: run.userId, runId, charge: 0 });
    return balance ? { userId: run.userId, balance } : undefined;
  });
}

/** A run finished or taken over by someone else meanwhile (its lease ran out and another process took it). */
export class RunLostError extends Error {
  constructor(runId: number) {
    super(`Generation run ${runId} is no longer held by this process.`);
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
  itemsAdded: number;
  /** What the answer came to and how the charge was reckoned (docs/decisions/0019-one-charging-rule.md). */
  itemsProposed: number;
  itemsKnown: number;
  /** Of `itemsKnown`: another spelling of a name there, and a name rejected before. */
  itemsDuplicates: number;
  itemsRejectedBefore: number;
  itemsDropped: number;
  droppedReasons: { reason: string; count: number }[];
  chargeBasis: 'reported' | 'counted' | 'free' | 'none';
  /** The AI model asked (the provider's label) and the version of the prompts (prompts.ts `promptVersion`). */
  providerModel: string;
  promptVersion: string;
}

/**
 * Records a run's end, inside the transaction that stores its items and settles its hold; throws RunLostError if
 * this process no longer holds it.
 */
export async function finishRun(tx: Executor, runId: number, holder: string, result: RunResult): Promise<RunRow> {
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
      itemsAdded: result.itemsAdded,
      itemsProposed: result.itemsProposed,
      itemsKnown: result.itemsKnown,
      itemsDuplicates: result.itemsDuplicates,
      itemsRejectedBefore: result.itemsRejectedBefore,
      itemsDropped: result.itemsDropped,
      droppedReasons: result.droppedReasons,
      chargeBasis: result.chargeBasis,
      providerModel: result.providerModel,
      promptVersion: result.promptVersion,
      finishedAt: sql`now()`,
      leaseUntil: null,
    })
    .where(and(eq(generationRuns.id, runId), eq(generationRuns.leaseHolder, holder), isNull(generationRuns.finishedAt)))
    .returning();
  if (!run) throw new RunLostError(runId);
  return run;
}
