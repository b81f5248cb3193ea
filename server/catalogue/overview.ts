import { and, count, eq, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { overviewAnswer } from '../../contract/overview';
import { modelTypes, notGeneratedStatus } from '../../contract/statuses';
import type { Database } from '../db/client';
import { categories, statuses, subcategories } from '../db/schema';
import { currentBalance } from '../tokens/ledger';
import { answerCache, encodeJson } from './answer-cache';
import { latestRuns } from './history';
import { NotFoundError } from '../domain-errors';

const latestRunsShown = 10;

/** The part of the overview that is the same for every operator. */
const catalogueOverviewAnswer = overviewAnswer.omit({ tokens: true });

/**
 * GET /api/overview (extension, the dashboard home), as JSON text: the operator's balance; how many categories stand
 * in each events status and subcategories in each brands status ('Not Generated' when none ran); the latest runs.
 * All but the balance is the same for every operator, kept encoded while the catalogue's version stands
 * (answer-cache.ts); the balance is read for each answer and written in front of it.
 */
export async function overviewJson(db: Database, userId: number): Promise<string> {
  const [balance, catalogue] = await Promise.all([
    currentBalance(db, userId),
    answerCache(db).get(
      'overview',
      async () => encodeJson(catalogueOverviewAnswer, await catalogueOverview(db)),
      (text) => text.length,
    ),
  ]);
  if (!balance) throw new NotFoundError('User');
  return `{"tokens":${encodeJson(overviewAnswer.shape.tokens, balance.tokens)},${catalogue.slice(1)}`;
}

async function catalogueOverview(db: Database): Promise<z.output<typeof catalogueOverviewAnswer>> {
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
