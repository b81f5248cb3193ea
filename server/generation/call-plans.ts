import { and, eq, inArray, sql } from 'drizzle-orm';
import { generateAllMatchingLimit, generateEquipmentsMessages } from '../../contract/generation';
import type { generateEquipmentsBody } from '../../contract/equipments';
import type { ParsedEstimateBody } from '../../contract/estimate';
import { runMessages } from '../../contract/runs';
import type { z } from 'zod';
import { matchingBrandsCondition } from '../catalogue/bulk-exclusions';
import type { Executor } from '../db/client';
import { brandExclusions, brands, categories, subcategories } from '../db/schema';
import { ConflictError, InvalidInputError, NotFoundError } from '../domain-errors';
import { retryContext } from './retries';
import { isBrandExcluded, loadContext, type RunTarget, type TargetContext } from './targets';

/**
 * What a generate call's (or a retry's) body stands for: the targets it would queue, read and checked as the call
 * checks them (404 for a missing target, 422 for a brand of another subcategory, 409 for an excluded brand). The
 * call and its estimate both ask here.
 */

/** The runs a Generate Equipments call stands for (`context`: the first brand's, undefined when every one is excluded). */
export interface EquipmentsPlan {
  context: TargetContext | undefined;
  targets: RunTarget[];
  excluded: number;
  subcategoryName: string;
}

/** The context of a target, 404 (naming `what`) when it does not exist. */
export async function requireContext(db: Executor, target: RunTarget, what: string): Promise<TargetContext> {
  const context = await loadContext(db, target);
  if (!context) throw new NotFoundError(what);
  return context;
}

export const eventsContext = (db: Executor, categoryId: number) =>
  requireContext(db, { type: 'Events', categoryId, subcategoryId: null, brandId: null }, 'Category');

export const brandsContext = (db: Executor, subcategoryId: number) =>
  requireContext(db, { type: 'Brands', categoryId: 0, subcategoryId, brandId: null }, 'Subcategory');

/**
 * The brand's run target in its subcategory: 404 for a missing brand, 422 for a brand of another subcategory, 409
 * for an excluded brand (never generated).
 */
export async function modelsContext(db: Executor, brandId: number, subcategoryId: number): Promise<TargetContext> {
  const [brand] = await db.select({ name: brands.name, subcategoryId: brands.subcategoryId }).from(brands).where(eq(brands.id, brandId));
  if (!brand) throw new NotFoundError('Brand');
  if (brand.subcategoryId !== subcategoryId) throw new InvalidInputError('brand', 'The brand is not in this subcategory.');
  if (await isBrandExcluded(db, brandId)) throw new ConflictError(runMessages.brandExcluded(brand.name));
  return requireContext(db, { type: 'Equipments', categoryId: 0, subcategoryId, brandId }, 'Brand');
}

/** The targets a generate (or retry) body stands for, the context of the first, and the brands it skips as excluded. */
export async function planOf(
  db: Executor,
  userId: number,
  body: ParsedEstimateBody,
): Promise<{ context: TargetContext | undefined; targets: RunTarget[]; excluded: number }> {
  const single = (context: TargetContext) => ({ context, targets: [context.target], excluded: 0 });
  switch (body.type) {
    case 'Retry':
      return single(await retryContext(db, userId, body.run_id));
    case 'Events':
      return single(await eventsContext(db, body.category_id));
    case 'Brands':
      return single(await brandsContext(db, body.subcategory_id));
    case 'Models':
      return single(await modelsContext(db, body.brand, body.subcategory_id));
    case 'Equipments': {
      if (body.filter) return equipmentsPlan(db, { subcategory_id: body.subcategory_id ?? 0, filter: body.filter });
      const brandIds = body.brands ?? [];
      const names = body.subcategory_id === undefined ? { category: body.category ?? '', subcategory: body.subcategory ?? '' } : undefined;
      return equipmentsPlan(db, names ? { ...names, brands: brandIds } : { subcategory_id: body.subcategory_id ?? 0, brands: brandIds });
    }
  }
}

/**
 * The runs a Generate Equipments call stands for: one a selected brand that is not excluded (404 for a missing
 * subcategory, 422 for a brand of another one); `context` is the first brand's, undefined when every one is excluded.
 */
export async function equipmentsPlan(db: Executor, body: z.output<typeof generateEquipmentsBody>): Promise<EquipmentsPlan> {
  if ('filter' in body) return matchingPlan(db, body.subcategory_id, body.filter.q);
  const subcategoryId = 'subcategory_id' in body ? body.subcategory_id : await subcategoryByNames(db, body.category, body.subcategory);
  const ids = [...new Set(body.brands)];
  const rows = await db
    .select({ id: brands.id, name: brands.name, subcategoryId: brands.subcategoryId, excluded: brandExclusions.brandId })
    .from(brands)
    .leftJoin(brandExclusions, eq(brandExclusions.brandId, brands.id))
    .where(inArray(brands.id, ids));
  const subcategoryName = await requireSubcategoryName(db, subcategoryId);
  const foreign = ids.filter((id) => !rows.some((row) => row.id === id && row.subcategoryId === subcategoryId));
  if (foreign.length > 0) {
    throw new InvalidInputError(
      'brands',
      `These brands are not in ${subcategoryName}: ${foreign.join(', ')}.`,
      `Not in ${subcategoryName}: ${foreign.join(', ')}.`,
    );
  }
  const wanted = rows.filter((row) => row.excluded === null).map((row) => row.id);
  return brandsPlan(db, { subcategoryId, subcategoryName }, wanted, rows.length - wanted.length);
}

/**
 * The runs of Generate Equipments for every brand of a subcategory whose name contains `q` (the condition the
 * brands grid and the bulk exclusion read): 404 for a missing subcategory, 422 when no brand matches or more than
 * `generateAllMatchingLimit` brands that are not excluded do.
 */
async function matchingPlan(db: Executor, subcategoryId: number, q: string | undefined): Promise<EquipmentsPlan> {
  const subcategoryName = await requireSubcategoryName(db, subcategoryId);
  const where = matchingBrandsCondition({ subcategoryId, q });
  const [counted] = (
    (await db.execute(
      sql`select count(*)::int as n, count(e.brand_id)::int as excluded from brands b left join brand_exclusions e on e.brand_id = b.id where ${where}`,
    )) as unknown as { rows: { n: number; excluded: number }[] }
  ).rows;
  const matched = Number(counted?.n ?? 0);
  const excluded = Number(counted?.excluded ?? 0);
  if (matched === 0) throw new InvalidInputError('filter.q', generateEquipmentsMessages.noneMatch(q, subcategoryName));
  if (matched - excluded > generateAllMatchingLimit)
    throw new InvalidInputError('filter', generateEquipmentsMessages.tooMany(matched - excluded));
  const wanted = (
    (await db.execute(
      sql`select b.id from brands b where ${where} and not exists (select 1 from brand_exclusions e where e.brand_id = b.id) order by b.id`,
    )) as unknown as { rows: { id: number }[] }
  ).rows.map((row) => Number(row.id));
  return brandsPlan(db, { subcategoryId, subcategoryName }, wanted, matched - wanted.length);
}

/** The models runs of these brands (not excluded) of one subcategory, by id, the first one's context read. */
async function brandsPlan(
  db: Executor,
  { subcategoryId, subcategoryName }: { subcategoryId: number; subcategoryName: string },
  brandIds: number[],
  excluded: number,
): Promise<EquipmentsPlan> {
  const wanted = [...brandIds].sort((a, b) => a - b);
  const [first] = wanted;
  const context =
    first === undefined
      ? undefined
      : await requireContext(db, { type: 'Equipments', categoryId: 0, subcategoryId, brandId: first }, 'Brand');
  const categoryId = context?.target.categoryId ?? 0;
  const targets = wanted.map((brandId): RunTarget => ({ type: 'Equipments', categoryId, subcategoryId, brandId }));
  return { context, targets, excluded, subcategoryName };
}

/** The subcategory's name, 404 when it does not exist. */
async function requireSubcategoryName(db: Executor, subcategoryId: number): Promise<string> {
  const [subcategory] = await db.select({ name: subcategories.name }).from(subcategories).where(eq(subcategories.id, subcategoryId));
  if (!subcategory) throw new NotFoundError('Subcategory');
  return subcategory.name;
}

async function subcategoryByNames(db: Executor, category: string, subcategory: string): Promise<number> {
  const [row] = await db
    .select({ id: subcategories.id })
    .from(subcategories)
    .innerJoin(categories, eq(categories.id, subcategories.categoryId))
    .where(and(eq(categories.name, category), eq(subcategories.name, subcategory)))
    .orderBy(subcategories.id)
    .limit(1);
  if (!row) throw new NotFoundError('Subcategory');
  return row.id;
}
