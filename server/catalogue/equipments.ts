import { and, asc, count, eq, inArray, lte, sql, type SQL } from 'drizzle-orm';
import { encodeEquipmentsCursor, type Equipment, type EquipmentsQuery, type updateEquipmentBody } from '../../contract/equipments';
import type { RowReview } from '../../contract/review';
import type { z } from 'zod';
import type { Executor } from '../db/client';
import { brands, categories, equipmentExclusions, equipments, subcategories } from '../db/schema';
import { equipmentsChanged, type Notifier } from '../notify/notifier';
import { InvalidInputError, NotFoundError } from '../domain-errors';
import { idPage } from './id-page';
import { reviewCondition, reviewerJoin, reviewJson, toRowReview } from './row-review';

/**
 * An equipment answer built by the database as one JSON value a row: PGlite hands over one JSON field far faster
 * than twenty columns, and PostgreSQL does not mind. Only `created_at` is reformatted here (to ISO 8601 in UTC).
 */
type EquipmentJson = Omit<Equipment, 'tags' | 'review'> & { tags: unknown; review: RowReview };
const equipmentJson = sql<EquipmentJson>`json_build_object(
  'id', ${equipments.id}, 'category_id', ${equipments.categoryId}, 'subcategory_id', ${equipments.subcategoryId},
  'category', ${categories.name}, 'subcategory', ${subcategories.name}, 'brand_id', ${equipments.brandId},
  'brand', ${equipments.brand}, 'model', ${equipments.model}, 'year', ${equipments.year},
  'specifications', ${equipments.specifications}, 'description', ${equipments.description}, 'tags', ${equipments.tags},
  'is_manufactured', ${equipments.isManufactured}, 'is_brand_still_manufactured', ${equipments.isBrandStillManufactured},
  'seo_title', ${equipments.seoTitle}, 'seo_description', ${equipments.seoDescription},
  'excluded', ${equipmentExclusions.equipmentId} is not null, 'created_at', ${equipments.createdAt},
  'review', ${reviewJson(equipments)})`;

export function toEquipment({ json }: { json: EquipmentJson }): Equipment {
  return {
    ...json,
    tags: Array.isArray(json.tags) ? json.tags.map(String) : [],
    created_at: new Date(json.created_at).toISOString(),
    review: toRowReview(json.review),
  };
}

/** Equipment answers (as JSON a row), filtered and ordered by the caller. */
export function selectEquipments(db: Executor) {
  return db
    .select({ json: equipmentJson })
    .from(equipments)
    .innerJoin(categories, eq(categories.id, equipments.categoryId))
    .innerJoin(subcategories, eq(subcategories.id, equipments.subcategoryId))
    .leftJoin(equipmentExclusions, eq(equipmentExclusions.equipmentId, equipments.id))
    .leftJoin(...reviewerJoin(equipments));
}

export async function findEquipment(db: Executor, id: number): Promise<Equipment | undefined> {
  const [row] = await selectEquipments(db).where(eq(equipments.id, id)).limit(1);
  return row ? toEquipment(row) : undefined;
}

/**
 * GET /api/equipments: one page of the models of a subcategory (by name: every subcategory of that name; or by
 * id) and/or of a brand, by brand then model. The total comes from the maintained counters when it can.
 */
export async function listEquipments(
  db: Executor,
  query: EquipmentsQuery,
): Promise<{ equipments: Equipment[]; total: number; next_cursor: string | null }> {
  const conditions: SQL[] = [];
  let namedIds: number[] | undefined;
  if (query.subcategory !== undefined) {
    // Resolved first, so that one subcategory reads in index order like `subcategory_id` does.
    namedIds = (await db.select({ id: subcategories.id }).from(subcategories).where(eq(subcategories.name, query.subcategory))).map(
      (r) => r.id,
    );
    if (namedIds.length === 0) return { equipments: [], total: 0, next_cursor: null };
    conditions.push(namedIds.length === 1 ? eq(equipments.subcategoryId, namedIds[0] ?? 0) : inArray(equipments.subcategoryId, namedIds));
  }
  if (query.subcategory_id !== undefined) conditions.push(eq(equipments.subcategoryId, query.subcategory_id));
  if (query.brand_id !== undefined) conditions.push(eq(equipments.brandId, query.brand_id));
  const ofState = reviewCondition(equipments, query.review);
  if (ofState) conditions.push(ofState);
  const filter = and(...conditions);
  // Keyset: the rows after the cursor's, in the list's order (a row comparison the (subcategory, brand, model, id)
  // index answers directly).
  const [afterBrand, afterModel, afterId] = query.after ?? [];
  const where =
    query.after === undefined
      ? filter
      : and(
          filter,
          sql`(${equipments.brand}, ${equipments.model}, ${equipments.id}) > (${afterBrand}::varchar, ${afterModel}::varchar, ${afterId}::int)`,
        );

  // The page's ids first (from the covering index alone, cheap even at a deep offset), then their answers: the
  // database builds JSON only for the rows it answers.
  const order = [asc(equipments.brand), asc(equipments.model), asc(equipments.id)];
  const page = idPage(db, equipments, equipments.id, { where, order, offset: query.offset, limit: query.limit });
  const [rows, total] = await Promise.all([
    selectEquipments(db)
      .innerJoin(page, eq(page.id, equipments.id))
      .orderBy(...order),
    countEquipments(
      db,
      {
        subcategoryIds: namedIds ?? (query.subcategory_id === undefined ? undefined : [query.subcategory_id]),
        brandId: query.brand_id,
        ofState: ofState !== undefined,
      },
      filter,
    ),
  ]);
  const answers = rows.map(toEquipment);
  const last = answers.at(-1);
  const next_cursor = last && answers.length === query.limit ? encodeEquipmentsCursor(last) : null;
  return { equipments: answers, total, next_cursor };
}

/** The total of a filter: a maintained counter when one filter alone is given (not the review state), else a count. */
async function countEquipments(
  db: Executor,
  filter: { subcategoryIds: number[] | undefined; brandId: number | undefined; ofState: boolean },
  where: SQL | undefined,
): Promise<number> {
  if (filter.ofState) {
    const [row] = await db.select({ n: count() }).from(equipments).where(where);
    return Number(row?.n ?? 0);
  }
  if (filter.subcategoryIds !== undefined && filter.brandId === undefined && filter.subcategoryIds.length > 0) {
    const [row] = await db
      .select({ n: sql<number>`coalesce(sum(${subcategories.equipmentsCount}), 0)::int` })
      .from(subcategories)
      .where(inArray(subcategories.id, filter.subcategoryIds));
    return Number(row?.n ?? 0);
  }
  if (filter.subcategoryIds === undefined && filter.brandId !== undefined) {
    const [row] = await db.select({ n: brands.equipmentsCount }).from(brands).where(eq(brands.id, filter.brandId));
    return row?.n ?? 0;
  }
  const [row] = await db.select({ n: count() }).from(equipments).where(where);
  return Number(row?.n ?? 0);
}

/** The first `perBrand` models (by model name) of each of these brands. */
export async function equipmentsOfBrands(db: Executor, brandIds: number[], perBrand: number): Promise<Map<number, Equipment[]>> {
  const byBrand = new Map<number, Equipment[]>();
  if (brandIds.length === 0) return byBrand;
  const ranked = db
    .select({
      id: equipments.id,
      rank: sql<number>`row_number() over (partition by ${equipments.brandId} order by ${equipments.model}, ${equipments.id})`.as('rank'),
    })
    .from(equipments)
    .where(inArray(equipments.brandId, brandIds))
    .as('ranked');
  const rows = await selectEquipments(db)
    .innerJoin(ranked, eq(ranked.id, equipments.id))
    .where(lte(ranked.rank, perBrand))
    .orderBy(asc(equipments.brandId), asc(equipments.model), asc(equipments.id));
  for (const row of rows) {
    const brandId = row.json.brand_id;
    if (brandId === null) continue;
    const list = byBrand.get(brandId) ?? [];
    list.push(toEquipment(row));
    byBrand.set(brandId, list);
  }
  return byBrand;
}

/** Normalises tags given as a list or as comma-separated text. */
export function normaliseTags(value: string[] | string | null): string[] {
  if (value == null) return [];
  const list = Array.isArray(value) ? value : value.split(',');
  return list.map((t) => t.trim()).filter((t) => t.length > 0);
}

/**
 * POST /api/equipments/update: saves the full edited row. The category and the subcategory must exist and the
 * subcategory must belong to the category (422 otherwise; 404 for a missing row); nothing changes on refusal.
 * When the brand name or the subcategory changes, the row is linked to the brand of that name in the subcategory
 * (or to none). Answers the row as the server now has it.
 */
export async function updateEquipment(db: Executor, notifier: Notifier, input: z.output<typeof updateEquipmentBody>): Promise<Equipment> {
  const { before, after } = await db.transaction(async (tx) => {
    const [current] = await tx.select().from(equipments).where(eq(equipments.id, input.id)).for('update');
    if (!current) throw new NotFoundError('Model');
    const [category] = await tx.select({ id: categories.id }).from(categories).where(eq(categories.id, input.category_id));
    if (!category) throw new InvalidInputError('category_id', 'The selected category does not exist.');
    const [subcategory] = await tx
      .select({ id: subcategories.id, categoryId: subcategories.categoryId })
      .from(subcategories)
      .where(eq(subcategories.id, input.subcategory_id));
    if (!subcategory) throw new InvalidInputError('subcategory_id', 'The selected subcategory does not exist.');
    if (subcategory.categoryId !== category.id) {
      throw new InvalidInputError('subcategory_id', 'The selected subcategory does not belong to the selected category.');
    }

    let brandId = current.brandId;
    if (current.brand !== input.brand || current.subcategoryId !== input.subcategory_id) {
      const [match] = await tx
        .select({ id: brands.id })
        .from(brands)
        .where(and(eq(brands.subcategoryId, input.subcategory_id), sql`lower(${brands.name}) = lower(${input.brand})`))
        .orderBy(asc(brands.id))
        .limit(1);
      brandId = match?.id ?? null;
    }

    await tx
      .update(equipments)
      .set({
        categoryId: input.category_id,
        subcategoryId: input.subcategory_id,
        brandId,
        brand: input.brand,
        model: input.model,
        year: input.year,
        specifications: input.specifications,
        description: input.description,
        tags: normaliseTags(input.tags),
        isManufactured: input.is_manufactured,
        isBrandStillManufactured: input.is_brand_still_manufactured,
        seoTitle: input.seo_title,
        seoDescription: input.seo_description,
        updatedAt: new Date(),
      })
      .where(eq(equipments.id, input.id));
    const saved = await findEquipment(tx, input.id);
    if (!saved) throw new Error('The equipment vanished while saving.');
    return { before: current, after: saved };
  });
  equipmentsChanged(notifier, [before.subcategoryId, after.subcategory_id]);
  return after;
}

/** These models as answers (the rows a generation just added), in id order. */
export async function findEquipments(db: Executor, ids: readonly number[]): Promise<Equipment[]> {
  if (ids.length === 0) return [];
  const rows = await selectEquipments(db)
    .where(inArray(equipments.id, [...ids]))
    .orderBy(asc(equipments.id));
  return rows.map(toEquipment);
}
