import { balanceChanged, brandUpdated, equipmentsChanged, eventsUpdated, statusChanged } from '../notify/notifier';
import { announceReviewChanged } from '../review/review-events';
import { countInProgress, serializeStatus } from '../catalogue/statuses';
import type { Executor } from '../db/client';
import { settleRun } from '../tokens/ledger';
import { ledgerDescriptions } from '../tokens/descriptions';
import { droppedCount } from './generated-items';
import { noCharge, type Charge } from './pricing';
import { promptVersion } from './prompts';
import { announceRuns } from './run-events';
import { failedRunTexts, type AnswerTally } from './run-message';
import type { Usage } from './provider';
import type { RunnerDeps, RunOutcome } from './runner';
import { finishRun, setStatuses, type RunResult, type RunRow, type StatusRow } from './runs';
import { targetOfRun, type TargetContext } from './targets';

/** How a run ends: what its transaction stores (built inside it), and what is told of it. */
export interface Ending {
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
export function failure(status: string, text: string) {
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

/**
 * Tells the screens of a change already committed. Failing to tell changes nothing of what happened: it is logged
 * as such, and the run goes on (or its outcome is answered) as it stands.
 */
export async function tell(deps: RunnerDeps, runId: number, what: string, announce: () => Promise<void>): Promise<void> {
  try {
    await announce();
  } catch (error) {
    deps.log.error({ err: error, runId }, `generation run ${what}, but announcing it failed`);
  }
}

/**
 * Ends a run in one transaction (its items, the charge that replaces its hold, its row and its status), then
 * announces what changed. Throws RunLostError, changing nothing, when this process no longer holds the run. Once
 * the transaction has committed, the run's outcome is answered whatever becomes of the announcements.
 */
export async function end(
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
    const finished = await finishRun(tx, run.id, deps.lease.holder, resultOf(deps, run, ending, charged, message));
    const [status] = target ? await setStatuses(tx, [target], ending.status, statusText) : [];
    return { finished, status, ending, balance: settled.balance };
  });
  await tell(deps, run.id, 'finished', async () => {
    if (status) await announce(deps, context, status, ending);
    if (ending.created.length > 0) await announceReviewChanged(deps.notifier, deps.db, { addedByRun: run.id });
    if (run.userId !== null && balance !== undefined) balanceChanged(deps.notifier, run.userId, balance);
    await announceRuns(deps, [run.id]);
  });
  deps.log.info(
    { runId: run.id, type: run.type, status: finished.status, created: ending.created.length, charged: finished.chargedTokens },
    'generation run finished',
  );
  return { kind: 'finished', run: finished, status, created: ending.created };
}

/** What was charged in the end: the charge asked, unless the run held less (then at most that). */
function chargedOf(asked: Charge, tokens: number): Charge {
  return tokens === asked.tokens ? asked : { tokens, basis: tokens === 0 ? 'none' : asked.basis };
}

function resultOf(deps: RunnerDeps, run: RunRow, ending: Ending, charged: Charge, message: string): RunResult {
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
    itemsDuplicates: tally.duplicates ?? 0,
    itemsRejectedBefore: tally.rejectedBefore ?? 0,
    itemsDropped: droppedCount(tally.dropped),
    droppedReasons: tally.dropped,
    chargeBasis: charged.basis,
    providerModel: deps.provider.label,
    promptVersion,
  };
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
