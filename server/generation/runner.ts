import type { FastifyBaseLogger } from 'fastify';
import { statusNames } from '../../contract/statuses';
import { balanceChanged, type Notifier } from '../notify/notifier';
import type { Database } from '../db/client';
import { holdForRun, InsufficientTokensError, UnknownOperatorError, type Balance } from '../tokens/ledger';
import { answerCharge, mostRunCost } from './pricing';
import { announceRuns } from './run-events';
import { answeredEnding, propose, type Proposal } from './run-answer';
import { end, failure, tell } from './run-end';
import { insufficientText, skippedExcludedText } from './run-message';
import { ProviderError, type GenerationProvider } from './provider';
import { markStarted, maxAttempts, releaseRun, RunLostError, type Lease, type RunRow, type StatusRow } from './runs';
import { isBrandExcluded, loadContext, targetOfRun, type TargetContext } from './targets';

export interface RunnerDeps {
  db: Database;
  provider: GenerationProvider;
  notifier: Notifier;
  /** The largest answer a provider is asked for: with the prompt, the most a run can cost. */
  maxOutputTokens: number;
  /** How this process holds the runs it works on. */
  lease: Lease;
  log: FastifyBaseLogger;
}

/** Why a run's work was stopped from outside: the process is stopping, or another process holds the run now. */
export class RunInterrupted extends Error {
  constructor(readonly why: 'stopping' | 'lost') {
    super(why === 'stopping' ? 'The process is stopping.' : 'The run is held by another process now.');
    this.name = 'RunInterrupted';
  }
}

export type RunOutcome =
  /** `status` is the target's, absent when the target no longer exists. */
  | { kind: 'finished'; run: RunRow; status: StatusRow | undefined; created: number[] }
  /** The process is stopping: the run was given back unfinished, its hold released, for another process or the next start. */
  | { kind: 'released' }
  /** Another process holds the run now (this one lost its lease): it finishes it. */
  | { kind: 'lost' };

/**
 * Runs one held generation run to its end: skips it when its brand was excluded while it waited, holds the most it
 * can cost from the payer's balance (or ends it "Insufficient tokens" without asking the provider), asks the
 * provider, and stores what is new, charges what the provider used (releasing the rest of the hold) and sets the
 * run and its target's status, all in one transaction; then announces the change. Whatever happens, the run ends
 * with a status, or is given back when the process stops. A run is charged when, and only when, its provider
 * answered, whatever of the answer was kept (docs/decisions/0019-one-charging-rule.md).
 */
export async function executeRun(deps: RunnerDeps, run: RunRow, signal: AbortSignal, loaded?: TargetContext): Promise<RunOutcome> {
  try {
    return await work(deps, run, signal, loaded);
  } catch (error) {
    if (error instanceof RunLostError) return { kind: 'lost' };
    throw error;
  }
}

async function work(deps: RunnerDeps, run: RunRow, signal: AbortSignal, loaded: TargetContext | undefined): Promise<RunOutcome> {
  const target = targetOfRun(run);
  // A queued run reads its target afresh (it may have moved or gone since); a request running its own has just read it.
  const context = loaded ?? (target && (await loadContext(deps.db, target)));
  if (!target || !context) {
    return end(deps, run, undefined, failure(statusNames.failed, 'What this generation was for no longer exists.'));
  }
  if (context.target.type === 'Equipments' && (await isBrandExcluded(deps.db, context.target.brandId))) {
    // Excluded while it waited: skipped (docs/decisions/0019-one-charging-rule.md).
    return end(deps, run, context, failure(statusNames.skipped, skippedExcludedText));
  }
  if (run.attempts > maxAttempts) {
    return end(deps, run, context, failure(statusNames.failed, `Stopped after ${maxAttempts} attempts that were interrupted.`));
  }
  const payer = run.userId;
  if (payer === null) return end(deps, run, context, failure(statusNames.failed, noPayerText));

  if (signal.aborted) return interrupted(deps, run, signal);
  const most = mostRunCost(context, deps.maxOutputTokens);
  const held = await hold(deps, run, payer, most);
  if (held.kind === 'refused') {
    return end(deps, run, context, failure(statusNames.insufficientTokens, insufficientText(most, { available: held.available, held: 0 })));
  }
  if (held.kind === 'no-payer') return end(deps, run, context, failure(statusNames.failed, noPayerText));
  await tell(deps, run.id, 'started', async () => {
    if (held.changed) balanceChanged(deps.notifier, payer, held.changed);
    await announceRuns(deps, [run.id]);
  });

  let proposal: Proposal;
  try {
    proposal = await propose(deps.provider, context, signal);
  } catch (error) {
    if (signal.aborted) return interrupted(deps, run, signal);
    if (!(error instanceof ProviderError)) deps.log.error({ err: error, runId: run.id }, 'generation failed');
    const message = error instanceof ProviderError ? error.message : 'The generation failed unexpectedly.';
    return end(deps, run, context, failure(statusNames.failed, message));
  }

  const charge = answerCharge(proposal.answer, most, deps.provider);
  try {
    return await end(deps, run, context, answeredEnding(deps, run.id, context, proposal, charge));
  } catch (error) {
    if (error instanceof RunLostError) throw error;
    // The answer could not be stored at all (the database failed, not one of its rows): the run ends Failed at no
    // cost, its target free again, rather than hanging In Progress until its lease runs out. Nothing was delivered,
    // and the fault is this server's (docs/decisions/0019-one-charging-rule.md).
    deps.log.error({ err: error, runId: run.id }, 'generated items could not be stored');
    return end(deps, run, context, failure(statusNames.failed, 'The generated results could not be stored; nothing was charged.'));
  }
}

const noPayerText = 'The operator who started this generation no longer exists.';

type Hold = { kind: 'held'; changed: Balance | undefined } | { kind: 'refused'; available: number } | { kind: 'no-payer' };

/**
 * Holds the most the run may cost and marks it started; `changed` is the balance when the hold changed it (a
 * request's own run already holds it).
 */
async function hold(deps: RunnerDeps, run: RunRow, payer: number, most: number): Promise<Hold> {
  try {
    return await deps.db.transaction(async (tx) => {
      await markStarted(tx, run.id, deps.lease.holder);
      return { kind: 'held', changed: await holdForRun(tx, { userId: payer, runId: run.id, amount: most }) };
    });
  } catch (error) {
    if (error instanceof InsufficientTokensError) return { kind: 'refused', available: error.available };
    if (error instanceof UnknownOperatorError) return { kind: 'no-payer' };
    throw error;
  }
}

/** The run's work was stopped from outside: given back when this process stops; left alone when another holds it. */
async function interrupted(deps: RunnerDeps, run: RunRow, signal: AbortSignal): Promise<RunOutcome> {
  const reason: unknown = signal.reason;
  if (reason instanceof RunInterrupted && reason.why === 'lost') return { kind: 'lost' };
  const released = await releaseRun(deps.db, run.id, deps.lease.holder);
  await tell(deps, run.id, 'given back', async () => {
    if (released) balanceChanged(deps.notifier, released.userId, released.balance);
    await announceRuns(deps, [run.id]);
  });
  return { kind: 'released' };
}
