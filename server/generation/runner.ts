import type { FastifyBaseLogger } from 'fastify';
import { statusNames } from '../../contract/statuses';
import { balanceChanged, brandUpdated, equipmentsChanged, eventsUpdated, statusChanged, type Notifier } from '../notify/notifier';
import { countInProgress, serializeStatus } from '../catalogue/statuses';
import type { Database, Executor } from '../db/client';
import { holdForRun, InsufficientTokensError, settleRun, UnknownOperatorError, type Balance } from '../tokens/ledger';
import { ledgerDescriptions } from '../tokens/descriptions';
import { droppedCount } from './generated-items';
import { answerCharge, mostRunCost, noCharge, type Charge } from './pricing';
import { announceRuns } from './run-events';
import {
  failedRunTexts,
  finishedRunTexts,
  insufficientText,
  skippedExcludedText,
  unusableAnswerTexts,
  type AnswerTally,
} from './run-message';
import { requestOf } from './prompts';
import { ProviderError, type Generated, type GenerationProvider, type Usage } from './provider';
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
import { storeBrands, storeEvents, storeModels, type OnRefused, type Stored } from './store';
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

interface Proposal {
  answer: Omit<Generated<unknown>, 'items'>;
  store: (tx: Executor, onRefused: OnRefused) => Promise<Stored>;
}

async function propose(provider: GenerationProvider, context: TargetContext, signal: AbortSignal): Promise<Proposal> {
  const asked = requestOf(context);
  switch (asked.type) {
    case 'Events': {
      const answer = await provider.events(asked.request, signal);
      return { answer, store: (tx, onRefused) => storeEvents(tx, context, answer.items, onRefused) };
    }
    case 'Brands': {
      const answer = await provider.brands(asked.request, signal);
      return { answer, store: (tx, onRefused) => storeBrands(tx, context, answer.items, onRefused) };
    }
    case 'Equipments': {
      const answer = await provider.models(asked.request, signal);
      return { answer, store: (tx, onRefused) => storeModels(tx, context, answer.items, onRefused) };
    }
  }
}

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

  const { answer } = proposal;
  const charge = answerCharge(answer, most, deps.provider);
  try {
    return await end(deps, run, context, async (tx) => {
      const onRefused: OnRefused = (error) =>
        deps.log.warn({ err: error, runId: run.id }, 'the database refused a generated item; it was dropped');
      const stored: Stored = answer.unusable ? { ids: [], known: 0, dropped: [] } : await proposal.store(tx, onRefused);
      const tally: AnswerTally = {
        proposed: answer.proposed,
        added: stored.ids.length,
        known: stored.known,
        dropped: [...answer.dropped, ...stored.dropped],
        unusable: answer.unusable,
      };
      const status = answerStatus(tally);
      const texts = (charged: Charge) =>
        (status === statusNames.failed ? unusableAnswerTexts : finishedRunTexts)(
          context,
          { tally, charge: charged, usage: answer.usage },
          deps.provider,
        );
      return { status, texts, usage: answer.usage, tally, created: stored.ids, charge };
    });
  } catch (error) {
    if (error instanceof RunLostError) throw error;
    // The answer could not be stored at all (the database failed, not one of its rows): the run ends Failed at no
    // cost, its target free again, rather than hanging In Progress until its lease runs out. Nothing was delivered,
    // and the fault is this server's (docs/decisions/0019-one-charging-rule.md).
    deps.log.error({ err: error, runId: run.id }, 'generated items could not be stored');
    return end(deps, run, context, failure(statusNames.failed, 'The generated items could not be stored; nothing was charged.'));
  }
}

/**
 * How a run its provider answered ends: Generated when it added something; Failed when nothing of the answer could
 * be stored (no list in it, or every item it proposed dropped); otherwise No New Results (all already known, or
 * nothing proposed).
 */
function answerStatus(tally: AnswerTally): string {
  if (tally.added > 0) return statusNames.generated;
  if (tally.unusable || (tally.proposed > 0 && droppedCount(tally.dropped) === tally.proposed)) return statusNames.failed;
  return statusNames.noNewResults;
}

/**
 * Tells the screens of a change already committed. Failing to tell changes nothing of what happened: it is logged
 * as such, and the run goes on (or its outcome is answered) as it stands.
 */
async function tell(deps: RunnerDeps, runId: number, what: string, announce: () => Promise<void>): Promise<void> {
  try {
    await announce();
  } catch (error) {
    deps.log.error({ err: error, runId }, `generation run ${what}, but announcing it failed`);
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

interface Ending {
  status: string;
  /** Its history message (HTML) and its status's hover text (plain), told what was charged in the end. */
  texts: (charged: Charge) => { message: string; statusText: string };
  usage: Usage;
  tally: AnswerTally;
  created: number[];
  /** What to charge the payer (at most what the run holds); nothing for a run whose provider did not answer. */
  charge: Charge;
}

const nothingProposed: AnswerTally = { proposed: 0, added: 0, known: 0, dropped: [] };

/** A run that ends without its provider's answer, at no cost. */
function failure(status: string, text: string) {
  const texts = failedRunTexts(text);
  return async (): Promise<Ending> => ({
    status,
    texts: () => texts,
    usage: { inputTokens: 0, outputTokens: 0 },
    tally: nothingProposed,
    created: [],
    charge: noCharge,
  });
}

/** What was charged in the end: the charge asked, unless the run held less (then at most that). */
function chargedOf(asked: Charge, tokens: number): Charge {
  return tokens === asked.tokens ? asked : { tokens, basis: tokens === 0 ? 'none' : asked.basis };
}

function resultOf(run: RunRow, ending: Ending, charged: Charge, message: string): RunResult {
  const { tally, usage } = ending;
  return {
    status: ending.status,
    message,
    inputTokens: usage.inputTokens,
    outputTokens: usage.outputTokens,
    chargedTokens: charged.tokens,
    equipmentsGenerated: run.type === 'Equipments' ? tally.added : 0,
    itemsAdded: tally.added,
    itemsProposed: tally.proposed,
    itemsKnown: tally.known,
    itemsDropped: droppedCount(tally.dropped),
    droppedReasons: tally.dropped,
    chargeBasis: charged.basis,
  };
}

/**
 * Ends a run in one transaction (its items, the charge that replaces its hold, its row and its status), then
 * announces what changed. Throws RunLostError, changing nothing, when this process no longer holds the run. Once
 * the transaction has committed, the run's outcome is answered whatever becomes of the announcements.
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
        : await settleRun(tx, { userId: run.userId, runId: run.id, charge: ending.charge.tokens, description });
    const charged = chargedOf(ending.charge, settled.charged);
    const { message, statusText } = ending.texts(charged);
    const finished = await finishRun(tx, run.id, deps.lease.holder, resultOf(run, ending, charged, message));
    const [status] = target ? await setStatuses(tx, [target], ending.status, statusText) : [];
    return { finished, status, ending, balance: settled.balance };
  });
  await tell(deps, run.id, 'finished', async () => {
    if (status) await announce(deps, context, status, ending);
    if (run.userId !== null && balance !== undefined) balanceChanged(deps.notifier, run.userId, balance);
    await announceRuns(deps, [run.id]);
  });
  deps.log.info(
    { runId: run.id, type: run.type, status: finished.status, created: ending.created.length, charged: finished.chargedTokens },
    'generation run finished',
  );
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
