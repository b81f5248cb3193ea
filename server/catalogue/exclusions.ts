import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { exclusionMessages, type EquipmentExclusion } from '../../contract/exclusions';
import type { ExclusionChangeAnswer } from '../../contract/exclusion-changes';
import type { Database, Executor, Transaction } from '../db/client';
import { brandExclusions, brands, equipmentExclusions, equipments } from '../db/schema';
import { selectEquipments, toEquipment } from './equipments';
import { exclusionPage, withExclusionAuthorship } from './id-page';
import { brandUpdated, equipmentsChanged, type Notifier } from '../notify/notifier';
import { InvalidInputError, NotFoundError } from '../domain-errors';
import { recordExclusionChange, type FlippedRow } from './exclusion-journal';
import { insertExclusions } from './exclusion-rows';

/**
 * Exclusions: an excluded model or brand is a row keyed by the model's or brand's id. Adding and removing are
 * idempotent (a second exclusion of the same model answers the same message and changes nothing); a missing
 * model or brand is a 404. Every change is recorded in the journal of exclusion changes in its transaction (so its
 * operator can undo it: exclusion-journal.ts) and announced after it is stored.
 */

/** GET /api/equipments/exclusions: the excluded models, newest exclusion first, with who excluded each and when. */
export async function listExcludedEquipments(
  db: Executor,
  page: { offset: number; limit: number },
): Promise<{ equipments: EquipmentExclusion[]; total: number }> {
  const { equipmentId: id, createdAt, createdBy } = equipmentExclusions;
  const list = { table: equipmentExclusions, id, createdAt, createdBy };
  const { rows, total } = await exclusionPage(db, list, page, (ids, order) =>
    selectEquipments(db)
      .innerJoin(ids, eq(ids.id, equipments.id))
      .orderBy(...order),
  );
  return { equipments: await withExclusionAuthorship(db, list, rows.map(toEquipment)), total };
}

/** The model, locked against deletion (and against an undo of it) until the caller's transaction ends (404 when missing). */
async function equipmentById(db: Executor, id: number) {
  const [row] = await db
    .select({ id: equipments.id, brand: equipments.brand, model: equipments.model, subcategoryId: equipments.subcategoryId })
    .from(equipments)
    .where(eq(equipments.id, id))
    .for('share');
  if (!row) throw new NotFoundError('Model');
  return row;
}

/** POST /api/equipments/exclusions/{id} */
export async function excludeEquipment(
  db: Database,
  notifier: Notifier,
  input: { id: number; userId: number },
): Promise<ExclusionChangeAnswer> {
  const { row, undo } = await flipEquipment(db, notifier, input, async (tx, id) => {
    const inserted = await insertExclusions(tx, 'equipment', [{ id, createdBy: input.userId }]);
    return inserted.map((excluded) => excludedRow('equipment', excluded));
  });
  return { message: exclusionMessages.modelAdded(row.brand, row.model), undo };
}

/** DELETE /api/equipments/exclusions/{id} */
export async function unexcludeEquipment(
  db: Database,
  notifier: Notifier,
  input: { id: number; userId: number },
): Promise<ExclusionChangeAnswer> {
  const { row, undo } = await flipEquipment(db, notifier, input, (tx, id) => deleteEquipmentExclusions(tx, [id]));
  return { message: exclusionMessages.modelRemoved(row.brand, row.model), undo };
}

/** Flips one model's exclusion (`flip` answers the rows it changed), journals the change and announces it. */
async function flipEquipment(
  db: Database,
  notifier: Notifier,
  input: { id: number; userId: number },
  flip: (tx: Transaction, id: number) => Promise<FlippedRow[]>,
) {
  const { row, undo } = await db.transaction(async (tx) => {
    const row = await equipmentById(tx, input.id);
    const rows = await flip(tx, row.id);
    return { row, undo: await recordExclusionChange(tx, { userId: input.userId, label: modelLabel(row), rows }) };
  });
  if (undo) equipmentsChanged(notifier, [row.subcategoryId]);
  return { row, undo };
}

/** A row the change excluded. */
const excludedRow = (kind: FlippedRow['kind'], id: number): FlippedRow => ({ kind, id, excluded: true });

/** A row the change un-excluded, with who excluded it and when (for an undo). */
const unexcludedRow = (kind: FlippedRow['kind'], row: { id: number; createdBy: number | null; createdAt: Date }): FlippedRow => ({
  kind,
  id: row.id,
  excluded: false,
  previous: { createdBy: row.createdBy, createdAt: row.createdAt },
});

/**
 * The token-era removal (POST with the literal `{id}` path and `data{brand, model}`): un-excludes every model of
 * that brand and model name (exact, after trimming). 404 when no model has that brand and model name.
 */
export async function unexcludeEquipmentByName(
  db: Database,
  notifier: Notifier,
  input: { brand: string; model: string; userId: number },
): Promise<ExclusionChangeAnswer> {
  const { matches, rows, undo } = await db.transaction(async (tx) => {
    const matches = await tx
      .select({ id: equipments.id, subcategoryId: equipments.subcategoryId })
      .from(equipments)
      .where(and(eq(equipments.brand, input.brand), eq(equipments.model, input.model)))
      .orderBy(asc(equipments.id))
      .for('share');
    if (matches.length === 0) throw new NotFoundError('Model');
    const rows = await deleteEquipmentExclusions(
      tx,
      matches.map((m) => m.id),
    );
    return { matches, rows, undo: await recordExclusionChange(tx, { userId: input.userId, label: modelLabel(input), rows }) };
  });
  const removed = new Set(rows.map((r) => r.id));
  equipmentsChanged(
    notifier,
    matches.filter((m) => removed.has(m.id)).map((m) => m.subcategoryId),
  );
  return { message: exclusionMessages.modelRemoved(input.brand, input.model), undo };
}

/** Deletes these models' exclusions and answers the ones there were, with their author and time (for an undo). */
async function deleteEquipmentExclusions(tx: Transaction, ids: number[]): Promise<FlippedRow[]> {
  const deleted = await tx
    .delete(equipmentExclusions)
    .where(inArray(equipmentExclusions.equipmentId, ids))
    .returning({ id: equipmentExclusions.equipmentId, createdBy: equipmentExclusions.createdBy, createdAt: equipmentExclusions.createdAt });
  return deleted.map((d) => unexcludedRow('equipment', d));
}

/** How a change of one model is named in the journal and its undo's message. */
export const modelLabel = (row: { brand: string; model: string }) => `${row.brand} - ${row.model}`;

/**
 * POST /api/brands/exclusions: excludes the brand of that name (case-insensitive), in `subcategoryId` when given.
 * 404 when none matches; 422 when several do and no subcategory says which.
 */
export async function excludeBrandByName(
  db: Database,
  notifier: Notifier,
  input: { name: string; subcategoryId?: number | undefined; userId: number },
): Promise<ExclusionChangeAnswer> {
  const conditions = [sql`lower(${brands.name}) = lower(${input.name})`];
  if (input.subcategoryId !== undefined) conditions.push(eq(brands.subcategoryId, input.subcategoryId));
  const { brand, undo } = await db.transaction(async (tx) => {
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
    const inserted = await insertExclusions(tx, 'brand', [{ id: brand.id, createdBy: input.userId }]);
    const rows = inserted.map((excluded) => excludedRow('brand', excluded));
    return { brand, undo: await recordExclusionChange(tx, { userId: input.userId, label: brand.name, rows }) };
  });
  if (undo) brandUpdated(notifier, brand.id);
  return { message: exclusionMessages.brandAdded(brand.name), undo };
}

/** DELETE /api/brands/exclusions/{id} */
export async function unexcludeBrand(
  db: Database,
  notifier: Notifier,
  input: { id: number; userId: number },
): Promise<ExclusionChangeAnswer> {
  const { brand, undo } = await db.transaction(async (tx) => {
    const [brand] = await tx.select({ id: brands.id, name: brands.name }).from(brands).where(eq(brands.id, input.id)).for('share');
    if (!brand) throw new NotFoundError('Brand');
    const deleted = await tx
      .delete(brandExclusions)
      .where(eq(brandExclusions.brandId, brand.id))
      .returning({ id: brandExclusions.brandId, createdBy: brandExclusions.createdBy, createdAt: brandExclusions.createdAt });
    const rows = deleted.map((d) => unexcludedRow('brand', d));
    return { brand, undo: await recordExclusionChange(tx, { userId: input.userId, label: brand.name, rows }) };
  });
  if (undo) brandUpdated(notifier, brand.id);
  return { message: exclusionMessages.itemRemoved(brand.name), undo };
}
