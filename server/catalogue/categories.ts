import { and, asc, count, eq, isNull } from 'drizzle-orm';
import type { Category } from '../../contract/categories';
import { modelTypes } from '../../contract/statuses';
import type { Executor } from '../db/client';
import { brands, categories, equipments, events, statuses, subcategories } from '../db/schema';

/** Every category with its subcategories, their item counts and their current generation status. */
export async function listCategories(db: Executor): Promise<Category[]> {
  const [categoryRows, subcategoryRows, brandCounts, equipmentCounts, eventCounts, statusRows] = await Promise.all([
    db.select({ id: categories.id, name: categories.name }).from(categories).orderBy(asc(categories.name), asc(categories.id)),
    db
      .select({ id: subcategories.id, name: subcategories.name, categoryId: subcategories.categoryId })
      .from(subcategories)
      .orderBy(asc(subcategories.name), asc(subcategories.id)),
    db.select({ id: brands.subcategoryId, n: count() }).from(brands).groupBy(brands.subcategoryId),
    db.select({ id: equipments.subcategoryId, n: count() }).from(equipments).groupBy(equipments.subcategoryId),
    db.select({ id: events.categoryId, n: count() }).from(events).groupBy(events.categoryId),
    db
      .select({ name: statuses.name, modelType: statuses.modelType, categoryId: statuses.categoryId, subcategoryId: statuses.subcategoryId })
      .from(statuses)
      .where(and(isNull(statuses.brandId))),
  ]);
  const countOf = (rows: { id: number; n: number }[]) => new Map(rows.map((r) => [r.id, Number(r.n)]));
  const brandsBySubcategory = countOf(brandCounts);
  const equipmentsBySubcategory = countOf(equipmentCounts);
  const eventsByCategory = countOf(eventCounts);
  const subcategoryStatus = new Map<number, string>();
  const categoryStatus = new Map<number, string>();
  for (const s of statusRows) {
    if (s.modelType === modelTypes.brand && s.subcategoryId != null) subcategoryStatus.set(s.subcategoryId, s.name);
    if (s.modelType === modelTypes.event && s.categoryId != null) categoryStatus.set(s.categoryId, s.name);
  }

  const byCategory = new Map<number, Category>(
    categoryRows.map((c) => [
      c.id,
      { id: c.id, name: c.name, status: categoryStatus.get(c.id) ?? null, events_count: eventsByCategory.get(c.id) ?? 0, subcategories: [] },
    ]),
  );
  for (const s of subcategoryRows) {
    byCategory.get(s.categoryId)?.subcategories.push({
      id: s.id,
      name: s.name,
      category_id: s.categoryId,
      status: subcategoryStatus.get(s.id) ?? null,
      brands_count: brandsBySubcategory.get(s.id) ?? 0,
      equipments_count: equipmentsBySubcategory.get(s.id) ?? 0,
    });
  }
  return [...byCategory.values()];
}

export async function categoryExists(db: Executor, id: number): Promise<boolean> {
  const [row] = await db.select({ id: categories.id }).from(categories).where(eq(categories.id, id)).limit(1);
  return row !== undefined;
}
