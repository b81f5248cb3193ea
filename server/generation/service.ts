import { and, eq, inArray } from 'drizzle-orm';
import type { GenerateAnswer } from '../../contract/generation';
import type { Equipment, generateEquipmentsBody } from '../../contract/equipments';
import type { Event } from '../../contract/events';
import type { EstimateAnswer, ParsedEstimateBody, TypicalCostsAnswer } from '../../contract/estimate';
import { retryableStatuses, runMessages } from '../../contract/runs';
import { statusNames } from '../../contract/statuses';
import type { z } from 'zod';
import { findEquipments } from '../catalogue/equipments';
import { findEvents } from '../catalogue/events';
import { equipmentsChanged, statusChanged } from '../notify/notifier';
import { countInProgress, serializeStatus } from '../catalogue/statuses';
import { brandExclusions, brands, categories, generationRuns, subcategories } from '../db/schema';
import { balanceChanged } from '../notify/notifier';
import { holdForRun, InsufficientTokensError, readBalance, type Balance } from '../tokens/ledger';
import { countUnderWay, typicalRunCost } from './costs';
import { mostRunCost } from './pricing';
import type { RunnerDeps } from './runner';
import { cancelRun } from './cancel';
import { announceRuns } from './run-events';
import { insufficientText } from './run-message';
import { enqueueRuns, type RunRow, type StatusRow } from './runs';
import { describeTarget, loadContext, targetOfRun, type RunTarget, type TargetContext } from './targets';
import type { GenerationWorker } from './worker';
import { ConflictError, InvalidInputError, NotFoundError, PaymentRequiredError, ProviderFailedError, UnavailableError } from '../domain-errors';

const plural = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/**
 * The four generate calls of SPEC 7. Events and a brand's models are generated while the request waits (their
 * answers are the new rows); a subcategory's brands and the models of selected brands are queued (their answer
 * says so) and followed live through the statuses. Every call is refused, changing nothing, when its target is
 * missing (404), a generation of it is already running (409) or the balance cannot cover one run (402).
 */
export class GenerationService {
  constructor(
    private readonly deps: RunnerDeps,
    private readonly worker: GenerationWorker,
  ) {}

  /** POST /api/events/generate: the new events of a category. */
  async generateEvents(userId: number, categoryId: number): Promise<{ events: Event[]; message: string }> {
    const context = await this.context({ type: 'Events', categoryId, subcategoryId: null, brandId: null }, 'Category');
    const created = await this.runNow(userId, context);
    return { events: await findEvents(this.deps.db, created.ids), message: created.message };
  }

  /** POST /api/equipments/generate-models: the new models of one brand. */
  async generateModels(userId: number, brandId: number, subcategoryId: number): Promise<Equipment[]> {
    const context = await this.modelsContext(brandId, subcategoryId);
    const created = await this.runNow(userId, context);
    return findEquipments(this.deps.db, created.ids);
  }

  /** POST /api/brands/generate: queues the brands of a subcategory. */
  async generateBrands(userId: number, subcategoryId: number): Promise<GenerateAnswer> {
    const context = await this.context({ type: 'Brands', categoryId: 0, subcategoryId, brandId: null }, 'Subcategory');
    await this.checkBalance(userId, context);
    const { runs, statuses } = await this.enqueue(userId, [context.target]);
    if (runs.length === 0) throw new ConflictError(`A generation of the ${describeTarget(context)} is already in progress.`);
    await this.announceQueued(statuses, context);
    return { success: true, message: `Generating brands for ${context.subcategory ?? ''}.` };
  }

  /** POST /api/equipments/generate: queues the models of each selected brand (its excluded ones skipped). */
  async generateEquipments(userId: number, body: z.output<typeof generateEquipmentsBody>): Promise<GenerateAnswer> {
    const plan = await this.equipmentsPlan(body);
    const { context, targets, excluded, subcategoryName } = plan;
    if (!context) throw new ConflictError('Every selected brand is excluded: nothing to generate.');
    // The first brand stands for all in the balance check: a run of any of them costs about the same.
    await this.checkBalance(userId, context);
    const { runs, statuses } = await this.enqueue(userId, targets);
    if (runs.length === 0) throw new ConflictError('A generation of every selected brand is already in progress.');
    await this.announceQueued(statuses, context);
    const notes = [
      excluded > 0 ? `${plural(excluded, 'excluded brand', 'excluded brands')} skipped` : '',
      targets.length > runs.length ? `${plural(targets.length - runs.length, 'brand', 'brands')} already in progress` : '',
    ].filter(Boolean);
    return {
      success: true,
      message: `Generating models for ${plural(runs.length, 'brand', 'brands')} of ${subcategoryName}.${notes.length > 0 ? ` (${notes.join('; ')}.)` : ''}`,
    };
  }

  /**
   * POST /api/generation/estimate: what the generate call of this body would queue and may cost, refused as that
   * call refuses bad input (404, 422). Reads only.
   */
  async estimate(userId: number, body: ParsedEstimateBody): Promise<EstimateAnswer> {
    const plan = await this.planOf(body);
    const inProgress = await countUnderWay(this.deps.db, plan.targets);
    const runs = plan.targets.length - inProgress;
    const most = plan.context ? mostRunCost(plan.context, this.deps.maxOutputTokens) : 0;
    const typical = await typicalRunCost(this.deps.db, userId, plan.context?.target.type ?? 'Equipments');
    const balance = (await readBalance(this.deps.db, userId)) ?? { tokens: 0, held: 0, available: 0 };
    return {
      runs,
      max_tokens: most * runs,
      expected_tokens: Math.min(typical ?? most, most) * runs,
      balance: balance.available,
      affordable: balance.available >= most * runs,
      skipped: { excluded: plan.excluded, in_progress: inProgress },
    };
  }

  /**
   * GET /api/generation/typical-costs: each type's typical run cost for this operator; without a history, the most a
   * run of an empty target may cost (its prompt and the largest answer).
   */
  async typicalCosts(userId: number): Promise<TypicalCostsAnswer> {
    const types = ['Events', 'Brands', 'Equipments'] as const;
    const costs = await Promise.all(types.map((type) => typicalRunCost(this.deps.db, userId, type)));
    const fallback = (type: RunTarget['type']) =>
      mostRunCost({ target: { type, categoryId: 0, subcategoryId: 0, brandId: 0 } as RunTarget, category: '', subcategory: '', brand: '', known: [] }, this.deps.maxOutputTokens);
    return { Events: costs[0] ?? fallback('Events'), Brands: costs[1] ?? fallback('Brands'), Equipments: costs[2] ?? fallback('Equipments') };
  }

  /** The targets a generate body stands for, the context of the first (its cost stands for each), and the brands it skips as excluded. */
  private async planOf(body: ParsedEstimateBody): Promise<{ context: TargetContext | undefined; targets: RunTarget[]; excluded: number }> {
    switch (body.type) {
      case 'Events': {
        const context = await this.context({ type: 'Events', categoryId: body.category_id, subcategoryId: null, brandId: null }, 'Category');
        return { context, targets: [context.target], excluded: 0 };
      }
      case 'Brands': {
        const context = await this.context({ type: 'Brands', categoryId: 0, subcategoryId: body.subcategory_id, brandId: null }, 'Subcategory');
        return { context, targets: [context.target], excluded: 0 };
      }
      case 'Models': {
        const context = await this.modelsContext(body.brand, body.subcategory_id);
        return { context, targets: [context.target], excluded: 0 };
      }
      case 'Equipments': {
        const names = body.subcategory_id === undefined ? { category: body.category ?? '', subcategory: body.subcategory ?? '' } : undefined;
        return this.equipmentsPlan(names ? { ...names, brands: body.brands } : { subcategory_id: body.subcategory_id ?? 0, brands: body.brands });
      }
    }
  }

  /** The brand's run target in its subcategory: 404 for a missing brand, 422 for a brand of another subcategory. */
  private async modelsContext(brandId: number, subcategoryId: number): Promise<TargetContext> {
    const [brand] = await this.deps.db.select({ subcategoryId: brands.subcategoryId }).from(brands).where(eq(brands.id, brandId));
    if (!brand) throw new NotFoundError('Brand');
    if (brand.subcategoryId !== subcategoryId) throw new InvalidInputError('brand', 'The brand is not in this subcategory.');
    return this.context({ type: 'Equipments', categoryId: 0, subcategoryId, brandId }, 'Brand');
  }

  /**
   * The runs a Generate Equipments call stands for: one a selected brand that is not excluded (404 for a missing
   * subcategory, 422 for a brand of another one); `context` is the first brand's, undefined when every one is excluded.
   */
  private async equipmentsPlan(body: z.output<typeof generateEquipmentsBody>) {
    const subcategoryId = 'subcategory_id' in body ? body.subcategory_id : await this.subcategoryByNames(body.category, body.subcategory);
    const ids = [...new Set(body.brands)];
    const rows = await this.deps.db
      .select({ id: brands.id, name: brands.name, subcategoryId: brands.subcategoryId, excluded: brandExclusions.brandId })
      .from(brands)
      .leftJoin(brandExclusions, eq(brandExclusions.brandId, brands.id))
      .where(inArray(brands.id, ids));
    const [subcategory] = await this.deps.db.select({ name: subcategories.name }).from(subcategories).where(eq(subcategories.id, subcategoryId));
    if (!subcategory) throw new NotFoundError('Subcategory');
    const foreign = ids.filter((id) => !rows.some((row) => row.id === id && row.subcategoryId === subcategoryId));
    if (foreign.length > 0) {
      throw new InvalidInputError('brands', `These brands are not in ${subcategory.name}: ${foreign.join(', ')}.`, `Not in ${subcategory.name}: ${foreign.join(', ')}.`);
    }
    const wanted = rows.filter((row) => row.excluded === null).sort((a, b) => a.id - b.id);
    const first = wanted[0];
    const context = first ? await this.context({ type: 'Equipments', categoryId: 0, subcategoryId, brandId: first.id }, 'Brand') : undefined;
    const categoryId = context?.target.categoryId ?? 0;
    const targets = wanted.map((row): RunTarget => ({ type: 'Equipments', categoryId, subcategoryId, brandId: row.id }));
    return { context, targets, excluded: rows.length - wanted.length, subcategoryName: subcategory.name };
  }

  /** POST /api/runs/{id}/cancel (cancel.ts). */
  cancel(userId: number, runId: number, email: string): Promise<void> {
    return cancelRun({ db: this.deps.db, notifier: this.deps.notifier, worker: this.worker }, { userId, runId, email });
  }

  /**
   * POST /api/runs/{id}/retry: queues a new run for the target of one of the operator's runs that ended without a
   * result (Failed, Insufficient tokens, Cancelled), under a generate call's rules: 404 when the target is gone,
   * 409 when a run of it is under way, 402 when the balance does not cover one run. Answers the new run's id.
   */
  async retry(userId: number, runId: number): Promise<number> {
    const [old] = await this.deps.db.select().from(generationRuns).where(eq(generationRuns.id, runId));
    if (!old || old.userId !== userId) throw new NotFoundError('Run');
    if (old.finishedAt === null || !retryableStatuses.includes(old.status)) throw new ConflictError(runMessages.notRetryable);
    const target = targetOfRun(old);
    const context = target && (await loadContext(this.deps.db, target));
    if (!context) throw new NotFoundError('Run', 'What this generation was for no longer exists.');
    await this.checkBalance(userId, context);
    const { runs, statuses } = await this.enqueue(userId, [context.target]);
    const [queued] = runs;
    if (!queued) throw new ConflictError(`A generation of the ${describeTarget(context)} is already in progress.`);
    await this.announceQueued(statuses, context);
    return queued.id;
  }

  private async context(target: RunTarget, what: string): Promise<TargetContext> {
    const context = await loadContext(this.deps.db, target);
    if (!context) throw new NotFoundError(what);
    return context;
  }

  private async subcategoryByNames(category: string, subcategory: string): Promise<number> {
    const [row] = await this.deps.db
      .select({ id: subcategories.id })
      .from(subcategories)
      .innerJoin(categories, eq(categories.id, subcategories.categoryId))
      .where(and(eq(categories.name, category), eq(subcategories.name, subcategory)))
      .orderBy(subcategories.id)
      .limit(1);
    if (!row) throw new NotFoundError('Subcategory');
    return row.id;
  }

  /** 402 unless what is available covers the most one run of this target may cost (a queued run holds it when it starts). */
  private async checkBalance(userId: number, context: TargetContext): Promise<void> {
    const most = mostRunCost(context, this.deps.maxOutputTokens);
    const balance = (await readBalance(this.deps.db, userId)) ?? { tokens: 0, held: 0, available: 0 };
    if (balance.available < most) throw insufficient(most, balance);
  }

  private async enqueue(userId: number, targets: RunTarget[]): Promise<{ runs: RunRow[]; statuses: StatusRow[] }> {
    const queued = await this.deps.db.transaction((tx) => enqueueRuns(tx, { userId, targets }));
    // Told as queued before a worker can take them, so that the runs centre never hears "queued" after "started".
    await announceRuns(this.deps, queued.runs.map((run) => run.id));
    if (queued.runs.length > 0) this.worker.wake();
    return queued;
  }

  /**
   * Queued runs' statuses: the first one's record with the In Progress count (a call queues one target, or the
   * models of several brands of one subcategory, whose lists the `statuseschanged` that follows refreshes).
   */
  private async announceQueued(statuses: StatusRow[], context: TargetContext): Promise<void> {
    const [first] = statuses;
    if (!first) return;
    const brand = context.target.type === 'Equipments' && context.brand !== null ? { id: context.target.brandId, name: context.brand } : null;
    statusChanged(this.deps.notifier, serializeStatus(first, first.brandId === brand?.id ? brand : null), await countInProgress(this.deps.db));
    if (context.target.subcategoryId !== null && context.target.type === 'Equipments') equipmentsChanged(this.deps.notifier, [context.target.subcategoryId]);
  }

  /**
   * Runs one target while the request waits; answers its new rows, or the error its status stands for. The run is
   * queued held by this process with the most it may cost held from the balance, in one transaction: when the
   * balance cannot cover it, the call is 402 and nothing changed. It then waits for a place among the runs this
   * process works on at once (GENERATION_CONCURRENCY), before the queued ones.
   */
  private async runNow(userId: number, context: TargetContext): Promise<{ ids: number[]; message: string }> {
    const most = mostRunCost(context, this.deps.maxOutputTokens);
    let queued: { runs: RunRow[]; statuses: StatusRow[]; balance: Balance | undefined };
    try {
      queued = await this.deps.db.transaction(async (tx) => {
        const { runs, statuses } = await enqueueRuns(tx, { userId, targets: [context.target], heldBy: this.deps.lease });
        const [run] = runs;
        const balance = run ? await holdForRun(tx, { userId, runId: run.id, amount: most }) : undefined;
        return { runs, statuses, balance };
      });
    } catch (error) {
      if (error instanceof InsufficientTokensError) {
        throw insufficient(most, (await readBalance(this.deps.db, userId)) ?? { tokens: 0, held: 0, available: error.available });
      }
      throw error;
    }
    const [run] = queued.runs;
    if (!run) throw new ConflictError(`A generation of the ${describeTarget(context)} is already in progress.`);
    await this.announceQueued(queued.statuses, context);
    if (queued.balance) balanceChanged(this.deps.notifier, userId, queued.balance);
    await announceRuns(this.deps, [run.id]);
    const outcome = await this.worker.runHeld(run, context);
    if (outcome.kind === 'released') throw new UnavailableError('The server is stopping; the generation resumes when it is back.');
    if (outcome.kind === 'lost') {
      const [now] = await this.deps.db.select({ status: generationRuns.status }).from(generationRuns).where(eq(generationRuns.id, run.id));
      if (now?.status === statusNames.cancelled) throw new ConflictError('The generation was cancelled. Nothing was charged.');
      throw new UnavailableError('The generation is being finished by another server; its result shows when it is done.');
    }
    const text = outcome.status?.message ?? '';
    switch (outcome.run.status) {
      case statusNames.generated:
      case statusNames.noNewResults:
        return { ids: outcome.created, message: text };
      case statusNames.insufficientTokens:
        throw new PaymentRequiredError(text);
      default:
        throw new ProviderFailedError(text || 'The generation failed.', { runId: outcome.run.id });
    }
  }
}

/** A generate call refused for money: SPEC's "Insufficient tokens", what the run needs and what is available. */
function insufficient(most: number, balance: Balance): PaymentRequiredError {
  return new PaymentRequiredError(`Insufficient tokens: ${lowerFirst(insufficientText(most, balance))}`);
}

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);
