import type { EstimateAnswer, ParsedEstimateBody, TypicalCostsAnswer } from '../../contract/estimate';
import { readBalance } from '../tokens/ledger';
import { planOf } from './call-plans';
import { mostCosts, targetsFree, typicalRunCost } from './costs';
import { mostRunCost } from './pricing';
import type { RunnerDeps } from './runner';
import type { RunTarget } from './targets';

type EstimateDeps = Pick<RunnerDeps, 'db' | 'maxOutputTokens'>;

export const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);

/**
 * POST /api/generation/estimate: what the generate call (or the retry) of this body would queue and may cost,
 * refused as that call refuses bad input (404, 422; a retry's 409). The maximum is each run's own most, summed:
 * what the runs hold when they start, so an affordable estimate is not refused for tokens when nothing else
 * spends meanwhile. Reads only.
 */
export async function estimateCall(deps: EstimateDeps, userId: number, body: ParsedEstimateBody): Promise<EstimateAnswer> {
  const plan = await planOf(deps.db, userId, body);
  const free = await targetsFree(deps.db, plan.targets);
  const costs = plan.context ? await mostCosts(deps.db, plan.context, free, deps.maxOutputTokens) : [];
  const most = sum(costs);
  const typical = await typicalRunCost(deps.db, userId, plan.context?.target.type ?? 'Equipments');
  const balance = (await readBalance(deps.db, userId)) ?? { tokens: 0, held: 0, available: 0 };
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
export async function typicalCosts(deps: EstimateDeps, userId: number): Promise<TypicalCostsAnswer> {
  const types = ['Events', 'Brands', 'Equipments'] as const;
  const costs = await Promise.all(types.map((type) => typicalRunCost(deps.db, userId, type)));
  const fallback = (type: RunTarget['type']) =>
    mostRunCost(
      { target: { type, categoryId: 0, subcategoryId: 0, brandId: 0 } as RunTarget, category: '', subcategory: '', brand: '', known: [] },
      deps.maxOutputTokens,
    );
  return {
    Events: costs[0] ?? fallback('Events'),
    Brands: costs[1] ?? fallback('Brands'),
    Equipments: costs[2] ?? fallback('Equipments'),
  };
}
