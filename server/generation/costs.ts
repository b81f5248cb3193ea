import { and, desc, eq, gt, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { statusNames } from '../../contract/statuses';
import type { Executor } from '../db/client';
import { generationRuns } from '../db/schema';
import type { RunTarget } from './targets';

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

/** How many of these targets have a run under way (a generate call skips them). */
export async function countUnderWay(db: Executor, targets: readonly RunTarget[]): Promise<number> {
  if (targets.length === 0) return 0;
  // A generate call's targets are of one type: a category's events, a subcategory's brands, or brands' models.
  const type = targets[0]!.type;
  const column = type === 'Events' ? generationRuns.categoryId : type === 'Brands' ? generationRuns.subcategoryId : generationRuns.brandId;
  const ids = targets.map((t) => (t.type === 'Events' ? t.categoryId : t.type === 'Brands' ? t.subcategoryId : t.brandId));
  const [row] = await db
    .select({ n: sql<number>`count(distinct ${column})::int` })
    .from(generationRuns)
    .where(and(isNull(generationRuns.finishedAt), eq(generationRuns.type, type), inArray(column, ids)));
  return Number(row?.n ?? 0);
}
