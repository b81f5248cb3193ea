import type { Readable } from 'node:stream';
import { desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Brand } from '../../contract/brands';
import {
  brandExclusionExportColumns,
  brandExportColumns,
  type BrandExclusionsExportQuery,
  type BrandsExportQuery,
} from '../../contract/grid-exports';
import { notGeneratedStatus } from '../../contract/statuses';
import { containsPattern, listBrandsPage } from '../catalogue/brands';
import type { Executor } from '../db/client';
import { brandExclusions, brands, categories, subcategories } from '../db/schema';
import { NotFoundError } from '../domain-errors';
import { offsetBatchesOf } from './batches';
import { csvStream, type CsvCells } from './csv';
import { reviewCells } from './review-cells';

const brandCells: CsvCells<Brand, keyof typeof brandExportColumns> = {
  name: (b) => b.name,
  category: (b) => b.category.name,
  subcategory: (b) => b.subcategory.name,
  seo_title: (b) => b.seo_title,
  seo_description: (b) => b.seo_description,
  created_at: (b) => b.created_at,
  status: (b) => b.status?.name ?? notGeneratedStatus.name,
  ...reviewCells((b: Brand) => b.review),
};

/**
 * GET /api/brands/export: a subcategory's brands as the grid lists them (GET /api/brands: its filters, sort and
 * rows), read a page at a time. 404 before anything is sent when the subcategory does not exist.
 */
export async function brandsCsv(db: Executor, query: BrandsExportQuery): Promise<{ name: string; csv: Readable }> {
  const [subcategory] = await db.select({ name: subcategories.name }).from(subcategories).where(eq(subcategories.id, query.subcategory_id));
  if (!subcategory) throw new NotFoundError('Subcategory');
  const batches = offsetBatchesOf(async (offset, limit) => (await listBrandsPage(db, { ...query, offset, limit })).brands);
  return {
    name: `brands-${subcategory.name}`,
    csv: csvStream({ headers: brandExportColumns, cells: brandCells, columns: query.columns, batches }),
  };
}

type BrandExclusionColumn = keyof typeof brandExclusionExportColumns;

const exclusionFields = {
  id: brands.id,
  logo: brands.logo,
  category: categories.name,
  subcategory: subcategories.name,
  name: brands.name,
  seoTitle: brands.seoTitle,
  seoDescription: brands.seoDescription,
  socials: brands.socials,
};
function selectExcludedBrands(db: Executor) {
  return db
    .select(exclusionFields)
    .from(brandExclusions)
    .innerJoin(brands, eq(brands.id, brandExclusions.brandId))
    .innerJoin(subcategories, eq(subcategories.id, brands.subcategoryId))
    .innerJoin(categories, eq(categories.id, subcategories.categoryId));
}
type ExcludedBrandRow = Awaited<ReturnType<ReturnType<typeof selectExcludedBrands>['execute']>>[number];

/** The social links' addresses, space-separated (the column stores them as JSON text, docs/product.md#data). */
function socialUrls(socials: string | null): string | null {
  if (!socials) return null;
  try {
    const links: unknown = JSON.parse(socials);
    if (!Array.isArray(links)) return null;
    return links
      .map((link: unknown) => (typeof link === 'object' && link !== null && 'url' in link ? String(link.url) : ''))
      .filter(Boolean)
      .join(' ');
  } catch {
    return null;
  }
}

const exclusionCells: CsvCells<ExcludedBrandRow, BrandExclusionColumn> = {
  logo: (b) => b.logo,
  category: (b) => b.category,
  subcategory: (b) => b.subcategory,
  name: (b) => b.name,
  seo_title: (b) => b.seoTitle,
  seo_description: (b) => b.seoDescription,
  socials: (b) => socialUrls(b.socials),
};

/** Each column's text; the quick filter reads those the grid shows as text (not the logo nor the socials). */
const columnText: Record<BrandExclusionColumn, SQL> = {
  logo: sql`${brands.logo}`,
  category: sql`${categories.name}`,
  subcategory: sql`${subcategories.name}`,
  name: sql`${brands.name}`,
  seo_title: sql`${brands.seoTitle}`,
  seo_description: sql`${brands.seoDescription}`,
  socials: sql`${brands.socials}`,
};
const filterColumns: readonly BrandExclusionColumn[] = ['category', 'subcategory', 'name', 'seo_title', 'seo_description'];

/** GET /api/brands/exclusions/export: the excluded brands, by default newest exclusion first. */
export function brandExclusionsCsv(db: Executor, query: BrandExclusionsExportQuery): Readable {
  const pattern = query.q ? containsPattern(query.q) : undefined;
  const filter =
    pattern === undefined
      ? undefined
      : sql`(${sql.join(
          filterColumns.map((id) => sql`${columnText[id]} ilike ${pattern}`),
          sql` or `,
        )})`;
  const listOrder = [desc(brandExclusions.createdAt), desc(brandExclusions.brandId)];
  const order =
    query.sort === undefined ? listOrder : [sql`lower(${columnText[query.sort]}) ${sql.raw(query.dir)} nulls last`, ...listOrder];
  const batches = offsetBatchesOf((offset, limit) =>
    selectExcludedBrands(db)
      .where(filter)
      .orderBy(...order)
      .limit(limit)
      .offset(offset),
  );
  return csvStream({ headers: brandExclusionExportColumns, cells: exclusionCells, columns: query.columns, batches });
}
