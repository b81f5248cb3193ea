import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { historyLimit, type GenerationHistoryEntry } from '../../contract/history';
import type { RunFigures } from '../../contract/review';
import type { Executor } from '../db/client';
import { brands, categories, generationRuns, subcategories } from '../db/schema';

/**
 * Generation history: the runs (generation_runs) with their token cost, newest first, at most `historyLimit`.
 * A filter that matches nothing answers an empty list.
 */

const runBrands = alias(brands, 'run_brands');

/** A history entry built by the database as one JSON value a row (see equipments.ts); `created_at` made ISO here. */
const entryJson = sql<GenerationHistoryEntry>`json_build_object(
  'id', ${generationRuns.id}, 'type', ${generationRuns.type},
  'category', json_build_object('id', ${categories.id}, 'name', ${categories.name}),
  'subcategory', case when ${subcategories.id} is null then null else json_build_object('id', ${subcategories.id}, 'name', ${subcategories.name}) end,
  'brand_id', ${generationRuns.brandId},
  'brand', case when ${runBrands.id} is null then null else json_build_object('id', ${runBrands.id}, 'name', ${runBrands.name}) end,
  'input_tokens', ${generationRuns.inputTokens}, 'output_tokens', ${generationRuns.outputTokens},
  'total_tokens', ${generationRuns.totalTokens}, 'equipments_generated', ${generationRuns.equipmentsGenerated},
  'items_added', ${generationRuns.itemsAdded}, 'charged_tokens', ${generationRuns.chargedTokens},
  'items_proposed', ${generationRuns.itemsProposed}, 'items_known', ${generationRuns.itemsKnown}, 'items_dropped', ${generationRuns.itemsDropped},
  'dropped_reasons', ${generationRuns.droppedReasons}, 'charge_basis', ${generationRuns.chargeBasis},
  'provider_model', ${generationRuns.providerModel}, 'prompt_version', ${generationRuns.promptVersion},
  'status', ${generationRuns.status}, 'message', ${generationRuns.message}, 'created_at', ${generationRuns.createdAt})`;

async function runs(db: Executor, where: SQL | undefined, limit = historyLimit): Promise<GenerationHistoryEntry[]> {
  const rows = await db
    .select({ json: entryJson })
    .from(generationRuns)
    .innerJoin(categories, eq(categories.id, generationRuns.categoryId))
    .leftJoin(subcategories, eq(subcategories.id, generationRuns.subcategoryId))
    .leftJoin(runBrands, eq(runBrands.id, generationRuns.brandId))
    .where(where)
    .orderBy(desc(generationRuns.createdAt), desc(generationRuns.id))
    .limit(limit);
  const reviewed = await reviewedCounts(
    db,
    rows.map(({ json }) => json.id),
  );
  return rows.map(({ json }) => ({
    ...json,
    created_at: new Date(json.created_at).toISOString(),
    figures: runFigures(
      {
        items_proposed: json.items_proposed ?? 0,
        items_added: json.items_added ?? 0,
        items_known: json.items_known ?? 0,
        items_dropped: json.items_dropped ?? 0,
      },
      reviewed.get(json.id),
    ),
  }));
}

const subcategoriesNamed = (db: Executor, name: string) =>
  db.select({ id: subcategories.id }).from(subcategories).where(eq(subcategories.name, name));

/**
 * GET /api/history: Events -> the event runs (of `category_id` when given); Equipments -> the brand and equipment
 * runs of `subcategory_id`, else of `category_id`, else all of them.
 */
export function generationHistory(
  db: Executor,
  query: { type: 'Events' | 'Equipments'; category_id?: number | undefined; subcategory_id?: number | undefined },
): Promise<GenerationHistoryEntry[]> {
  if (query.type === 'Events') {
    return runs(
      db,
      and(
        eq(generationRuns.type, 'Events'),
        query.category_id === undefined ? undefined : eq(generationRuns.categoryId, query.category_id),
      ),
    );
  }
  const scope =
    query.subcategory_id !== undefined
      ? eq(generationRuns.subcategoryId, query.subcategory_id)
      : query.category_id !== undefined
        ? eq(generationRuns.categoryId, query.category_id)
        : undefined;
  return runs(db, and(inArray(generationRuns.type, ['Brands', 'Equipments']), scope));
}

/** GET /api/equipment-generation-history?subcategory={name}: the equipment runs of the subcategories of that name. */
export function equipmentGenerationHistory(db: Executor, subcategoryName: string): Promise<GenerationHistoryEntry[]> {
  return runs(
    db,
    and(eq(generationRuns.type, 'Equipments'), inArray(generationRuns.subcategoryId, subcategoriesNamed(db, subcategoryName))),
  );
}

/** GET /api/equipments/history: the equipment runs, of the subcategories named `subcategory` when given. */
export function equipmentsHistory(db: Executor, subcategoryName: string | undefined): Promise<GenerationHistoryEntry[]> {
  return runs(
    db,
    and(
      eq(generationRuns.type, 'Equipments'),
      subcategoryName === undefined ? undefined : inArray(generationRuns.subcategoryId, subcategoriesNamed(db, subcategoryName)),
    ),
  );
}

/**
 * GET /api/brand-generation-history: with `brand_id`, that brand's equipment runs (in the subcategory); without,
 * the subcategory's brand runs.
 */
export function brandGenerationHistory(
  db: Executor,
  query: { subcategory_id: number; brand_id?: number | undefined },
): Promise<GenerationHistoryEntry[]> {
  if (query.brand_id !== undefined) {
    return runs(
      db,
      and(
        eq(generationRuns.type, 'Equipments'),
        eq(generationRuns.brandId, query.brand_id),
        eq(generationRuns.subcategoryId, query.subcategory_id),
      ),
    );
  }
  return runs(db, and(eq(generationRuns.type, 'Brands'), eq(generationRuns.subcategoryId, query.subcategory_id)));
}

/** GET /api/brands/history: every brand generation run. */
export function brandsHistory(db: Executor): Promise<GenerationHistoryEntry[]> {
  return runs(db, eq(generationRuns.type, 'Brands'));
}

/** The latest runs of any kind (the dashboard home). */
export function latestRuns(db: Executor, limit: number): Promise<GenerationHistoryEntry[]> {
  return runs(db, undefined, limit);
}

/** How many of a run's rows are rejected and accepted now. */
export interface ReviewedCounts {
  rejected: number;
  accepted: number;
  unreviewed: number;
}

/**
 * The rejected, accepted and unreviewed rows of these runs, by run: one grouped count over the three tables' run indexes
 * (migration 0018's `*_run_idx`), whatever the number of runs (a page of the runs centre or of a history).
 */
export async function reviewedCounts(db: Executor, runIds: readonly number[]): Promise<Map<number, ReviewedCounts>> {
  const counts = new Map<number, ReviewedCounts>();
  if (runIds.length === 0) return counts;
  const ids = `{${runIds.join(',')}}`;
  const rowsOf = (table: string) => sql`select run_id, review_state from ${sql.identifier(table)} where run_id = any(${ids}::int[])`;
  const result = (await db.execute(sql`
    select run_id, count(*) filter (where review_state = 'rejected')::int as rejected,
      count(*) filter (where review_state = 'accepted')::int as accepted,
      count(*) filter (where review_state = 'unreviewed')::int as unreviewed
    from (${rowsOf('brands')} union all ${rowsOf('equipments')} union all ${rowsOf('events')}) as reviewed
    group by run_id`)) as unknown as { rows: { run_id: number; rejected: number; accepted: number; unreviewed: number }[] };
  for (const row of result.rows)
    counts.set(Number(row.run_id), {
      rejected: Number(row.rejected),
      accepted: Number(row.accepted),
      unreviewed: Number(row.unreviewed),
    });
  return counts;
}

/** What a run gave (contract/review.ts `runFigures`): its answer's tally, and its rows rejected and accepted so far. */
export function runFigures(
  run: { items_proposed: number; items_added: number; items_known: number; items_dropped: number },
  reviewed: ReviewedCounts | undefined,
): RunFigures {
  return {
    proposed: run.items_proposed,
    added: run.items_added,
    skipped_duplicates: run.items_known,
    dropped_invalid: run.items_dropped,
    rejected: reviewed?.rejected ?? 0,
    accepted: reviewed?.accepted ?? 0,
    unreviewed: reviewed?.unreviewed ?? 0,
  };
}
