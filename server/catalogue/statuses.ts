import { and, asc, count, desc, eq, inArray, ne, or, sql } from 'drizzle-orm';
import type { StatusRecord } from '../../contract/statuses';
import { modelTypes, type statusesAnswer, statusNames, type equipmentStatusesQuery } from '../../contract/statuses';
import type { z } from 'zod';
import type { Executor } from '../db/client';
import { brands, statuses, subcategories } from '../db/schema';

export function serializeStatus(row: typeof statuses.$inferSelect, brand?: { id: number; name: string } | null): StatusRecord {
  return {
    id: row.id,
    name: row.name,
    message: row.message,
    brand_id: row.brandId,
    subcategory_id: row.subcategoryId,
    category_id: row.categoryId,
    model_type: row.modelType,
    brand: brand ?? null,
    updated_at: row.updatedAt.toISOString(),
  };
}

interface StatusesScope {
  perBrand: boolean;
  /** Only this category's event statuses and/or this subcategory's brand statuses (extension). */
  categoryId?: number;
  subcategoryId?: number;
}

/** GET /api/statuses: every status record with its brand (or all but the per-brand ones, or a scope's), newest first. */
export async function listStatuses(db: Executor, options: StatusesScope): Promise<StatusRecord[]> {
  const scoped = [
    options.categoryId === undefined
      ? undefined
      : and(eq(statuses.modelType, modelTypes.event), eq(statuses.categoryId, options.categoryId)),
    options.subcategoryId === undefined
      ? undefined
      : and(eq(statuses.modelType, modelTypes.brand), eq(statuses.subcategoryId, options.subcategoryId)),
  ].filter((condition) => condition !== undefined);
  const rows = await db
    .select({ status: statuses, brand: { id: brands.id, name: brands.name } })
    .from(statuses)
    .leftJoin(brands, eq(brands.id, statuses.brandId))
    .where(scoped.length > 0 ? or(...scoped) : options.perBrand ? undefined : ne(statuses.modelType, modelTypes.equipment))
    .orderBy(desc(statuses.updatedAt), desc(statuses.id));
  return rows.map((r) => serializeStatus(r.status, r.brand));
}

type EquipmentStatusesScope = z.output<typeof equipmentStatusesQuery>;

/**
 * GET /api/equipments/statuses: the per-brand equipment generation statuses, of a subcategory or category when given,
 * newest first; with `per_subcategory`, each subcategory's own (an In Progress one first, else its newest).
 */
export async function listEquipmentStatuses(db: Executor, scope: EquipmentStatusesScope): Promise<StatusRecord[]> {
  const fields = { status: statuses, brand: { id: brands.id, name: brands.name } };
  const inScope = and(
    eq(statuses.modelType, modelTypes.equipment),
    scope.subcategory_id === undefined ? undefined : eq(statuses.subcategoryId, scope.subcategory_id),
    scope.category_id === undefined
      ? undefined
      : inArray(
          statuses.subcategoryId,
          db.select({ id: subcategories.id }).from(subcategories).where(eq(subcategories.categoryId, scope.category_id)),
        ),
  );
  const newestFirst = [desc(statuses.updatedAt), desc(statuses.id)];
  const rows = scope.per_subcategory
    ? await db
        .selectDistinctOn([statuses.subcategoryId], fields)
        .from(statuses)
        .leftJoin(brands, eq(brands.id, statuses.brandId))
        .where(inScope)
        .orderBy(asc(statuses.subcategoryId), desc(sql`${statuses.name} = ${statusNames.inProgress}`), ...newestFirst)
    : await db
        .select(fields)
        .from(statuses)
        .leftJoin(brands, eq(brands.id, statuses.brandId))
        .where(inScope)
        .orderBy(...newestFirst);
  const records = rows.map((r) => serializeStatus(r.status, r.brand));
  // DISTINCT ON orders by subcategory; the answer stays newest first like the unscoped one.
  return scope.per_subcategory ? records.sort((a, b) => (b.updated_at ?? '').localeCompare(a.updated_at ?? '') || b.id - a.id) : records;
}

/** How many statuses of any kind are In Progress (the generating flag of docs/product.md#statuses). */
export async function countInProgress(db: Executor): Promise<number> {
  const [row] = await db.select({ n: count() }).from(statuses).where(eq(statuses.name, statusNames.inProgress));
  return Number(row?.n ?? 0);
}

/** The statuses answer (docs/product.md#calls): the status records of a scope (none when `records` is false) and the In Progress count. */
export async function statusesOf(db: Executor, options: StatusesScope & { records?: boolean }): Promise<z.output<typeof statusesAnswer>> {
  const [list, inProgress] = await Promise.all([options.records === false ? [] : listStatuses(db, options), countInProgress(db)]);
  return { statuses: list, in_progress: inProgress };
}
