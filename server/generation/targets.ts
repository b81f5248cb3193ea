import { and, desc, eq, inArray, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { modelTypes } from '../../contract/statuses';
import type { Executor } from '../db/client';
import { brandExclusions, brands, categories, events, equipments, subcategories, type generationRuns } from '../db/schema';

/** What a run generates: a category's events, a subcategory's brands, or a brand's models (in its subcategory). */
export type RunTarget =
  | { type: 'Events'; categoryId: number; subcategoryId: null; brandId: null }
  | { type: 'Brands'; categoryId: number; subcategoryId: number; brandId: null }
  | { type: 'Equipments'; categoryId: number; subcategoryId: number; brandId: number };

/** The target's names as they are now, and a sample of what it already holds (the provider is asked not to repeat it). */
export interface TargetContext {
  target: RunTarget;
  category: string;
  subcategory: string | null;
  brand: string | null;
  known: string[];
  /** The names rejected in the target, newest first (at most `knownSample`): the prompt asks not to propose them. */
  rejected?: string[];
}

/** How many known (and rejected) names a prompt lists: enough to steer the provider, few enough to keep the prompt small. */
const knownSample = 100;

/** The status row's target columns of a run (one status a target, updated in place). */
export function statusTargetOf(target: RunTarget) {
  switch (target.type) {
    case 'Events':
      return { modelType: modelTypes.event, categoryId: target.categoryId, subcategoryId: null, brandId: null };
    case 'Brands':
      return { modelType: modelTypes.brand, categoryId: null, subcategoryId: target.subcategoryId, brandId: null };
    case 'Equipments':
      return { modelType: modelTypes.equipment, categoryId: null, subcategoryId: target.subcategoryId, brandId: target.brandId };
  }
}

/** A run row's target, or undefined when a column it needs is gone (its brand was deleted). */
export function targetOfRun(
  run: Pick<typeof generationRuns.$inferSelect, 'type' | 'categoryId' | 'subcategoryId' | 'brandId'>,
): RunTarget | undefined {
  if (run.type === 'Events') return { type: 'Events', categoryId: run.categoryId, subcategoryId: null, brandId: null };
  if (run.subcategoryId === null) return undefined;
  if (run.type === 'Brands') return { type: 'Brands', categoryId: run.categoryId, subcategoryId: run.subcategoryId, brandId: null };
  if (run.brandId === null) return undefined;
  return { type: 'Equipments', categoryId: run.categoryId, subcategoryId: run.subcategoryId, brandId: run.brandId };
}

/** Loads the names of a target; undefined when it no longer exists. */
export async function loadContext(db: Executor, target: RunTarget): Promise<TargetContext | undefined> {
  if (target.type === 'Events') {
    const [category] = await db.select({ name: categories.name }).from(categories).where(eq(categories.id, target.categoryId));
    if (!category) return undefined;
    const scope = eq(events.categoryId, target.categoryId);
    const known = await lastNames(db, events, events.name, scope, events.id);
    const rejected = await lastNames(db, events, events.name, and(scope, isRejected(events)), events.id);
    return { target, category: category.name, subcategory: null, brand: null, known, rejected };
  }
  const subcategory = await subcategoryNames(db, target.subcategoryId);
  if (!subcategory) return undefined;
  // A subcategory moved since the run was queued: the run follows it to its category.
  const moved = { ...target, categoryId: subcategory.categoryId };
  const names = { category: subcategory.category, subcategory: subcategory.name };
  if (moved.type === 'Brands') {
    const scope = eq(brands.subcategoryId, moved.subcategoryId);
    const known = await lastNames(db, brands, brands.name, scope, brands.id);
    const rejected = await lastNames(db, brands, brands.name, and(scope, isRejected(brands)), brands.id);
    return { target: moved, ...names, brand: null, known, rejected };
  }
  const [brand] = await db
    .select({ name: brands.name, subcategoryId: brands.subcategoryId })
    .from(brands)
    .where(eq(brands.id, moved.brandId));
  if (!brand || brand.subcategoryId !== moved.subcategoryId) return undefined;
  const scope = eq(equipments.brandId, moved.brandId);
  const known = await lastNames(db, equipments, equipments.model, scope, equipments.id);
  const rejected = await lastNames(db, equipments, equipments.model, and(scope, isRejected(equipments)), equipments.id);
  return { target: moved, ...names, brand: brand.name, known, rejected };
}

const isRejected = (table: typeof events | typeof brands | typeof equipments) => eq(table.reviewState, 'rejected');

/** The last `knownSample` names (`name` of the rows of `table` matching `scope`), newest first. */
async function lastNames(
  db: Executor,
  table: typeof events | typeof brands | typeof equipments,
  name: AnyColumn,
  scope: SQL | undefined,
  id: AnyColumn,
): Promise<string[]> {
  const rows = await db
    .select({ name: sql<string>`${name}` })
    .from(table)
    .where(scope)
    .orderBy(desc(id))
    .limit(knownSample);
  return rows.map((row) => row.name);
}

/** A subcategory's name, its category's id and name; undefined when it does not exist. */
async function subcategoryNames(db: Executor, subcategoryId: number) {
  const [subcategory] = await db
    .select({ name: subcategories.name, categoryId: subcategories.categoryId, category: categories.name })
    .from(subcategories)
    .innerJoin(categories, eq(categories.id, subcategories.categoryId))
    .where(eq(subcategories.id, subcategoryId));
  return subcategory;
}

/**
 * The contexts of the models targets of many brands of one subcategory, in four queries whatever their number (a
 * Generate Equipments of 1,000 brands is priced target by target). A brand missing or of another subcategory has none.
 */
export async function loadModelContexts(
  db: Executor,
  subcategoryId: number,
  brandIds: readonly number[],
): Promise<Map<number, TargetContext>> {
  const contexts = new Map<number, TargetContext>();
  if (brandIds.length === 0) return contexts;
  const subcategory = await subcategoryNames(db, subcategoryId);
  if (!subcategory) return contexts;
  const ids = [...new Set(brandIds)];
  const named = await db
    .select({ id: brands.id, name: brands.name })
    .from(brands)
    .where(and(inArray(brands.id, ids), eq(brands.subcategoryId, subcategoryId)));
  if (named.length === 0) return contexts;
  // Each brand's last `knownSample` models, newest first: what loadContext reads for one brand.
  const known = (
    (await db.execute(sql`
      select b.id as brand_id, k.model from brands b
      cross join lateral (select e.model, e.id from equipments e where e.brand_id = b.id order by e.id desc limit ${knownSample}) k
      where ${inArray(
        sql`b.id`,
        named.map((row) => row.id),
      )}
      order by b.id, k.id desc`)) as unknown as { rows: { brand_id: number; model: string }[] }
  ).rows;
  const modelsOf = byBrand(known);
  const rejectedOf = byBrand(
    (
      (await db.execute(sql`
      select b.id as brand_id, k.model from brands b
      cross join lateral (
        select e.model, e.id from equipments e where e.brand_id = b.id and e.review_state = 'rejected' order by e.id desc limit ${knownSample}
      ) k
      where ${inArray(
        sql`b.id`,
        named.map((row) => row.id),
      )}
      order by b.id, k.id desc`)) as unknown as { rows: { brand_id: number; model: string }[] }
    ).rows,
  );
  for (const brand of named) {
    contexts.set(brand.id, {
      target: { type: 'Equipments', categoryId: subcategory.categoryId, subcategoryId, brandId: brand.id },
      category: subcategory.category,
      subcategory: subcategory.name,
      brand: brand.name,
      known: modelsOf.get(brand.id) ?? [],
      rejected: rejectedOf.get(brand.id) ?? [],
    });
  }
  return contexts;
}

/** Each brand's models, in the order of the rows. */
function byBrand(rows: readonly { brand_id: number; model: string }[]): Map<number, string[]> {
  const modelsOf = new Map<number, string[]>();
  for (const row of rows) {
    const models = modelsOf.get(Number(row.brand_id)) ?? [];
    models.push(row.model);
    modelsOf.set(Number(row.brand_id), models);
  }
  return modelsOf;
}

/** The name of what a run fills: the category (events), the subcategory (brands) or the brand (models). */
export function targetName(context: Pick<TargetContext, 'target' | 'category' | 'subcategory' | 'brand'>): string {
  switch (context.target.type) {
    case 'Events':
      return context.category;
    case 'Brands':
      return context.subcategory ?? '';
    case 'Equipments':
      return context.brand ?? '';
  }
}

/** The target in words, for messages: "events of Audio Equipment", "brands of Mixers", "models of Yamaha". */
export function describeTarget(context: Pick<TargetContext, 'target' | 'category' | 'subcategory' | 'brand'>): string {
  const noun = { Events: 'events', Brands: 'brands', Equipments: 'models' }[context.target.type];
  return `${noun} of ${targetName(context)}`;
}

/** Whether the brand is on the exclusion list: its models are never generated. */
export async function isBrandExcluded(db: Executor, brandId: number): Promise<boolean> {
  const [row] = await db.select({ brandId: brandExclusions.brandId }).from(brandExclusions).where(eq(brandExclusions.brandId, brandId));
  return row !== undefined;
}
