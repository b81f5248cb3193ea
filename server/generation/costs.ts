import { and, desc, eq, gt, inArray, isNotNull, isNull } from 'drizzle-orm';
import { statusNames } from '../../contract/statuses';
import type { Executor } from '../db/client';
import { generationRuns } from '../db/schema';
import { mostRunCost } from './pricing';
import { loadModelContexts, type RunTarget, type TargetContext } from './targets';

/** How many of an operator's last finished runs of a type make the typical cost. */
const typicalSample = 20;

/**
 * The typical cost of one run of this type for this operator: the median charge of their last 20 runs of it that
 * ended with a result (Generated, No New Results); undefined when they have none.
 */
export async function typicalRunCost(db: Executor, userId: number, type: RunTarget['type']): Promise<number | undefined> {
  const rows = await db
    .select({ charged: generationRuns.chargedTokens })
    .from(generationRuns)
    .where(
      and(
        eq(generationRuns.userId, userId),
        eq(generationRuns.type, type),
        isNotNull(generationRuns.finishedAt),
        inArray(generationRuns.status, [statusNames.generated, statusNames.noNewResults]),
        gt(generationRuns.chargedTokens, 0),
      ),
    )
    .orderBy(desc(generationRuns.id))
    .limit(typicalSample);
  if (rows.length === 0) return undefined;
  const charges = rows.map((row) => row.charged).sort((a, b) => a - b);
  const middle = Math.floor(charges.length / 2);
  return charges.length % 2 === 1 ? charges[middle]! : Math.round((charges[middle - 1]! + charges[middle]!) / 2);
}

/** The id a generate call's target is told apart by among targets of its type. */
const targetId = (t: RunTarget) => (t.type === 'Events' ? t.categoryId : t.type === 'Brands' ? t.subcategoryId : t.brandId);

/** These targets less those with a run under way (a generate call skips them), in their order. */
export async function targetsFree(db: Executor, targets: readonly RunTarget[]): Promise<RunTarget[]> {
  if (targets.length === 0) return [];
  // A generate call's targets are of one type: a category's events, a subcategory's brands, or brands' models.
  const type = targets[0]!.type;
  const column = type === 'Events' ? generationRuns.categoryId : type === 'Brands' ? generationRuns.subcategoryId : generationRuns.brandId;
  const rows = await db
    .selectDistinct({ id: column })
    .from(generationRuns)
    .where(and(isNull(generationRuns.finishedAt), eq(generationRuns.type, type), inArray(column, targets.map(targetId))));
  const busy = new Set(rows.map((row) => row.id));
  return targets.filter((target) => !busy.has(targetId(target)));
}

/**
 * The most each of these runs may cost, in their order: each its own prompt (its names and the items it already
 * knows, which a brand of 100 models lists and a new brand does not) and the largest answer. `first` is the first
 * target's context (the plan read it); the models of several brands are read together, a few queries for any number.
 */
export async function mostCosts(
  db: Executor,
  first: TargetContext,
  targets: readonly RunTarget[],
  maxOutputTokens: number,
): Promise<number[]> {
  const sameAsFirst = (t: RunTarget) =>
    t.type === first.target.type && t.subcategoryId === first.target.subcategoryId && t.brandId === first.target.brandId;
  if (first.target.type !== 'Equipments' || targets.every(sameAsFirst)) return targets.map(() => mostRunCost(first, maxOutputTokens));
  const contexts = await loadModelContexts(
    db,
    first.target.subcategoryId,
    targets.map((t) => t.brandId ?? 0),
  );
  return targets.map((t) => {
    const context = t.brandId === null ? undefined : contexts.get(t.brandId);
    // A brand deleted since the plan read it is not queued (nothing to price).
    return context ? mostRunCost(context, maxOutputTokens) : 0;
  });
}
