import { runMessages } from '../../contract/runs';
import { countInProgress, serializeStatus } from '../catalogue/statuses';
import { ConflictError, PaymentRequiredError } from '../domain-errors';
import { equipmentsChanged, statusChanged } from '../notify/notifier';
import { readBalance, type Balance } from '../tokens/ledger';
import type { RunnerDeps } from './runner';
import { announceRuns } from './run-events';
import { insufficientText } from './run-message';
import { enqueueRuns, lockForRetry, type RunRow, type StatusRow } from './runs';
import { describeTarget, type RunTarget, type TargetContext } from './targets';

/** What queuing a call's targets came to: the runs queued, their targets' statuses, and the brands skipped as excluded. */
export interface Queued {
  runs: RunRow[];
  statuses: StatusRow[];
  excluded: number;
}

/**
 * Queues runs of these targets (runs.ts `enqueueRuns`) and tells the runs centre. `retryOf`: the run they retry,
 * locked meanwhile, so that of two retries of it the second is 409 (a run is retried once). The caller wakes the
 * worker once it has announced the queued statuses (`announceQueued`): a worker woken before could start a run, and
 * announce it In Progress, before its "queued" status went out.
 */
export async function enqueue(
  deps: RunnerDeps,
  { userId, targets, retryOf }: { userId: number; targets: RunTarget[]; retryOf?: number | undefined },
): Promise<Queued> {
  const queued = await deps.db.transaction(async (tx) => {
    if (retryOf === undefined) return enqueueRuns(tx, { userId, targets });
    const retried = await lockForRetry(tx, retryOf);
    if (retried !== undefined) throw new ConflictError(runMessages.alreadyRetried(retried));
    return enqueueRuns(tx, { userId, targets, retryOf });
  });
  // Told as queued before a worker can take them (the caller wakes it after), so that the runs centre never hears "queued" after "started";
  // the retried run too, which links to its retry now.
  const retried = retryOf !== undefined && queued.runs.length > 0 ? [retryOf] : [];
  await announceRuns(deps, [...retried, ...queued.runs.map((run) => run.id)]);
  return queued;
}

/**
 * Queued runs' statuses: the first one's record with the In Progress count (a call queues one target, or the
 * models of several brands of one subcategory, whose lists the `statuseschanged` that follows refreshes).
 */
export async function announceQueued(deps: RunnerDeps, statuses: StatusRow[], context: TargetContext): Promise<void> {
  const [first] = statuses;
  if (!first) return;
  const brand = context.target.type === 'Equipments' && context.brand !== null ? { id: context.target.brandId, name: context.brand } : null;
  statusChanged(deps.notifier, serializeStatus(first, first.brandId === brand?.id ? brand : null), await countInProgress(deps.db));
  if (context.target.subcategoryId !== null && context.target.type === 'Equipments')
    equipmentsChanged(deps.notifier, [context.target.subcategoryId]);
}

/** 402 unless what is available covers `most` (what the runs to be queued hold when they start). */
export async function checkBalance(deps: RunnerDeps, userId: number, most: number): Promise<void> {
  const balance = (await readBalance(deps.db, userId)) ?? { tokens: 0, held: 0, available: 0 };
  if (balance.available < most) throw insufficient(most, balance);
}

/** A generate call refused for money: the status "Insufficient tokens" (docs/product.md#generation), what the run needs and what is available. */
export function insufficient(most: number, balance: Balance): PaymentRequiredError {
  return new PaymentRequiredError(`Insufficient tokens: ${lowerFirst(insufficientText(most, balance))}`);
}

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

/** A call's one target was not queued: its brand is excluded (now), or a run of it is under way (409). */
export function notQueued(context: TargetContext, excluded: number): ConflictError {
  return new ConflictError(
    excluded > 0
      ? runMessages.brandExcluded(context.brand ?? '')
      : `A generation of the ${describeTarget(context)} is already in progress.`,
  );
}
