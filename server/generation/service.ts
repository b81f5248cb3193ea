import { generateEquipmentsMessages, type GenerateAnswer } from '../../contract/generation';
import type { Equipment, GenerateEquipmentsAnswer, generateEquipmentsBody } from '../../contract/equipments';
import type { Event } from '../../contract/events';
import type { EstimateAnswer, ParsedEstimateBody, TypicalCostsAnswer } from '../../contract/estimate';
import type { z } from 'zod';
import { findEquipments } from '../catalogue/equipments';
import { findEvents } from '../catalogue/events';
import { ConflictError } from '../domain-errors';
import { brandsContext, equipmentsPlan, eventsContext, modelsContext } from './call-plans';
import { cancelRun } from './cancel';
import { mostCosts, targetsFree } from './costs';
import { announceQueued, checkBalance, enqueue, notQueued } from './enqueue';
import { estimateCall, sum, typicalCosts } from './estimate';
import { mostRunCost } from './pricing';
import { retryContext } from './retries';
import { runNow } from './run-now';
import type { RunnerDeps } from './runner';
import type { GenerationWorker } from './worker';

/**
 * The four generate calls of docs/product.md#calls. Events and a brand's models are generated while the request waits (their
 * answers are the new rows: run-now.ts); a subcategory's brands and the models of selected brands are queued (their
 * answer says so: enqueue.ts) and followed live through the statuses. Every call is refused, changing nothing, when
 * its target is missing (404: call-plans.ts), a generation of it is already running (409) or the balance cannot
 * cover one run (402). Also the estimate of a call (estimate.ts), a run's cancel and its retry.
 */
export class GenerationService {
  constructor(
    private readonly deps: RunnerDeps,
    private readonly worker: GenerationWorker,
  ) {}

  /** POST /api/events/generate: the new events of a category. */
  async generateEvents(userId: number, categoryId: number): Promise<{ events: Event[]; message: string }> {
    const context = await eventsContext(this.deps.db, categoryId);
    const created = await runNow(this.deps, this.worker, userId, context);
    return { events: await findEvents(this.deps.db, created.ids), message: created.message };
  }

  /** POST /api/equipments/generate-models: the new models of one brand. */
  async generateModels(userId: number, brandId: number, subcategoryId: number): Promise<Equipment[]> {
    const context = await modelsContext(this.deps.db, brandId, subcategoryId);
    const created = await runNow(this.deps, this.worker, userId, context);
    return findEquipments(this.deps.db, created.ids);
  }

  /** POST /api/brands/generate: queues the brands of a subcategory. */
  async generateBrands(userId: number, subcategoryId: number): Promise<GenerateAnswer> {
    const context = await brandsContext(this.deps.db, subcategoryId);
    await checkBalance(this.deps, userId, mostRunCost(context, this.deps.maxOutputTokens));
    const { runs, statuses, excluded } = await enqueue(this.deps, { userId, targets: [context.target] });
    if (runs.length === 0) throw notQueued(context, excluded);
    await announceQueued(this.deps, statuses, context);
    this.worker.wake();
    return { success: true, message: `Generating brands for ${context.subcategory ?? ''}.`, run_ids: runs.map((run) => run.id) };
  }

  /**
   * POST /api/equipments/generate: queues the models of each selected brand, hand-picked or every brand a filter
   * matches; excluded brands and brands with a run under way are skipped and counted (409 when nothing is left).
   * For a filter the balance must cover the most every run may cost together, each at its own most (402); for a
   * hand-picked list, as the original clients expect, the first run (each further run that cannot be covered ends
   * "Insufficient tokens").
   */
  async generateEquipments(userId: number, body: z.output<typeof generateEquipmentsBody>): Promise<GenerateEquipmentsAnswer> {
    const { context, targets, excluded, subcategoryName } = await equipmentsPlan(this.deps.db, body);
    if (!context) throw new ConflictError(generateEquipmentsMessages.allExcluded);
    const { db, maxOutputTokens } = this.deps;
    const most =
      'filter' in body
        ? sum(await mostCosts(db, context, await targetsFree(db, targets), maxOutputTokens))
        : mostRunCost(context, maxOutputTokens);
    await checkBalance(this.deps, userId, most);
    const queued = await enqueue(this.deps, { userId, targets });
    // Brands excluded since the plan read them are skipped as excluded (the queue reads the exclusions again).
    const skipped = { excluded: excluded + queued.excluded, running: targets.length - queued.excluded - queued.runs.length };
    if (queued.runs.length === 0) {
      throw new ConflictError(skipped.running === 0 ? generateEquipmentsMessages.allExcluded : generateEquipmentsMessages.allRunning);
    }
    await announceQueued(this.deps, queued.statuses, context);
    this.worker.wake();
    return {
      success: true,
      message: generateEquipmentsMessages.queued(queued.runs.length, subcategoryName, skipped),
      queued: queued.runs.length,
      skipped,
      // The SPA follows these runs' ends, hand-picked or a filter's (docs/decisions/0014-generate-for-all-matching.md).
      run_ids: queued.runs.map((run) => run.id).sort((a, b) => a - b),
    };
  }

  /** POST /api/generation/estimate (estimate.ts). */
  estimate(userId: number, body: ParsedEstimateBody): Promise<EstimateAnswer> {
    return estimateCall(this.deps, userId, body);
  }

  /** GET /api/generation/typical-costs (estimate.ts). */
  typicalCosts(userId: number): Promise<TypicalCostsAnswer> {
    return typicalCosts(this.deps, userId);
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
    await checkBalance(this.deps, userId, mostRunCost(context, this.deps.maxOutputTokens));
    const { runs, statuses, excluded } = await enqueue(this.deps, { userId, targets: [context.target], retryOf: runId });
    const [queued] = runs;
    if (!queued) throw notQueued(context, excluded);
    await announceQueued(this.deps, statuses, context);
    this.worker.wake();
    return queued.id;
  }
}
