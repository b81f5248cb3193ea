import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { statusNames } from '../../contract/statuses';
import { balanceChanged, brandUpdated, equipmentsChanged, eventsUpdated, statusChanged, type Notifier } from '../catalogue/notify';
import { serializeStatus } from '../catalogue/statuses';
import type { Database, Executor } from '../db/client';
import { users } from '../db/schema';
import { HttpError } from '../errors';
import { escapeHtml } from '../html';
import { changeBalance } from '../tokens/ledger';
import { brandsPrompt, eventsPrompt, modelsPrompt, promptTokens, type Prompt } from './prompts';
import { ProviderError, type GenerationProvider, type Usage } from './provider';
import { finishRun, maxAttempts, releaseRun, setStatuses, type RunResult, type RunRow, type StatusRow } from './runs';
import { storeBrands, storeEvents, storeModels } from './store';
import { describeTarget, loadContext, targetName, targetOfRun, type TargetContext } from './targets';

/** How many items one run asks for. */
export const itemsPerRun = { Events: 8, Brands: 10, Equipments: 6 } as const;

export interface RunnerDeps {
  db: Database;
  provider: GenerationProvider;
  notifier: Notifier;
  /** The largest answer a provider is asked for: with the prompt, the most a run can cost. */
  maxOutputTokens: number;
  log: FastifyBaseLogger;
}

export type RunOutcome =
  /** `status` is the target's, absent when the target no longer exists. */
  | { kind: 'finished'; run: RunRow; status: StatusRow | undefined; created: number[] }
  /** The process is stopping: the run was given back unfinished, for another process or the next start. */
  | { kind: 'released' };

const today = () => new Date().toISOString().slice(0, 10);

function promptOf(context: TargetContext): Prompt {
  const base = { category: context.category, known: context.known };
  switch (context.target.type) {
    case 'Events':
      return eventsPrompt({ ...base, count: itemsPerRun.Events }, today());
    case 'Brands':
      return brandsPrompt({ ...base, subcategory: context.subcategory ?? '', count: itemsPerRun.Brands });
    case 'Equipments':
      return modelsPrompt({ ...base, subcategory: context.subcategory ?? '', brand: context.brand ?? '', count: itemsPerRun.Equipments });
  }
}

/** The most a run of this target may cost: its prompt and the largest answer. A run starts only if the balance covers it. */
export function costEstimate(context: TargetContext, maxOutputTokens: number): number {
  return promptTokens(promptOf(context)) + maxOutputTokens;
}

interface Proposal {
  usage: Usage;
  store: (tx: Executor) => Promise<number[]>;
}

async function propose(provider: GenerationProvider, context: TargetContext, signal: AbortSignal): Promise<Proposal> {
  const base = { category: context.category, known: context.known };
  switch (context.target.type) {
    case 'Events': {
      const { items, usage } = await provider.events({ ...base, count: itemsPerRun.Events }, signal);
      return { usage, store: (tx) => storeEvents(tx, context, items) };
    }
    case 'Brands': {
      const { items, usage } = await provider.brands({ ...base, subcategory: context.subcategory ?? '', count: itemsPerRun.Brands }, signal);
      return { usage, store: (tx) => storeBrands(tx, context, items) };
    }
    case 'Equipments': {
      const request = { ...base, subcategory: context.subcategory ?? '', brand: context.brand ?? '', count: itemsPerRun.Equipments };
      const { items, usage } = await provider.models(request, signal);
      return { usage, store: (tx) => storeModels(tx, context, items) };
    }
  }
}

const nouns = { Events: ['event', 'events'], Brands: ['brand', 'brands'], Equipments: ['model', 'models'] } as const;

const paragraphs = (...lines: string[]) => lines.map((line) => `<p>${line}</p>`).join('');

function providerLine(provider: GenerationProvider): string {
  return provider.label === 'demo' ? 'Made by the offline demo generator: the items are made up.' : `Model: ${escapeHtml(provider.label)}.`;
}

/**
 * Runs one held generation run to its end: checks the balance covers the most it can cost, asks the provider,
 * stores what is new, charges the tokens the provider used, and sets the run and its target's status, all in one
 * transaction; then announces the change. Whatever happens, the run ends with a status (or is given back when the
 * process stops), and a failed or refused run costs nothing.
 */
export async function executeRun(deps: RunnerDeps, run: RunRow, signal: AbortSignal, loaded?: TargetContext): Promise<RunOutcome> {
  const { db } = deps;
  const target = targetOfRun(run);
  // A queued run reads its target afresh (it may have moved or gone since); a request running its own has just read it.
  const context = loaded ?? (target && (await loadContext(db, target)));
  if (!target || !context) {
    return end(deps, run, undefined, failure(statusNames.failed, 'What this generation was for no longer exists.'));
  }
  if (run.attempts > maxAttempts) {
    return end(deps, run, context, failure(statusNames.failed, `Stopped after ${maxAttempts} attempts that were interrupted.`));
  }

  const estimate = costEstimate(context, deps.maxOutputTokens);
  const [payer] = run.userId === null ? [] : await db.select({ tokens: users.tokens }).from(users).where(eq(users.id, run.userId));
  if (!payer) return end(deps, run, context, failure(statusNames.failed, 'The operator who started this generation no longer exists.'));
  if (payer.tokens < estimate) {
    return end(deps, run, context, failure(statusNames.insufficientTokens, insufficientText(estimate, payer.tokens)));
  }

  let proposal: Proposal;
  try {
    proposal = await propose(deps.provider, context, signal);
  } catch (error) {
    if (signal.aborted) {
      await releaseRun(db, run.id);
      return { kind: 'released' };
    }
    if (!(error instanceof ProviderError)) deps.log.error({ err: error, runId: run.id }, 'generation failed');
    const message = error instanceof ProviderError ? error.message : 'The generation failed unexpectedly.';
    return end(deps, run, context, failure(statusNames.failed, message, error instanceof ProviderError ? error.usage : undefined));
  }

  const [singular, plural] = nouns[context.target.type];
  const spent = proposal.usage.inputTokens + proposal.usage.outputTokens;
  // Never more than the balance was checked against: the provider's own count is trusted only up to the estimate.
  const charge = Math.min(spent, estimate);
  try {
    return await end(deps, run, context, async (tx) => {
      const created = await proposal.store(tx);
      const balance = charge > 0 ? await changeBalance(tx, { userId: run.userId ?? 0, delta: -charge, reason: 'generation', reference: `run:${run.id}` }) : undefined;
      const result: RunResult =
        created.length > 0
          ? {
              status: statusNames.generated,
              message: paragraphs(
                `Generated <strong>${created.length}</strong> new ${created.length === 1 ? singular : plural} for ${escapeHtml(targetName(context))}.`,
                providerLine(deps.provider),
              ),
              ...usageFields(proposal.usage, charge),
              equipmentsGenerated: context.target.type === 'Equipments' ? created.length : 0,
            }
          : {
              status: statusNames.noNewResults,
              message: paragraphs(`Nothing new was found for the ${escapeHtml(describeTarget(context))}.`, providerLine(deps.provider)),
              ...usageFields(proposal.usage, charge),
              equipmentsGenerated: 0,
            };
      const statusText = created.length > 0 ? `Generated ${created.length} new ${created.length === 1 ? singular : plural}.` : `Nothing new was found.`;
      return { result, statusText, created, balance };
    });
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 402) {
      // Another run spent the balance meanwhile: nothing of this one is kept, and nothing is charged.
      const [now] = await db.select({ tokens: users.tokens }).from(users).where(eq(users.id, run.userId ?? 0));
      return end(deps, run, context, failure(statusNames.insufficientTokens, insufficientText(charge, now?.tokens ?? 0), proposal.usage));
    }
    throw error;
  }
}

function insufficientText(needed: number, balance: number): string {
  return `This generation needs up to ${needed.toLocaleString('en-US')} tokens; the balance is ${balance.toLocaleString('en-US')}.`;
}

function usageFields(usage: Usage, charged: number) {
  return { inputTokens: usage.inputTokens, outputTokens: usage.outputTokens, chargedTokens: charged };
}

interface Ending {
  result: RunResult;
  /** The status's hover text (plain). */
  statusText: string;
  created: number[];
  /** The payer's balance after the charge, when something was charged. */
  balance: number | undefined;
}

/** A run that ends without storing anything, at no cost. */
function failure(status: string, text: string, usage: Usage = { inputTokens: 0, outputTokens: 0 }) {
  return async (): Promise<Ending> => ({
    result: { status, message: paragraphs(escapeHtml(text)), ...usageFields(usage, 0), equipmentsGenerated: 0 },
    statusText: text,
    created: [],
    balance: undefined,
  });
}

/** Ends a run in one transaction (its items, charge, row and status), then announces what changed. */
async function end(
  deps: RunnerDeps,
  run: RunRow,
  context: TargetContext | undefined,
  build: (tx: Executor) => Promise<Ending>,
): Promise<RunOutcome> {
  const target = context?.target ?? targetOfRun(run);
  const { finished, status, ending } = await deps.db.transaction(async (tx) => {
    const ending = await build(tx);
    const finished = await finishRun(tx, run.id, ending.result);
    const [status] = target ? await setStatuses(tx, [target], ending.result.status, ending.statusText) : [];
    return { finished, status, ending };
  });
  if (status) announce(deps, context, status, ending);
  if (run.userId !== null && ending.balance !== undefined) balanceChanged(deps.notifier, run.userId, ending.balance);
  deps.log.info({ runId: run.id, type: run.type, status: finished.status, created: ending.created.length, charged: finished.chargedTokens }, 'generation run finished');
  return { kind: 'finished', run: finished, status, created: ending.created };
}

function announce(deps: RunnerDeps, context: TargetContext | undefined, status: StatusRow, ending: Ending): void {
  const brand = context?.target.brandId != null && context.brand !== null ? { id: context.target.brandId, name: context.brand } : null;
  statusChanged(deps.notifier, serializeStatus(status, brand));
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
