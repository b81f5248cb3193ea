import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Equipment } from '../../contract/equipments';
import { exclusionMessages } from '../../contract/exclusions';
import type { MessageAnswer } from '../../contract/http';
import type { Executor } from '../db/client';
import { brandExclusions, brands, equipmentExclusions, equipments } from '../db/schema';
import { selectEquipments, toEquipment } from './equipments';
import { brandUpdated, equipmentsChanged, type Notifier } from '../notify/notifier';
import { InvalidInputError, NotFoundError } from '../domain-errors';

/**
 * Exclusions: an excluded model or brand is a row keyed by the model's or brand's id. Adding and removing are
 * idempotent (a second exclusion of the same model answers the same message and changes nothing); a missing
 * model or brand is a 404. Every change is announced after it is stored.
 */

/** GET /api/equipments/exclusions: the excluded models, newest exclusion first. */
export async function listExcludedEquipments(db: Executor, page: { offset: number; limit: number }): Promise<{ equipments: Equipment[]; total: number }> {
  const order = [desc(equipmentExclusions.createdAt), desc(equipmentExclusions.equipmentId)];
  const ids = db
    .select({ id: equipmentExclusions.equipmentId })
    .from(equipmentExclusions)
    .orderBy(...order)
    .limit(page.limit)
    .offset(page.offset)
    .as('page');
  const [rows, [counted]] = await Promise.all([
    selectEquipments(db)
      .innerJoin(ids, eq(ids.id, equipments.id))
      .orderBy(...order),
    db.select({ n: count() }).from(equipmentExclusions),
  ]);
  return { equipments: rows.map(toEquipment), total: Number(counted?.n ?? 0) };
}

/** The model, locked against deletion until the caller's transaction ends (404 when missing). */
async function equipmentById(db: Executor, id: number) {
  const [row] = await db
    .select({ id: equipments.id, brand: equipments.brand, model: equipments.model, subcategoryId: equipments.subcategoryId })
    .from(equipments)
    .where(eq(equipments.id, id))
    .for('share');
  if (!row) throw new NotFoundError('Equipment');
  return row;
}

/** POST /api/equipments/exclusions/{id} */
export async function excludeEquipment(db: Executor, notifier: Notifier, input: { id: number; userId: number }): Promise<MessageAnswer> {
  const { row, inserted } = await db.transaction(async (tx) => {
    const row = await equipmentById(tx, input.id);
    const inserted = await tx
      .insert(equipmentExclusions)
      .values({ equipmentId: row.id, createdBy: input.userId })
      .onConflictDoNothing()
      .returning({ id: equipmentExclusions.equipmentId });
    return { row, inserted };
  });
  if (inserted.length > 0) equipmentsChanged(notifier, [row.subcategoryId]);
  return { message: exclusionMessages.modelAdded(row.brand, row.model) };
}

/** DELETE /api/equipments/exclusions/{id} */
export async function unexcludeEquipment(db: Executor, notifier: Notifier, input: { id: number }): Promise<MessageAnswer> {
  const row = await equipmentById(db, input.id);
  const deleted = await db
    .delete(equipmentExclusions)
    .where(eq(equipmentExclusions.equipmentId, row.id))
    .returning({ id: equipmentExclusions.equipmentId });
  if (deleted.length > 0) equipmentsChanged(notifier, [row.subcategoryId]);
  return { message: exclusionMessages.modelRemoved(row.brand, row.model) };
}

/**
 * The token-era removal (POST with the literal `{id}` path and `data{brand, model}`): un-excludes every model of
 * that brand and model name (exact, after trimming). 404 when no model has that brand and model name.
 */
export async function unexcludeEquipmentByName(
  db: Executor,
  notifier: Notifier,
  input: { brand: string; model: string },
): Promise<MessageAnswer> {
  const matches = await db
    .select({ id: equipments.id, subcategoryId: equipments.subcategoryId })
    .from(equipments)
    .where(and(eq(equipments.brand, input.brand), eq(equipments.model, input.model)));
  if (matches.length === 0) throw new NotFoundError('Equipment');
  const deleted = await db
    .delete(equipmentExclusions)
    .where(
      inArray(
        equipmentExclusions.equipmentId,
        matches.map((m) => m.id),
      ),
    )
    .returning({ id: equipmentExclusions.equipmentId });
  const removed = new Set(deleted.map((d) => d.id));
  equipmentsChanged(
    notifier,
    matches.filter((m) => removed.has(m.id)).map((m) => m.subcategoryId),
  );
  return { message: exclusionMessages.modelRemoved(input.brand, input.model) };
}

/**
 * POST /api/brands/exclusions: excludes the brand of that name (case-insensitive), in `subcategoryId` when given.
 * 404 when none matches; 422 when several do and no subcategory says which.
 */
export async function excludeBrandByName(
  db: Executor,
  notifier: Notifier,
  input: { name: string; subcategoryId?: number | undefined; userId: number },
): Promise<MessageAnswer> {
  const conditions = [sql`lower(${brands.name}) = lower(${input.name})`];
  if (input.subcategoryId !== undefined) conditions.push(eq(brands.subcategoryId, input.subcategoryId));
  const { brand, inserted } = await db.transaction(async (tx) => {
    const matches = await tx
      .select({ id: brands.id, name: brands.name })
      .from(brands)
      .where(and(...conditions))
      .orderBy(asc(brands.id))
      .limit(2)
      .for('share');
    const [brand] = matches;
    if (!brand) throw new NotFoundError('Brand');
    if (matches.length > 1) {
      throw new InvalidInputError(
        'subcategory_id',
        `Several brands are named ${input.name}: choose the subcategory.`,
        'Several brands have this name; the subcategory is required.',
      );
    }
    const inserted = await tx
      .insert(brandExclusions)
      .values({ brandId: brand.id, createdBy: input.userId })
      .onConflictDoNothing()
      .returning({ id: brandExclusions.brandId });
    return { brand, inserted };
  });
  if (inserted.length > 0) brandUpdated(notifier, brand.id);
  return { message: exclusionMessages.brandAdded(brand.name) };
}

/** DELETE /api/brands/exclusions/{id} */
export async function unexcludeBrand(db: Executor, notifier: Notifier, input: { id: number }): Promise<MessageAnswer> {
  const [brand] = await db.select({ id: brands.id, name: brands.name }).from(brands).where(eq(brands.id, input.id));
  if (!brand) throw new NotFoundError('Brand');
  const deleted = await db.delete(brandExclusions).where(eq(brandExclusions.brandId, brand.id)).returning({ id: brandExclusions.brandId });
  if (deleted.length > 0) brandUpdated(notifier, brand.id);
  return { message: exclusionMessages.itemRemoved(brand.name) };
}
