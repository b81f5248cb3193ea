import { and, count, desc, eq, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { RunStatusFilter } from '../../contract/run-filters';
import type { Run, RunsAnswer, RunsFilter } from '../../contract/runs';
import { statusNames } from '../../contract/statuses';
import type { Executor } from '../db/client';
import { brands, categories, generationRuns, subcategories } from '../db/schema';
import { NotFoundError } from '../domain-errors';
import { reviewedCounts, runFigures, type ReviewedCounts } from '../catalogue/history';

/**
 * The runs centre's view of generation runs (docs/product.md#runs-centre): a run with its target's names as they are now,
 * built by the database as one JSON value a row (see catalogue/equipments.ts).
 */

type RunJson = Omit<Run, 'created_at' | 'started_at' | 'finished_at' | 'figures'> & {
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
};

const runJson = sql<RunJson>`json_build_object(
  'id', ${generationRuns.id}, 'type', ${generationRuns.type},
  'category', json_build_object('id', ${categories.id}, 'name', ${categories.name}),
  'subcategory', case when ${subcategories.id} is null then null else json_build_object('id', ${subcategories.id}, 'name', ${subcategories.name}) end,
  'brand', case when ${brands.id} is null then null else json_build_object('id', ${brands.id}, 'name', ${brands.name}) end,
  'status', ${generationRuns.status}, 'message', ${generationRuns.message}, 'attempts', ${generationRuns.attempts},
  'queued', ${generationRuns.finishedAt} is null and (${generationRuns.leaseUntil} is null or ${generationRuns.leaseUntil} < now()),
  'created_at', ${generationRuns.createdAt}, 'started_at', ${generationRuns.startedAt}, 'finished_at', ${generationRuns.finishedAt},
  'max_tokens', ${generationRuns.maxTokens}, 'charged_tokens', ${generationRuns.chargedTokens}, 'items_added', ${generationRuns.itemsAdded},
  'retry_of', ${generationRuns.retryOf},
  'items_proposed', ${generationRuns.itemsProposed}, 'items_known', ${generationRuns.itemsKnown}, 'items_dropped', ${generationRuns.itemsDropped},
  'dropped_reasons', ${generationRuns.droppedReasons}, 'charge_basis', ${generationRuns.chargeBasis},
  'retried_by', (select "retry"."id" from "generation_runs" "retry" where "retry"."retry_of" = ${generationRuns.id}),
  'provider_model', ${generationRuns.providerModel}, 'prompt_version', ${generationRuns.promptVersion})`;

const iso = (value: string | null) => (value === null ? null : new Date(value).toISOString());

function toRun(json: RunJson, reviewed: ReviewedCounts | undefined): Run {
  return {
    ...json,
    created_at: new Date(json.created_at).toISOString(),
    started_at: iso(json.started_at),
    finished_at: iso(json.finished_at),
    figures: runFigures(json, reviewed),
  };
}

function statusCondition(status: RunStatusFilter | undefined): SQL | undefined {
  switch (status) {
    case undefined:
      return undefined;
    case 'active':
      return isNull(generationRuns.finishedAt);
    case 'finished':
      return isNotNull(generationRuns.finishedAt);
    case 'failed':
      return inArray(generationRuns.status, [statusNames.failed, statusNames.insufficientTokens]);
    default:
      return eq(generationRuns.status, status);
  }
}

function selectRuns(db: Executor) {
  return db
    .select({ json: runJson, userId: generationRuns.userId })
    .from(generationRuns)
    .innerJoin(categories, eq(categories.id, generationRuns.categoryId))
    .leftJoin(subcategories, eq(subcategories.id, generationRuns.subcategoryId))
    .leftJoin(brands, eq(brands.id, generationRuns.brandId));
}

/** GET /api/runs: the operator's runs, newest first. */
export async function listRuns(db: Executor, userId: number, query: RunsFilter & { offset: number; limit: number }): Promise<RunsAnswer> {
  const where = and(
    eq(generationRuns.userId, userId),
    statusCondition(query.status),
    query.type === undefined ? undefined : eq(generationRuns.type, query.type),
    query.id === undefined ? undefined : eq(generationRuns.id, query.id),
    query.category_id === undefined ? undefined : eq(generationRuns.categoryId, query.category_id),
    query.subcategory_id === undefined ? undefined : eq(generationRuns.subcategoryId, query.subcategory_id),
    query.brand_id === undefined ? undefined : eq(generationRuns.brandId, query.brand_id),
  );
  const [rows, [total]] = await Promise.all([
    selectRuns(db).where(where).orderBy(desc(generationRuns.id)).limit(query.limit).offset(query.offset),
    db.select({ n: count() }).from(generationRuns).where(where),
  ]);
  const reviewed = await reviewedCounts(
    db,
    rows.map(({ json }) => json.id),
  );
  return { runs: rows.map(({ json }) => toRun(json, reviewed.get(json.id))), total: Number(total?.n ?? 0) };
}

/** One run as the runs centre shows it; a missing run is a NotFoundError. */
export async function findRun(db: Executor, id: number): Promise<Run> {
  const [found] = await findRuns(db, [id]);
  if (!found) throw new NotFoundError('Run');
  return found.run;
}

/** These runs as the runs centre shows them, with the operator who started each, in id order. */
export async function findRuns(db: Executor, ids: readonly number[]): Promise<{ userId: number | null; run: Run }[]> {
  if (ids.length === 0) return [];
  const rows = await selectRuns(db)
    .where(inArray(generationRuns.id, [...ids]))
    .orderBy(generationRuns.id);
  const reviewed = await reviewedCounts(db, ids);
  return rows.map(({ json, userId }) => ({ userId, run: toRun(json, reviewed.get(json.id)) }));
}
