import { and, count, eq, isNull, sql } from 'drizzle-orm';
import type { OverviewAnswer } from '../../contract/overview';
import { modelTypes, notGeneratedStatus } from '../../contract/statuses';
import type { Executor } from '../db/client';
import { categories, statuses, subcategories } from '../db/schema';
import { readBalance } from '../tokens/ledger';
import { latestRuns } from './history';
import { NotFoundError } from '../domain-errors';

const latestRunsShown = 10;

/**
 * GET /api/overview (extension, the dashboard home): the operator's balance; how many categories stand in each
 * events status and subcategories in each brands status ('Not Generated' when none ran); the latest runs.
 */
export async function overview(db: Executor, userId: number): Promise<OverviewAnswer> {
  const statusName = sql<string>`coalesce(${statuses.name}, ${notGeneratedStatus.name})`;
  const [balance, categoryRows, subcategoryRows, runs] = await Promise.all([
    readBalance(db, userId),
    db
      .select({ status: statusName, n: count() })
      .from(categories)
      .leftJoin(
        statuses,
        and(
          eq(statuses.categoryId, categories.id),
          eq(statuses.modelType, modelTypes.event),
          isNull(statuses.subcategoryId),
          isNull(statuses.brandId),
        ),
      )
      .groupBy(sql`1`),
    db
      .select({ status: statusName, n: count() })
      .from(subcategories)
      .leftJoin(
        statuses,
        and(eq(statuses.subcategoryId, subcategories.id), eq(statuses.modelType, modelTypes.brand), isNull(statuses.brandId)),
      )
      .groupBy(sql`1`),
    latestRuns(db, latestRunsShown),
  ]);
  if (!balance) throw new NotFoundError('User');
  const tally = (rows: { status: string; n: number }[]) => Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
  return {
    tokens: balance.tokens,
    categories_by_status: tally(categoryRows),
    subcategories_by_status: tally(subcategoryRows),
    latest_runs: runs,
  };
}
