import { and, eq, inArray, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { brandInformations, brands, equipments, events } from '../db/schema';
import type { GeneratedBrand, GeneratedEvent, GeneratedModel } from './generated-items';
import type { TargetContext } from './targets';

/**
 * Stores what a provider proposed, keeping only what is new: a name (an event's, a brand's in its subcategory, a
 * model's of its brand) already there, whatever its case, is not added again, nor is a name the answer repeats.
 * Answers the ids of the rows added.
 */

/** The items whose name is not in `taken` nor earlier in the list (case-insensitively). */
function newOnly<T>(items: readonly T[], nameOf: (item: T) => string, taken: Iterable<string>): T[] {
  const seen = new Set([...taken].map((name) => name.toLowerCase()));
  return items.filter((item) => {
    const key = nameOf(item).toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** The lower-cased names among `names` that rows matching `scope` already have in `column`. */
async function takenNames(tx: Executor, table: typeof events | typeof brands | typeof equipments, column: AnyColumn, scope: SQL, names: string[]) {
  if (names.length === 0) return [];
  const lowered = [...new Set(names.map((name) => name.toLowerCase()))];
  const rows = await tx
    .select({ name: sql<string>`lower(${column})` })
    .from(table)
    .where(and(scope, inArray(sql`lower(${column})`, lowered)));
  return rows.map((row) => row.name);
}

export async function storeEvents(tx: Executor, context: TargetContext, items: readonly GeneratedEvent[]): Promise<number[]> {
  const categoryId = context.target.categoryId;
  const taken = await takenNames(tx, events, events.name, eq(events.categoryId, categoryId), items.map((e) => e.name));
  const fresh = newOnly(items, (e) => e.name, taken);
  if (fresh.length === 0) return [];
  const rows = await tx
    .insert(events)
    .values(
      fresh.map((e) => ({
        categoryId,
        name: e.name,
        description: e.description,
        address: e.address,
        website: e.website,
        eventType: e.event_type,
        startDate: e.start_date,
        endDate: e.end_date,
        seoTitle: e.seo_title,
        seoDescription: e.seo_description,
      })),
    )
    .returning({ id: events.id });
  return rows.map((row) => row.id);
}

export async function storeBrands(tx: Executor, context: TargetContext, items: readonly GeneratedBrand[]): Promise<number[]> {
  const { subcategoryId } = context.target;
  if (subcategoryId === null) throw new Error('a brands run without a subcategory');
  const taken = await takenNames(tx, brands, brands.name, eq(brands.subcategoryId, subcategoryId), items.map((b) => b.name));
  const fresh = newOnly(items, (b) => b.name, taken);
  if (fresh.length === 0) return [];
  const rows = await tx
    .insert(brands)
    .values(
      fresh.map((b) => ({
        subcategoryId,
        name: b.name,
        seoTitle: b.seo_title,
        seoDescription: b.seo_description,
        socials: b.socials.length > 0 ? JSON.stringify(b.socials) : null,
      })),
    )
    .returning({ id: brands.id });
  await tx.insert(brandInformations).values(
    fresh.map((b, index) => ({
      brandId: rows[index]?.id ?? 0,
      website: b.website,
      country: b.country,
      address: b.address,
      phoneNumber: b.phone_number,
      email: b.email,
    })),
  );
  return rows.map((row) => row.id);
}

export async function storeModels(tx: Executor, context: TargetContext, items: readonly GeneratedModel[]): Promise<number[]> {
  const { categoryId, subcategoryId, brandId } = context.target;
  if (subcategoryId === null || brandId === null || context.brand === null) throw new Error('a models run without its brand');
  const taken = await takenNames(tx, equipments, equipments.model, eq(equipments.brandId, brandId), items.map((m) => m.model));
  const fresh = newOnly(items, (m) => m.model, taken);
  if (fresh.length === 0) return [];
  const brand = context.brand;
  const rows = await tx
    .insert(equipments)
    .values(
      fresh.map((m) => ({
        categoryId,
        subcategoryId,
        brandId,
        brand,
        model: m.model,
        year: m.year,
        specifications: m.specifications,
        description: m.description,
        tags: m.tags,
        isManufactured: m.is_manufactured,
        isBrandStillManufactured: m.is_brand_still_manufactured,
        seoTitle: m.seo_title,
        seoDescription: m.seo_description,
      })),
    )
    .returning({ id: equipments.id });
  return rows.map((row) => row.id);
}
