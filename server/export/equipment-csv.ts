import type { Readable } from 'node:stream';
import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  equipmentExclusionExportColumns,
  equipmentExportColumns,
  type EquipmentExclusionsExportQuery,
  type EquipmentsExportQuery,
} from '../../contract/grid-exports';
import { containsPattern } from '../catalogue/brands';
import type { Executor } from '../db/client';
import type { RowReview } from '../../contract/review';
import { reviewCondition, reviewerJoin, reviewJson, toRowReview } from '../catalogue/row-review';
import { brands, categories, equipmentExclusions, equipments, subcategories, users } from '../db/schema';
import { NotFoundError } from '../domain-errors';
import { batchesOf, offsetBatchesOf } from './batches';
import { csvStream, type CsvCells } from './csv';
import { reviewCells } from './review-cells';

/**
 * The equipment grids' exports: the models of a subcategory or a brand (GET /api/equipments/export) and the excluded
 * models (GET /api/equipments/exclusions/export). These grids sort and filter in the browser, so the server applies
 * the same: the quick filter is a case-insensitive "contains" on the text of the columns the grid filters on, a sort
 * orders by a column's text (case-insensitive), ties in the list's own order.
 */

type EquipmentColumn = keyof typeof equipmentExportColumns;

const yesNo = (column: SQL | AnyPgColumn) => sql<string>`case when ${column} then 'Yes' else 'No' end`;
const tagsText = sql<string>`(select string_agg(t.value, ', ') from jsonb_array_elements_text(${equipments.tags}) t)`;

/** Each column's text as the grid shows it (what the quick filter reads). */
const columnText: Record<EquipmentColumn, SQL> = {
  brand: sql`${equipments.brand}`,
  model: sql`${equipments.model}`,
  year: sql`${equipments.year}::text`,
  category: sql`${categories.name}`,
  subcategory: sql`${subcategories.name}`,
  specifications: sql`${equipments.specifications}`,
  description: sql`${equipments.description}`,
  tags: tagsText,
  is_manufactured: yesNo(equipments.isManufactured),
  is_brand_still_manufactured: yesNo(equipments.isBrandStillManufactured),
  seo_title: sql`${equipments.seoTitle}`,
  seo_description: sql`${equipments.seoDescription}`,
  created_at: sql`${equipments.createdAt}::text`,
  review_state: sql`${equipments.reviewState}`,
  review_reason: sql`${equipments.reviewReason}`,
  reviewed_by: sql`${users.email}`,
  reviewed_at: sql`${equipments.reviewedAt}::text`,
  run_id: sql`${equipments.runId}::text`,
};

/** What a sort on a column orders by: numbers and times as such, text case-insensitively. */
function sortKey(column: EquipmentColumn): SQL {
  if (column === 'year') return sql`${equipments.year}`;
  if (column === 'created_at') return sql`${equipments.createdAt}`;
  if (column === 'reviewed_at') return sql`${equipments.reviewedAt}`;
  if (column === 'run_id') return sql`${equipments.runId}`;
  return sql`lower(${columnText[column]})`;
}

interface EquipmentRow {
  id: number;
  brand: string;
  model: string;
  year: number | null;
  category: string;
  subcategory: string;
  specifications: string | null;
  description: string | null;
  tags: unknown;
  is_manufactured: boolean;
  is_brand_still_manufactured: boolean;
  seo_title: string | null;
  seo_description: string | null;
  created_at: string;
  review: RowReview;
}

/** A row as one JSON value: PGlite hands over one JSON field far faster than a dozen columns (see catalogue/equipments.ts). */
const rowJson = sql<EquipmentRow>`json_build_object(
  'id', ${equipments.id}, 'brand', ${equipments.brand}, 'model', ${equipments.model}, 'year', ${equipments.year},
  'category', ${categories.name}, 'subcategory', ${subcategories.name}, 'specifications', ${equipments.specifications},
  'description', ${equipments.description}, 'tags', ${equipments.tags}, 'is_manufactured', ${equipments.isManufactured},
  'is_brand_still_manufactured', ${equipments.isBrandStillManufactured}, 'seo_title', ${equipments.seoTitle},
  'seo_description', ${equipments.seoDescription}, 'created_at', ${equipments.createdAt},
  'review', ${reviewJson(equipments)})`;

function selectRows(db: Executor) {
  return db
    .select({ row: rowJson })
    .from(equipments)
    .innerJoin(categories, eq(categories.id, equipments.categoryId))
    .innerJoin(subcategories, eq(subcategories.id, equipments.subcategoryId))
    .leftJoin(...reviewerJoin(equipments));
}
const rowsOf = (selected: { row: EquipmentRow }[]) => selected.map(({ row }) => ({ ...row, review: toRowReview(row.review) }));

const cells: CsvCells<EquipmentRow, EquipmentColumn> = {
  brand: (r) => r.brand,
  model: (r) => r.model,
  year: (r) => r.year,
  category: (r) => r.category,
  subcategory: (r) => r.subcategory,
  specifications: (r) => r.specifications,
  description: (r) => r.description,
  tags: (r) => (Array.isArray(r.tags) ? r.tags.join(', ') : null),
  is_manufactured: (r) => (r.is_manufactured ? 'Yes' : 'No'),
  is_brand_still_manufactured: (r) => (r.is_brand_still_manufactured ? 'Yes' : 'No'),
  seo_title: (r) => r.seo_title,
  seo_description: (r) => r.seo_description,
  created_at: (r) => new Date(r.created_at).toISOString(),
  ...reviewCells((r: EquipmentRow) => r.review),
};

/** The quick filter over these columns' text, or nothing without one. */
function quickFilter(q: string | undefined, columns: readonly EquipmentColumn[]): SQL | undefined {
  if (!q) return undefined;
  const pattern = containsPattern(q);
  return sql`(${sql.join(
    columns.map((column) => sql`${columnText[column]} ilike ${pattern}`),
    sql` or `,
  )})`;
}

/** The details grid filters on the text columns (not on the flags nor the date), as its column definitions say. */
const equipmentFilterColumns: readonly EquipmentColumn[] = [
  'brand',
  'model',
  'year',
  'category',
  'subcategory',
  'specifications',
  'description',
  'tags',
  'seo_title',
  'seo_description',
];

/**
 * The quick filter of an equipment grid as SQL on `equipments` joined to its category and subcategory: the details
 * grid's (its text columns) or the exclusion list's (every column it shows). Bulk exclusion selects by it too.
 */
export function equipmentGridFilter(q: string | undefined, grid: 'details' | 'exclusions'): SQL | undefined {
  return quickFilter(q, grid === 'details' ? equipmentFilterColumns : (Object.keys(equipmentExclusionExportColumns) as EquipmentColumn[]));
}

/** Which models the query names (404 when its subcategory or brand does not exist), and the file's name. */
async function equipmentScope(db: Executor, query: EquipmentsExportQuery): Promise<{ where: SQL[]; name: string }> {
  const where: SQL[] = [];
  const names: string[] = [];
  if (query.subcategory !== undefined) {
    const ids = (await db.select({ id: subcategories.id }).from(subcategories).where(eq(subcategories.name, query.subcategory))).map(
      (r) => r.id,
    );
    if (ids.length === 0) throw new NotFoundError('Subcategory');
    where.push(inArray(equipments.subcategoryId, ids));
    names.push(query.subcategory);
  }
  if (query.subcategory_id !== undefined) {
    const [row] = await db.select({ name: subcategories.name }).from(subcategories).where(eq(subcategories.id, query.subcategory_id));
    if (!row) throw new NotFoundError('Subcategory');
    where.push(eq(equipments.subcategoryId, query.subcategory_id));
    names.push(row.name);
  }
  if (query.brand_id !== undefined) {
    const [row] = await db.select({ name: brands.name }).from(brands).where(eq(brands.id, query.brand_id));
    if (!row) throw new NotFoundError('Brand');
    where.push(eq(equipments.brandId, query.brand_id));
    names.push(row.name);
  }
  return { where, name: `equipment-${[...new Set(names)].join('-')}` };
}

/** GET /api/equipments/export (the grid's review filter too): 404 before anything is sent when the subcategory or brand is unknown. */
export async function equipmentsCsv(db: Executor, query: EquipmentsExportQuery): Promise<{ name: string; csv: Readable }> {
  const scope = await equipmentScope(db, query);
  const filter = and(...scope.where, equipmentGridFilter(query.q, 'details'), reviewCondition(equipments, query.review));
  const listOrder = [asc(equipments.brand), asc(equipments.model), asc(equipments.id)];
  const { sort } = query;
  const batches =
    sort === undefined
      ? // The list's own order: keyset on (brand, model, id), which the subcategory's index answers batch after batch.
        batchesOf<EquipmentRow, EquipmentRow>(async (after, size) => {
          const keyset =
            after === undefined
              ? filter
              : and(
                  filter,
                  sql`(${equipments.brand}, ${equipments.model}, ${equipments.id}) > (${after.brand}::varchar, ${after.model}::varchar, ${after.id}::int)`,
                );
          const rows = rowsOf(
            await selectRows(db)
              .where(keyset)
              .orderBy(...listOrder)
              .limit(size),
          );
          return { rows, next: rows.at(-1) };
        })
      : offsetBatchesOf(async (offset, limit) =>
          rowsOf(
            await selectRows(db)
              .where(filter)
              .orderBy(orderBy(sortKey(sort), query.dir), ...listOrder)
              .limit(limit)
              .offset(offset),
          ),
        );
  return { name: scope.name, csv: csvStream({ headers: equipmentExportColumns, cells, columns: query.columns, batches }) };
}

function orderBy(key: SQL, dir: 'asc' | 'desc'): SQL {
  return dir === 'desc' ? sql`${key} desc nulls last` : sql`${key} asc nulls last`;
}

/** GET /api/equipments/exclusions/export: the excluded models, by default newest exclusion first. */
export function equipmentExclusionsCsv(db: Executor, query: EquipmentExclusionsExportQuery): Readable {
  const filter = equipmentGridFilter(query.q, 'exclusions');
  const listOrder = [desc(equipmentExclusions.createdAt), desc(equipmentExclusions.equipmentId)];
  const order = query.sort === undefined ? listOrder : [orderBy(sortKey(query.sort), query.dir), ...listOrder];
  const batches = offsetBatchesOf(async (offset, limit) =>
    rowsOf(
      await selectRows(db)
        .innerJoin(equipmentExclusions, eq(equipmentExclusions.equipmentId, equipments.id))
        .where(filter)
        .orderBy(...order)
        .limit(limit)
        .offset(offset),
    ),
  );
  return csvStream({ headers: equipmentExclusionExportColumns, cells, columns: query.columns, batches });
}
