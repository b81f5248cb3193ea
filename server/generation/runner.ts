import type { FastifyBaseLogger } from 'fastify';
import { statusNames } from '../../contract/statuses';
import { balanceChanged, brandUpdated, equipmentsChanged, eventsUpdated, statusChanged, type Notifier } from '../notify/notifier';
import { countInProgress, serializeStatus } from '../catalogue/statuses';
import type { Database, Executor } from '../db/client';
import { holdForRun, InsufficientTokensError, settleRun, UnknownOperatorError, type Balance } from '../tokens/ledger';
import { ledgerDescriptions } from '../tokens/descriptions';
import { mostRunCost, runCharge } from './pricing';
import { announceRuns } from './run-events';
import { failedRunTexts, finishedRunTexts, insufficientText } from './run-message';
import { requestOf } from './prompts';
import { ProviderError, type GenerationProvider, type Usage } from './provider';
import {
  finishRun,
  markStarted,
  maxAttempts,
  releaseRun,
  RunLostError,
  setStatuses,
  type Lease,
  type RunResult,
  type RunRow,
  type StatusRow,
} from './runs';
import { storeBrands, storeEvents, storeModels } from './store';
import { loadContext, targetOfRun, type TargetContext } from './targets';

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

interface Proposal {
  usage: Usage;
  store: (tx: Executor) => Promise<number[]>;
}

async function propose(provider: GenerationProvider, context: TargetContext, signal: AbortSignal): Promise<Proposal> {
  const asked = requestOf(context);
  switch (asked.type) {
    case 'Events': {
      const { items, usage } = await provider.events(asked.request, signal);
      return { usage, store: (tx) => storeEvents(tx, context, items) };
    }
    case 'Brands': {
      const { items, usage } = await provider.brands(asked.request, signal);
      return { usage, store: (tx) => storeBrands(tx, context, items) };
    }
    case 'Equipments': {
      const { items, usage } = await provider.models(asked.request, signal);
      return { usage, store: (tx) => storeModels(tx, context, items) };
    }
  }
}

/**
 * Runs one held generation run to its end: holds the most it can cost from the payer's balance (or ends it
 * "Insufficient tokens" without asking the provider), asks the provider, and stores what is new, charges what the
 * provider used (releasing the rest of the hold) and sets the run and its target's status, all in one
 * transaction; then announces the change. Whatever happens, the run ends with a status, or is given back when
 * the process stops; a run that fails, however it fails, costs nothing.
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
  if (held.changed) balanceChanged(deps.notifier, payer, held.changed);
  await announceRuns(deps, [run.id]);

  let proposal: Proposal;
  try {
    proposal = await propose(deps.provider, context, signal);
  } catch (error) {
    if (signal.aborted) return interrupted(deps, run, signal);
    if (!(error instanceof ProviderError)) deps.log.error({ err: error, runId: run.id }, 'generation failed');
    const message = error instanceof ProviderError ? error.message : 'The generation failed unexpectedly.';
    return end(deps, run, context, failure(statusNames.failed, message, error instanceof ProviderError ? error.usage : undefined));
  }

  const charge = runCharge(proposal.usage, most);
  try {
    return await end(deps, run, context, async (tx) => {
      const created = await proposal.store(tx);
      const { message, statusText } = finishedRunTexts(context, created.length, deps.provider);
      const result: RunResult = {
        status: created.length > 0 ? statusNames.generated : statusNames.noNewResults,
        message,
        ...usageFields(proposal.usage),
        chargedTokens: 0,
        equipmentsGenerated: context.target.type === 'Equipments' ? created.length : 0,
        itemsAdded: created.length,
      };
      return { result, statusText, created, charge };
    });
  } catch (error) {
    if (error instanceof RunLostError) throw error;
    // The answer could not be stored (a row the database refused, a lost connection): the run ends Failed at no
    // cost, its target free again, rather than hanging In Progress until its lease runs out.
    deps.log.error({ err: error, runId: run.id }, 'generated items could not be stored');
    return end(deps, run, context, failure(statusNames.failed, 'The generated items could not be stored; nothing was charged.', proposal.usage));
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
  if (released) balanceChanged(deps.notifier, released.userId, released.balance);
  await announceRuns(deps, [run.id]);
  return { kind: 'released' };
}

function usageFields(usage: Usage) {
  return { inputTokens: usage.inputTokens, outputTokens: usage.outputTokens };
}

interface Ending {
  result: RunResult;
  /** The status's hover text (plain). */
  statusText: string;
  created: number[];
  /** What to charge the payer (at most what the run holds); 0 for a run that failed. */
  charge: number;
}

/** A run that ends without storing anything, at no cost. */
function failure(status: string, text: string, usage: Usage = { inputTokens: 0, outputTokens: 0 }) {
  const { message, statusText } = failedRunTexts(text);
  return async (): Promise<Ending> => ({
    result: { status, message, ...usageFields(usage), chargedTokens: 0, equipmentsGenerated: 0, itemsAdded: 0 },
    statusText,
    created: [],
    charge: 0,
  });
}

/**
 * Ends a run in one transaction (its items, the charge that replaces its hold, its row and its status), then
 * announces what changed. Throws RunLostError, changing nothing, when this process no longer holds the run.
 */
async function end(
  deps: RunnerDeps,
  run: RunRow,
  context: TargetContext | undefined,
  build: (tx: Executor) => Promise<Ending>,
): Promise<RunOutcome> {
  const target = context?.target ?? targetOfRun(run);
  const { finished, status, ending, balance } = await deps.db.transaction(async (tx) => {
    const ending = await build(tx);
    const description = context && ledgerDescriptions.generation({ ...context, type: context.target.type }, ending.created.length);
    const settled =
      run.userId === null
        ? { charged: 0, balance: undefined }
        : await settleRun(tx, { userId: run.userId, runId: run.id, charge: ending.charge, description });
    const finished = await finishRun(tx, run.id, deps.lease.holder, { ...ending.result, chargedTokens: settled.charged });
    const [status] = target ? await setStatuses(tx, [target], ending.result.status, ending.statusText) : [];
    return { finished, status, ending, balance: settled.balance };
  });
  if (status) await announce(deps, context, status, ending);
  if (run.userId !== null && balance !== undefined) balanceChanged(deps.notifier, run.userId, balance);
  await announceRuns(deps, [run.id]);
  deps.log.info({ runId: run.id, type: run.type, status: finished.status, created: ending.created.length, charged: finished.chargedTokens }, 'generation run finished');
  return { kind: 'finished', run: finished, status, created: ending.created };
}

async function announce(deps: RunnerDeps, context: TargetContext | undefined, status: StatusRow, ending: Ending): Promise<void> {
  const brand = context?.target.brandId != null && context.brand !== null ? { id: context.target.brandId, name: context.brand } : null;
  statusChanged(deps.notifier, serializeStatus(status, brand), await countInProgress(deps.db));
  if (!context) return;
  const { target } = context;
  if (target.type === 'Events' && ending.created.length > 0) eventsUpdated(deps.notifier, target.categoryId);
  if (target.type === 'Brands' && ending.created.length > 0) equipmentsChanged(deps.notifier, [target.subcategoryId]);
  if (target.type === 'Equipments') {
    // The brand's row shows its status and model count; the subcategory's lists and counts change with it.
    brandUpdated(deps.notifier, target.brandId);
    equipmentsChanged(deps.notifier, [target.subcategoryId]);
  }
}
