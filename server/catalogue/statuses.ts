import { and, count, desc, eq, inArray, ne } from 'drizzle-orm';
import type { StatusRecord } from '../../contract/statuses';
import { equipmentStatusesAnswer, modelTypes, statusesAnswer, statusNames, type EquipmentStatusesScope } from '../../contract/statuses';
import type { Database, Executor } from '../db/client';
import { brands, statuses, subcategories } from '../db/schema';
import { answerCache, encodeJson } from './answer-cache';

export function serializeStatus(
  row: typeof statuses.$inferSelect,
  brand?: { id: number; name: string } | null,
): StatusRecord {
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

/** GET /api/statuses: every status record with its brand (or all but the per-brand ones), newest first. */
export async function listStatuses(db: Executor, options: { perBrand: boolean }): Promise<StatusRecord[]> {
  const rows = await db
    .select({ status: statuses, brand: { id: brands.id, name: brands.name } })
    .from(statuses)
    .leftJoin(brands, eq(brands.id, statuses.brandId))
    .where(options.perBrand ? undefined : ne(statuses.modelType, modelTypes.equipment))
    .orderBy(desc(statuses.updatedAt), desc(statuses.id));
  return rows.map((r) => serializeStatus(r.status, r.brand));
}

/** GET /api/equipments/statuses: the per-brand equipment generation statuses, of a subcategory or category when given. */
export async function listEquipmentStatuses(db: Executor, scope: EquipmentStatusesScope): Promise<StatusRecord[]> {
  const rows = await db
    .select({ status: statuses, brand: { id: brands.id, name: brands.name } })
    .from(statuses)
    .leftJoin(brands, eq(brands.id, statuses.brandId))
    .where(
      and(
        eq(statuses.modelType, modelTypes.equipment),
        scope.subcategory_id === undefined ? undefined : eq(statuses.subcategoryId, scope.subcategory_id),
        scope.category_id === undefined
          ? undefined
          : inArray(statuses.subcategoryId, db.select({ id: subcategories.id }).from(subcategories).where(eq(subcategories.categoryId, scope.category_id))),
      ),
    )
    .orderBy(desc(statuses.updatedAt), desc(statuses.id));
  return rows.map((r) => serializeStatus(r.status, r.brand));
}

/** How many statuses of any kind are In Progress (SPEC 4's generating flag). */
export async function countInProgress(db: Executor): Promise<number> {
  const [row] = await db.select({ n: count() }).from(statuses).where(eq(statuses.name, statusNames.inProgress));
  return Number(row?.n ?? 0);
}

/** GET /api/statuses as JSON text, kept while the catalogue's version stands. */
export function statusesJson(db: Database, options: { perBrand: boolean; records?: boolean }): Promise<string> {
  if (options.records === false) {
    return answerCache(db).get('statuses-count', async () => encodeJson(statusesAnswer, { statuses: [], in_progress: await countInProgress(db) }));
  }
  return answerCache(db).get(options.perBrand ? 'statuses' : 'statuses-without-brands', async () => {
    const [list, inProgress] = await Promise.all([listStatuses(db, options), countInProgress(db)]);
    return encodeJson(statusesAnswer, { statuses: list, in_progress: inProgress });
  });
}

/** GET /api/equipments/statuses as JSON text (of each scope), kept while the catalogue's version stands. */
export function equipmentStatusesJson(db: Database, scope: EquipmentStatusesScope): Promise<string> {
  const key = `equipment-statuses:${scope.subcategory_id ?? ''}:${scope.category_id ?? ''}`;
  return answerCache(db).get(key, async () => encodeJson(equipmentStatusesAnswer, { statuses: await listEquipmentStatuses(db, scope) }));
}

