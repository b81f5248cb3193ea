import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { embeddedEquipmentsLimit, embeddedEquipmentsPerListedBrand, type Brand, type BrandsPageQuery } from '../../contract/brands';
import type { Equipment, EquipmentBrand } from '../../contract/equipments';
import type { BrandExclusion } from '../../contract/exclusions';
import type { RowReview } from '../../contract/review';
import { modelTypes, type StatusRecord } from '../../contract/statuses';
import type { Executor } from '../db/client';
import { brandExclusions, brands, categories, subcategories } from '../db/schema';
import { equipmentsOfBrands } from './equipments';
import { exclusionPage, idPage, withExclusionAuthorship } from './id-page';
import { reviewCondition, reviewerJoin, reviewJson, toRowReview } from './row-review';

/** `%text%` for ILIKE, with the pattern characters of the text taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * A brand answer but its models, built by the database as one JSON value a row (PGlite hands over one JSON field
 * far faster than many columns): the subcategory and category, the exclusion, the information rows and the
 * equipment-generation status. Only the timestamps are reformatted here (to ISO 8601 in UTC).
 */
type StatusJson = Omit<StatusRecord, 'brand' | 'updated_at'> & { updated_at: string };
type BrandJson = Omit<Brand, 'equipments' | 'status' | 'review'> & { status: StatusJson | null; review: RowReview };
const brandJson = sql<BrandJson>`json_build_object(
  'id', ${brands.id}, 'name', ${brands.name}, 'subcategory_id', ${brands.subcategoryId},
  'subcategory', json_build_object('id', ${subcategories.id}, 'name', ${subcategories.name}),
  'category', json_build_object('id', ${categories.id}, 'name', ${categories.name}),
  'seo_title', ${brands.seoTitle}, 'seo_description', ${brands.seoDescription}, 'created_at', ${brands.createdAt},
  'equipments_count', ${brands.equipmentsCount}, 'logo', ${brands.logo}, 'socials', ${brands.socials},
  'excluded', ${brandExclusions.brandId} is not null, 'review', ${reviewJson(brands)},
  'brand_informations', (
    select coalesce(json_agg(json_build_object('website', i."website", 'country', i."country", 'address', i."address",
                                               'phone_number', i."phone_number", 'email', i."email") order by i."id"), '[]'::json)
    from "brand_informations" i where i."brand_id" = ${brands.id}),
  'status', (
    select json_build_object('id', s."id", 'name', s."name", 'message', s."message", 'brand_id', s."brand_id",
                             'subcategory_id', s."subcategory_id", 'category_id', s."category_id",
                             'model_type', s."model_type", 'updated_at', s."updated_at")
    from "statuses" s where s."brand_id" = ${brands.id} and s."model_type" = ${modelTypes.equipment}
    order by s."updated_at" desc, s."id" desc limit 1))`;

/** Brand rows with their subcategory, category and exclusion, filtered and ordered by the caller. */
function selectBrands(db: Executor) {
  return db
    .select({ json: brandJson })
    .from(brands)
    .innerJoin(subcategories, eq(subcategories.id, brands.subcategoryId))
    .innerJoin(categories, eq(categories.id, subcategories.categoryId))
    .leftJoin(brandExclusions, eq(brandExclusions.brandId, brands.id))
    .leftJoin(...reviewerJoin(brands));
}
type BrandRow = Awaited<ReturnType<ReturnType<typeof selectBrands>['execute']>>[number];

/** Brand rows as brand answers, with the first `modelsPerBrand` models of each (one more query when any). */
async function completeBrands(db: Executor, rows: BrandRow[], modelsPerBrand: number): Promise<Brand[]> {
  if (rows.length === 0) return [];
  const equipmentsByBrand =
    modelsPerBrand > 0
      ? await equipmentsOfBrands(
          db,
          rows.filter((r) => (r.json.equipments_count ?? 0) > 0).map((r) => r.json.id),
          modelsPerBrand,
        )
      : new Map<number, Equipment[]>();
  return rows.map(({ json }) => ({
    ...json,
    created_at: new Date(json.created_at).toISOString(),
    review: toRowReview(json.review),
    equipments: equipmentsByBrand.get(json.id) ?? [],
    status: json.status
      ? { ...json.status, updated_at: new Date(json.status.updated_at).toISOString(), brand: { id: json.id, name: json.name } }
      : null,
  }));
}

/** GET /api/brands/{id} */
export async function findBrand(db: Executor, id: number): Promise<Brand | undefined> {
  const rows = await selectBrands(db).where(eq(brands.id, id)).limit(1);
  const [brand] = await completeBrands(db, rows, embeddedEquipmentsLimit);
  return brand;
}

const brandSortColumns = {
  name: brands.name,
  seo_title: brands.seoTitle,
  seo_description: brands.seoDescription,
  created_at: brands.createdAt,
  equipments_count: brands.equipmentsCount,
} as const;

/**
 * GET /api/brands (extension): one page of a subcategory's brands, sorted (ties by id) and filtered by a
 * case-insensitive "contains" on the name and by review state. The page's ids come first from the covering index
 * alone (cheap even at a deep offset), then their rows. The total is the subcategory's maintained counter, or, with
 * a filter, counted in the same pass that finds the page.
 */
export async function listBrandsPage(
  db: Executor,
  query: Pick<BrandsPageQuery, 'subcategory_id' | 'q' | 'review' | 'sort' | 'dir' | 'offset' | 'limit'> & { with_equipments?: boolean },
): Promise<{ brands: Brand[]; total: number }> {
  const direction = query.dir === 'desc' ? desc : asc;
  const order = [direction(brandSortColumns[query.sort]), direction(brands.id)];
  const modelsPerBrand = query.with_equipments ? embeddedEquipmentsPerListedBrand : 0;
  const ofSubcategory = eq(brands.subcategoryId, query.subcategory_id);

  if (query.q || query.review) {
    const where = and(
      ofSubcategory,
      query.q ? sql`${brands.name} ilike ${containsPattern(query.q)}` : undefined,
      reviewCondition(brands, query.review),
    );
    const matches = await db
      .select({ id: brands.id, total: sql<number>`count(*) over ()`.mapWith(Number) })
      .from(brands)
      .where(where)
      .orderBy(...order)
      .limit(query.limit)
      .offset(query.offset);
    let total = 0;
    const [first] = matches;
    if (first) total = first.total;
    else if (query.offset > 0)
      total = await db
        .select({ n: count() })
        .from(brands)
        .where(where)
        .then(([row]) => Number(row?.n ?? 0));
    if (matches.length === 0) return { brands: [], total };
    const rows = await selectBrands(db)
      .where(
        inArray(
          brands.id,
          matches.map((m) => m.id),
        ),
      )
      .orderBy(...order);
    return { brands: await completeBrands(db, rows, modelsPerBrand), total };
  }

  const page = idPage(db, brands, brands.id, { where: ofSubcategory, order, offset: query.offset, limit: query.limit });
  const [rows, total] = await Promise.all([
    selectBrands(db)
      .innerJoin(page, eq(page.id, brands.id))
      .orderBy(...order),
    db
      .select({ n: subcategories.brandsCount })
      .from(subcategories)
      .where(eq(subcategories.id, query.subcategory_id))
      .then(([row]) => row?.n ?? 0),
  ]);
  return { brands: await completeBrands(db, rows, modelsPerBrand), total };
}

/** The excluded brands, newest exclusion first, with who excluded each and when, and how many there are. */
export async function listExcludedBrands(
  db: Executor,
  page: { offset: number; limit: number },
): Promise<{ brands: BrandExclusion[]; total: number }> {
  const { brandId: id, createdAt, createdBy } = brandExclusions;
  const list = { table: brandExclusions, id, createdAt, createdBy };
  const { rows, total } = await exclusionPage(db, list, page, (ids, order) =>
    selectBrands(db)
      .innerJoin(ids, eq(ids.id, brands.id))
      .orderBy(...order),
  );
  return { brands: await withExclusionAuthorship(db, list, await completeBrands(db, rows, 0)), total };
}

/**
 * GET /api/equipments/brands: a subcategory's brands by name with their equipment-generation status name
 * (null when none ran), optionally filtered and paged.
 */
export async function listEquipmentBrands(
  db: Executor,
  query: { subcategory_id: number; q?: string | undefined; offset: number; limit: number },
): Promise<EquipmentBrand[]> {
  const conditions: SQL[] = [eq(brands.subcategoryId, query.subcategory_id)];
  if (query.q) conditions.push(sql`${brands.name} ilike ${containsPattern(query.q)}`);
  const rows = await db
    .select({
      id: brands.id,
      name: brands.name,
      // Spelled out: in a one-table select Drizzle leaves column names unqualified, which a subquery would misread.
      status: sql<
        string | null
      >`(select s."name" from "statuses" s where s."brand_id" = "brands"."id" and s."model_type" = ${modelTypes.equipment} order by s."updated_at" desc limit 1)`,
    })
    .from(brands)
    .where(and(...conditions))
    .orderBy(asc(brands.name), asc(brands.id))
    .limit(query.limit)
    .offset(query.offset);
  return rows.map((r) => ({ id: r.id, name: r.name, status: r.status ?? null }));
}
