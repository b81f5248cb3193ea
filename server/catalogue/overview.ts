import { and, count, eq, isNull, sql } from 'drizzle-orm';
import type { OverviewAnswer } from '../../contract/overview';
import { modelTypes, notGeneratedStatus } from '../../contract/statuses';
import type { Database } from '../db/client';
import { categories, statuses, subcategories } from '../db/schema';
import { readBalance } from '../tokens/ledger';
import { answerCache } from './answer-cache';
import { latestRuns } from './history';
import { NotFoundError } from '../domain-errors';

const latestRunsShown = 10;

/**
 * GET /api/overview (extension, the dashboard home): the operator's balance; how many categories stand in each
 * events status and subcategories in each brands status ('Not Generated' when none ran); the latest runs. All but
 * the balance is the same for every operator, kept while the catalogue's version stands (answer-cache.ts).
 */
export async function overview(db: Database, userId: number): Promise<OverviewAnswer> {
  const [balance, catalogue] = await Promise.all([
    readBalance(db, userId),
    answerCache(db).get('overview', () => catalogueOverview(db), (kept) => JSON.stringify(kept).length),
  ]);
  if (!balance) throw new NotFoundError('User');
  return { tokens: balance.tokens, ...catalogue };
}

async function catalogueOverview(db: Database): Promise<Omit<OverviewAnswer, 'tokens'>> {
  const statusName = sql<string>`coalesce(${statuses.name}, ${notGeneratedStatus.name})`;
  const [categoryRows, subcategoryRows, runs] = await Promise.all([
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
  const tally = (rows: { status: string; n: number }[]) => Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
  return { categories_by_status: tally(categoryRows), subcategories_by_status: tally(subcategoryRows), latest_runs: runs };
}
