import { and, eq, inArray, sql } from 'drizzle-orm';
import { generateAllMatchingLimit, generateEquipmentsMessages, type GenerateAnswer } from '../../contract/generation';
import type { Equipment, GenerateEquipmentsAnswer, generateEquipmentsBody } from '../../contract/equipments';
import type { Event } from '../../contract/events';
import type { EstimateAnswer, ParsedEstimateBody, TypicalCostsAnswer } from '../../contract/estimate';
import { runMessages } from '../../contract/runs';
import { statusNames } from '../../contract/statuses';
import type { z } from 'zod';
import { matchingBrandsCondition } from '../catalogue/bulk-exclusions';
import { findEquipments } from '../catalogue/equipments';
import { findEvents } from '../catalogue/events';
import { equipmentsChanged, statusChanged } from '../notify/notifier';
import { countInProgress, serializeStatus } from '../catalogue/statuses';
import { brandExclusions, brands, categories, generationRuns, subcategories } from '../db/schema';
import { balanceChanged } from '../notify/notifier';
import { holdForRun, InsufficientTokensError, readBalance, type Balance } from '../tokens/ledger';
import { mostCosts, targetsFree, typicalRunCost } from './costs';
import { mostRunCost } from './pricing';
import type { RunnerDeps } from './runner';
import { cancelRun } from './cancel';
import { announceRuns } from './run-events';
import { insufficientText } from './run-message';
import { retryContext } from './retries';
import { enqueueRuns, lockForRetry, type RunRow, type StatusRow } from './runs';
import { describeTarget, isBrandExcluded, loadContext, type RunTarget, type TargetContext } from './targets';
import type { GenerationWorker } from './worker';
import {
  ConflictError,
  InvalidInputError,
  NotFoundError,
  PaymentRequiredError,
  ProviderFailedError,
  UnavailableError,
} from '../domain-errors';

/**
 * The four generate calls of docs/product.md#calls. Events and a brand's models are generated while the request waits (their
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
    await this.checkBalance(userId, mostRunCost(context, this.deps.maxOutputTokens));
    const { runs, statuses } = await this.enqueue(userId, [context.target]);
    if (runs.length === 0) throw new ConflictError(`A generation of the ${describeTarget(context)} is already in progress.`);
    await this.announceQueued(statuses, context);
    return { success: true, message: `Generating brands for ${context.subcategory ?? ''}.` };
  }

  /**
   * POST /api/equipments/generate: queues the models of each selected brand, hand-picked or every brand a filter
   * matches; excluded brands and brands with a run under way are skipped and counted (409 when nothing is left).
   * For a filter the balance must cover the most every run may cost together, each at its own most (402); for a
   * hand-picked list, as the original clients expect, the first run (each further run that cannot be covered ends
   * "Insufficient tokens").
   */
  async generateEquipments(userId: number, body: z.output<typeof generateEquipmentsBody>): Promise<GenerateEquipmentsAnswer> {
    const plan = await this.equipmentsPlan(body);
    const { context, targets, excluded, subcategoryName } = plan;
    if (!context) throw new ConflictError(generateEquipmentsMessages.allExcluded);
    const most =
      'filter' in body
        ? sum(await this.mostCosts(context, await targetsFree(this.deps.db, targets)))
        : mostRunCost(context, this.deps.maxOutputTokens);
    await this.checkBalance(userId, most);
    const queued = await this.enqueue(userId, targets);
    // Brands excluded since the plan read them are skipped as excluded (the queue reads the exclusions again).
    const skipped = { excluded: excluded + queued.excluded, running: targets.length - queued.excluded - queued.runs.length };
    if (queued.runs.length === 0) {
      throw new ConflictError(skipped.running === 0 ? generateEquipmentsMessages.allExcluded : generateEquipmentsMessages.allRunning);
    }
    await this.announceQueued(queued.statuses, context);
    return {
      success: true,
      message: generateEquipmentsMessages.queued(queued.runs.length, subcategoryName, skipped),
      queued: queued.runs.length,
      skipped,
    };
  }

  /**
   * POST /api/generation/estimate: what the generate call (or the retry) of this body would queue and may cost,
   * refused as that call refuses bad input (404, 422; a retry's 409). The maximum is each run's own most, summed:
   * what the runs hold when they start, so an affordable estimate is not refused for tokens when nothing else
   * spends meanwhile. Reads only.
   */
  async estimate(userId: number, body: ParsedEstimateBody): Promise<EstimateAnswer> {
    const plan = await this.planOf(userId, body);
    const free = await targetsFree(this.deps.db, plan.targets);
    const costs = plan.context ? await this.mostCosts(plan.context, free) : [];
    const most = sum(costs);
    const typical = await typicalRunCost(this.deps.db, userId, plan.context?.target.type ?? 'Equipments');
    const balance = (await readBalance(this.deps.db, userId)) ?? { tokens: 0, held: 0, available: 0 };
    return {
      runs: free.length,
      max_tokens: most,
      expected_tokens: sum(costs.map((cost) => Math.min(typical ?? cost, cost))),
      balance: balance.available,
      affordable: balance.available >= most,
      skipped: { excluded: plan.excluded, in_progress: plan.targets.length - free.length },
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
      mostRunCost(
        { target: { type, categoryId: 0, subcategoryId: 0, brandId: 0 } as RunTarget, category: '', subcategory: '', brand: '', known: [] },
        this.deps.maxOutputTokens,
      );
    return {
      Events: costs[0] ?? fallback('Events'),
      Brands: costs[1] ?? fallback('Brands'),
      Equipments: costs[2] ?? fallback('Equipments'),
    };
  }

  /** The targets a generate (or retry) body stands for, the context of the first, and the brands it skips as excluded. */
  private async planOf(
    userId: number,
    body: ParsedEstimateBody,
  ): Promise<{ context: TargetContext | undefined; targets: RunTarget[]; excluded: number }> {
    switch (body.type) {
      case 'Retry': {
        const context = await retryContext(this.deps.db, userId, body.run_id);
        return { context, targets: [context.target], excluded: 0 };
      }
      case 'Events': {
        const context = await this.context(
          { type: 'Events', categoryId: body.category_id, subcategoryId: null, brandId: null },
          'Category',
        );
        return { context, targets: [context.target], excluded: 0 };
      }
      case 'Brands': {
        const context = await this.context(
          { type: 'Brands', categoryId: 0, subcategoryId: body.subcategory_id, brandId: null },
          'Subcategory',
        );
        return { context, targets: [context.target], excluded: 0 };
      }
      case 'Models': {
        const context = await this.modelsContext(body.brand, body.subcategory_id);
        return { context, targets: [context.target], excluded: 0 };
      }
      case 'Equipments': {
        if (body.filter) return this.equipmentsPlan({ subcategory_id: body.subcategory_id ?? 0, filter: body.filter });
        const brandIds = body.brands ?? [];
        const names =
          body.subcategory_id === undefined ? { category: body.category ?? '', subcategory: body.subcategory ?? '' } : undefined;
        return this.equipmentsPlan(names ? { ...names, brands: brandIds } : { subcategory_id: body.subcategory_id ?? 0, brands: brandIds });
      }
    }
  }

  /**
   * The brand's run target in its subcategory: 404 for a missing brand, 422 for a brand of another subcategory, 409
   * for an excluded brand (never generated).
   */
  private async modelsContext(brandId: number, subcategoryId: number): Promise<TargetContext> {
    const [brand] = await this.deps.db
      .select({ name: brands.name, subcategoryId: brands.subcategoryId })
      .from(brands)
      .where(eq(brands.id, brandId));
    if (!brand) throw new NotFoundError('Brand');
    if (brand.subcategoryId !== subcategoryId) throw new InvalidInputError('brand', 'The brand is not in this subcategory.');
    if (await isBrandExcluded(this.deps.db, brandId)) throw new ConflictError(runMessages.brandExcluded(brand.name));
    return this.context({ type: 'Equipments', categoryId: 0, subcategoryId, brandId }, 'Brand');
  }

  /**
   * The runs a Generate Equipments call stands for: one a selected brand that is not excluded (404 for a missing
   * subcategory, 422 for a brand of another one); `context` is the first brand's, undefined when every one is excluded.
   */
  private async equipmentsPlan(body: z.output<typeof generateEquipmentsBody>): Promise<EquipmentsPlan> {
    if ('filter' in body) return this.matchingPlan(body.subcategory_id, body.filter.q);
    const subcategoryId = 'subcategory_id' in body ? body.subcategory_id : await this.subcategoryByNames(body.category, body.subcategory);
    const ids = [...new Set(body.brands)];
    const rows = await this.deps.db
      .select({ id: brands.id, name: brands.name, subcategoryId: brands.subcategoryId, excluded: brandExclusions.brandId })
      .from(brands)
      .leftJoin(brandExclusions, eq(brandExclusions.brandId, brands.id))
      .where(inArray(brands.id, ids));
    const [subcategory] = await this.deps.db
      .select({ name: subcategories.name })
      .from(subcategories)
      .where(eq(subcategories.id, subcategoryId));
    if (!subcategory) throw new NotFoundError('Subcategory');
    const foreign = ids.filter((id) => !rows.some((row) => row.id === id && row.subcategoryId === subcategoryId));
    if (foreign.length > 0) {
      throw new InvalidInputError(
        'brands',
        `These brands are not in ${subcategory.name}: ${foreign.join(', ')}.`,
        `Not in ${subcategory.name}: ${foreign.join(', ')}.`,
      );
    }
    const wanted = rows.filter((row) => row.excluded === null).sort((a, b) => a.id - b.id);
    const first = wanted[0];
    const context = first
      ? await this.context({ type: 'Equipments', categoryId: 0, subcategoryId, brandId: first.id }, 'Brand')
      : undefined;
    const categoryId = context?.target.categoryId ?? 0;
    const targets = wanted.map((row): RunTarget => ({ type: 'Equipments', categoryId, subcategoryId, brandId: row.id }));
    return { context, targets, excluded: rows.length - wanted.length, subcategoryName: subcategory.name };
  }

  /**
   * The runs of Generate Equipments for every brand of a subcategory whose name contains `q` (the condition the
   * brands grid and the bulk exclusion read): 404 for a missing subcategory, 422 when no brand matches or more than
   * `generateAllMatchingLimit` brands that are not excluded do.
   */
  private async matchingPlan(subcategoryId: number, q: string | undefined): Promise<EquipmentsPlan> {
    const [subcategory] = await this.deps.db
      .select({ name: subcategories.name })
      .from(subcategories)
      .where(eq(subcategories.id, subcategoryId));
    if (!subcategory) throw new NotFoundError('Subcategory');
    const where = matchingBrandsCondition({ subcategoryId, q });
    const [counted] = (
      (await this.deps.db.execute(
        sql`select count(*)::int as n, count(e.brand_id)::int as excluded from brands b left join brand_exclusions e on e.brand_id = b.id where ${where}`,
      )) as unknown as { rows: { n: number; excluded: number }[] }
    ).rows;
    const matched = Number(counted?.n ?? 0);
    const excluded = Number(counted?.excluded ?? 0);
    if (matched === 0) throw new InvalidInputError('filter.q', generateEquipmentsMessages.noneMatch(q, subcategory.name));
    if (matched - excluded > generateAllMatchingLimit)
      throw new InvalidInputError('filter', generateEquipmentsMessages.tooMany(matched - excluded));
    const wanted = (
      (await this.deps.db.execute(
        sql`select b.id from brands b where ${where} and not exists (select 1 from brand_exclusions e where e.brand_id = b.id) order by b.id`,
      )) as unknown as { rows: { id: number }[] }
    ).rows.map((row) => Number(row.id));
    const [first] = wanted;
    const context =
      first === undefined ? undefined : await this.context({ type: 'Equipments', categoryId: 0, subcategoryId, brandId: first }, 'Brand');
    const categoryId = context?.target.categoryId ?? 0;
    const targets = wanted.map((brandId): RunTarget => ({ type: 'Equipments', categoryId, subcategoryId, brandId }));
    return { context, targets, excluded: matched - wanted.length, subcategoryName: subcategory.name };
  }

  /** POST /api/runs/{id}/cancel (cancel.ts). */
  cancel(userId: number, runId: number, email: string): Promise<void> {
    return cancelRun({ db: this.deps.db, notifier: this.deps.notifier, worker: this.worker }, { userId, runId, email });
  }

  /**
   * POST /api/runs/{id}/retry: queues a new run, linked to the old one, for the target of one of the operator's runs
   * that ended without a result (Failed, Insufficient tokens, Cancelled), under a generate call's rules: refused as
   * retries.ts says (404, 409), 409 when a run of the target is under way, 402 when the balance does not cover the
   * run. Answers the new run's id.
   */
  async retry(userId: number, runId: number): Promise<number> {
    const context = await retryContext(this.deps.db, userId, runId);
    await this.checkBalance(userId, mostRunCost(context, this.deps.maxOutputTokens));
    const { runs, statuses, excluded } = await this.enqueue(userId, [context.target], runId);
    const [queued] = runs;
    if (!queued) {
      throw new ConflictError(
        excluded > 0
          ? runMessages.brandExcluded(context.brand ?? '')
          : `A generation of the ${describeTarget(context)} is already in progress.`,
      );
    }
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

  /** The most each of these runs may cost (costs.ts), `first` being the first target's context. */
  private mostCosts(first: TargetContext, targets: readonly RunTarget[]): Promise<number[]> {
    return mostCosts(this.deps.db, first, targets, this.deps.maxOutputTokens);
  }

  /** 402 unless what is available covers `most` (what the runs to be queued hold when they start). */
  private async checkBalance(userId: number, most: number): Promise<void> {
    const balance = (await readBalance(this.deps.db, userId)) ?? { tokens: 0, held: 0, available: 0 };
    if (balance.available < most) throw insufficient(most, balance);
  }

  /**
   * Queues runs of these targets (runs.ts `enqueueRuns`). `retryOf`: the run they retry, locked meanwhile, so that
   * of two retries of it the second is 409 (a run is retried once).
   */
  private async enqueue(
    userId: number,
    targets: RunTarget[],
    retryOf?: number,
  ): Promise<{ runs: RunRow[]; statuses: StatusRow[]; excluded: number }> {
    const queued = await this.deps.db.transaction(async (tx) => {
      if (retryOf === undefined) return enqueueRuns(tx, { userId, targets });
      const retried = await lockForRetry(tx, retryOf);
      if (retried !== undefined) throw new ConflictError(runMessages.alreadyRetried(retried));
      return enqueueRuns(tx, { userId, targets, retryOf });
    });
    // Told as queued before a worker can take them, so that the runs centre never hears "queued" after "started";
    // the retried run too, which links to its retry now.
    const retried = retryOf !== undefined && queued.runs.length > 0 ? [retryOf] : [];
    await announceRuns(this.deps, [...retried, ...queued.runs.map((run) => run.id)]);
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
    const brand =
      context.target.type === 'Equipments' && context.brand !== null ? { id: context.target.brandId, name: context.brand } : null;
    statusChanged(
      this.deps.notifier,
      serializeStatus(first, first.brandId === brand?.id ? brand : null),
      await countInProgress(this.deps.db),
    );
    if (context.target.subcategoryId !== null && context.target.type === 'Equipments')
      equipmentsChanged(this.deps.notifier, [context.target.subcategoryId]);
  }

  /**
   * Runs one target while the request waits; answers its new rows, or the error its status stands for. The run is
   * queued held by this process with the most it may cost held from the balance, in one transaction: when the
   * balance cannot cover it, the call is 402 and nothing changed. It then waits for a place among the runs this
   * process works on at once (GENERATION_CONCURRENCY), before the queued ones.
   */
  private async runNow(userId: number, context: TargetContext): Promise<{ ids: number[]; message: string }> {
    const most = mostRunCost(context, this.deps.maxOutputTokens);
    let queued: { runs: RunRow[]; statuses: StatusRow[]; excluded: number; balance: Balance | undefined };
    try {
      queued = await this.deps.db.transaction(async (tx) => {
        const { runs, statuses, excluded } = await enqueueRuns(tx, { userId, targets: [context.target], heldBy: this.deps.lease });
        const [run] = runs;
        const balance = run ? await holdForRun(tx, { userId, runId: run.id, amount: most }) : undefined;
        return { runs, statuses, excluded, balance };
      });
    } catch (error) {
      if (error instanceof InsufficientTokensError) {
        throw insufficient(most, (await readBalance(this.deps.db, userId)) ?? { tokens: 0, held: 0, available: error.available });
      }
      throw error;
    }
    const [run] = queued.runs;
    if (!run) {
      // Excluded since modelsContext read it: the queue read the exclusions again.
      throw new ConflictError(
        queued.excluded > 0
          ? runMessages.brandExcluded(context.brand ?? '')
          : `A generation of the ${describeTarget(context)} is already in progress.`,
      );
    }
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
      case statusNames.skipped:
        // Its brand was excluded between the queue's check and the run's turn: nothing was generated or charged.
        throw new ConflictError(runMessages.brandExcluded(context.brand ?? ''));
      default:
        throw new ProviderFailedError(text || 'The generation failed.', { runId: outcome.run.id });
    }
  }
}

/** The runs a Generate Equipments call stands for (`context`: the first brand's, undefined when every one is excluded). */
interface EquipmentsPlan {
  context: TargetContext | undefined;
  targets: RunTarget[];
  excluded: number;
  subcategoryName: string;
}

const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);

/** A generate call refused for money: the status "Insufficient tokens" (docs/product.md#generation), what the run needs and what is available. */
function insufficient(most: number, balance: Balance): PaymentRequiredError {
  return new PaymentRequiredError(`Insufficient tokens: ${lowerFirst(insufficientText(most, balance))}`);
}

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);
