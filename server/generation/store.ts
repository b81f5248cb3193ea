import { eq, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { nameKey, type NameKind } from '../catalogue/name-normal-form';
import type { Executor } from '../db/client';
import { brandInformations, brands, equipments, events, subcategories } from '../db/schema';
import type { DroppedItems, GeneratedBrand, GeneratedEvent, GeneratedModel } from './generated-items';
import type { TargetContext } from './targets';

/**
 * Stores what a provider proposed, keeping only what is new: a name (an event's, a brand's in its subcategory, a
 * model's of its brand) already there, whatever its case, is not added again, nor is a name the answer repeats;
 * nor is a name whose normal form (server/catalogue/name-normal-form.ts) one of those has: "Claas KGaA mbH" when
 * "CLAAS" is there is skipped as a duplicate. An excluded brand or model is still a row of its target, so a new
 * spelling of it is skipped too. A row the database refuses is dropped on its own, the others kept
 * (docs/decisions/0019-one-charging-rule.md).
 */

/**
 * What storing an answer came to: the ids of the rows added, how many items were known already (the same name,
 * whatever its case), how many were skipped as duplicates (another spelling of a name there), and the rows refused.
 */
export interface Stored {
  ids: number[];
  known: number;
  duplicates: number;
  dropped: DroppedItems;
}

/** Told of each row the database refused (for the log): the items are in the run's answer, the error says why. */
export type OnRefused = (error: unknown) => void;

const refusedByTheDatabase = 'refused by the database';

/** The SQLSTATE of a database error, wherever the driver or Drizzle put it (Drizzle wraps it as `cause`). */
function sqlState(error: unknown): string | undefined {
  for (let current = error; typeof current === 'object' && current !== null; current = (current as { cause?: unknown }).cause) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

/** The database refused the rows themselves (a value out of range, a constraint, a trigger's exception), not the connection. */
function refusedRows(error: unknown): boolean {
  const code = sqlState(error);
  return code !== undefined && (code.startsWith('22') || code.startsWith('23') || code === 'P0001');
}

/**
 * Inserts the items in one statement inside a savepoint; when the database refuses it, inserts them one by one,
 * each in a savepoint of its own, so that a row it still refuses is dropped alone. Any other failure is thrown.
 */
async function insertEach<T>(
  tx: Executor,
  items: readonly T[],
  insert: Insert<T>,
  onRefused: OnRefused,
): Promise<{ ids: number[]; dropped: DroppedItems }> {
  if (items.length === 0) return { ids: [], dropped: [] };
  try {
    return { ids: await tx.transaction((savepoint) => insert(savepoint, items)), dropped: [] };
  } catch (error) {
    if (!refusedRows(error)) throw error;
    if (items.length === 1) {
      onRefused(error);
      return { ids: [], dropped: [{ reason: refusedByTheDatabase, count: 1 }] };
    }
  }
  const ids: number[] = [];
  let refused = 0;
  for (const item of items) {
    try {
      ids.push(...(await tx.transaction((savepoint) => insert(savepoint, [item]))));
    } catch (error) {
      if (!refusedRows(error)) throw error;
      onRefused(error);
      refused += 1;
    }
  }
  return { ids, dropped: refused > 0 ? [{ reason: refusedByTheDatabase, count: refused }] : [] };
}

/** The items that are new among `taken` (the target's names) and the items before them, and how many were not. */
function sortOut<T>(items: readonly T[], nameOf: (item: T) => string, kind: NameKind, taken: readonly string[]) {
  const names = new Set(taken.map((name) => name.toLowerCase()));
  const keys = new Set(taken.map((name) => nameKey(name, kind)));
  const fresh: T[] = [];
  let known = 0;
  let duplicates = 0;
  for (const item of items) {
    const name = nameOf(item).toLowerCase();
    const key = nameKey(name, kind);
    if (names.has(name)) known += 1;
    // A name of punctuation only has no key: it is new unless the very name is there.
    else if (key !== '' && keys.has(key)) duplicates += 1;
    else {
      fresh.push(item);
      names.add(name);
      keys.add(key);
    }
  }
  return { fresh, known, duplicates };
}

/**
 * Every name (`column`) of the rows of `table` matching `scope`, excluded ones included: no index holds their normal
 * forms, which are worked out here (20,000 names in about 0.1 s).
 */
async function takenNames(tx: Executor, table: NamedTable, column: AnyColumn, scope: SQL): Promise<string[]> {
  const rows = await tx
    .select({ name: sql<string>`${column}` })
    .from(table)
    .where(scope);
  return rows.map((row) => row.name);
}

type NamedTable = typeof events | typeof brands | typeof equipments;

/** Where a generated item's name must be new: `column` of the rows of `table` matching `scope`, compared as `kind`'s. */
interface NameScope<T> {
  table: NamedTable;
  column: AnyColumn;
  scope: SQL;
  kind: NameKind;
  nameOf: (item: T) => string;
}

const nameScope = <T>(table: NamedTable, column: AnyColumn, scope: SQL, kind: NameKind, nameOf: (item: T) => string): NameScope<T> => ({
  table,
  column,
  scope,
  kind,
  nameOf,
});

/** Inserts some of a run's items, answering their ids in order. */
type Insert<T> = (tx: Executor, items: readonly T[]) => Promise<number[]>;

/** Stores the items whose name is new in `where` (each alone when the database refuses them together). */
async function storeNew<T>(
  tx: Executor,
  items: readonly T[],
  where: NameScope<T>,
  insert: Insert<T>,
  onRefused: OnRefused,
): Promise<Stored> {
  if (items.length === 0) return { ids: [], known: 0, duplicates: 0, dropped: [] };
  const taken = await takenNames(tx, where.table, where.column, where.scope);
  const { fresh, known, duplicates } = sortOut(items, where.nameOf, where.kind, taken);
  const stored = await insertEach(tx, fresh, insert, onRefused);
  return { ...stored, known, duplicates };
}

/** Inserts these rows into `table` and answers their ids, in order. */
async function insertIds<T extends NamedTable>(tx: Executor, table: T, rows: T['$inferInsert'][]): Promise<number[]> {
  // Drizzle cannot type the rows of a table chosen by a type parameter; this function's signature checks them.
  const inserted = await tx
    .insert(table)
    .values(rows as never[])
    .returning({ id: table.id });
  return inserted.map((row) => row.id);
}

/** Stores the new of a run's items in its target (run-answer.ts `propose` picks the one of the run's type). */
type StoreItems<T> = (tx: Executor, context: TargetContext, items: readonly T[], onRefused: OnRefused) => Promise<Stored>;

export const storeEvents: StoreItems<GeneratedEvent> = (tx, context, items, onRefused) => {
  const { categoryId } = context.target;
  const where = nameScope(events, events.name, eq(events.categoryId, categoryId), 'event', (e: GeneratedEvent) => e.name);
  const insert: Insert<GeneratedEvent> = (savepoint, some) =>
    insertIds(
      savepoint,
      events,
      some.map((e) => eventRow(categoryId, e)),
    );
  return storeNew(tx, items, where, insert, onRefused);
};

function eventRow(categoryId: number, e: GeneratedEvent): typeof events.$inferInsert {
  return {
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
  };
}

export const storeBrands: StoreItems<GeneratedBrand> = (tx, context, items, onRefused) => {
  const { subcategoryId } = context.target;
  if (subcategoryId === null) throw new Error('a brands run without a subcategory');
  const where = nameScope(brands, brands.name, eq(brands.subcategoryId, subcategoryId), 'brand', (b: GeneratedBrand) => b.name);
  return storeNew(tx, items, where, (savepoint, some) => insertBrands(savepoint, subcategoryId, some), onRefused);
};

/** A brand is its row and its information row, inserted together. */
async function insertBrands(tx: Executor, subcategoryId: number, fresh: readonly GeneratedBrand[]): Promise<number[]> {
  const ids = await insertIds(
    tx,
    brands,
    fresh.map((b) => ({
      subcategoryId,
      name: b.name,
      seoTitle: b.seo_title,
      seoDescription: b.seo_description,
      socials: b.socials.length > 0 ? JSON.stringify(b.socials) : null,
    })),
  );
  await tx.insert(brandInformations).values(
    fresh.map((b, index) => ({
      brandId: ids[index] ?? 0,
      website: b.website,
      country: b.country,
      address: b.address,
      phoneNumber: b.phone_number,
      email: b.email,
    })),
  );
  return ids;
}

export const storeModels: StoreItems<GeneratedModel> = async (tx, context, items, onRefused) => {
  const { subcategoryId, brandId } = context.target;
  if (subcategoryId === null || brandId === null || context.brand === null) throw new Error('a models run without its brand');
  // The category the subcategory is in now, not when the run began: the row stays locked until the run's
  // transaction ends, so a move waits for these rows and then moves them with the rest. Locked as the counter
  // trigger will lock it (it updates the subcategory's equipments_count): two runs of one subcategory sharing the
  // lock and then both updating the row would deadlock.
  const [home] = await tx
    .select({ categoryId: subcategories.categoryId })
    .from(subcategories)
    .where(eq(subcategories.id, subcategoryId))
    .for('no key update');
  const target = { categoryId: home?.categoryId ?? context.target.categoryId, subcategoryId, brandId, brand: context.brand };
  const where = nameScope(equipments, equipments.model, eq(equipments.brandId, brandId), 'model', (m: GeneratedModel) => m.model);
  const insert: Insert<GeneratedModel> = (savepoint, some) =>
    insertIds(
      savepoint,
      equipments,
      some.map((m) => modelRow(target, m)),
    );
  return storeNew(tx, items, where, insert, onRefused);
};

function modelRow(
  target: { categoryId: number; subcategoryId: number; brandId: number; brand: string },
  m: GeneratedModel,
): typeof equipments.$inferInsert {
  return {
    ...target,
    model: m.model,
    year: m.year,
    specifications: m.specifications,
    description: m.description,
    tags: m.tags,
    isManufactured: m.is_manufactured,
    isBrandStillManufactured: m.is_brand_still_manufactured,
    seoTitle: m.seo_title,
    seoDescription: m.seo_description,
  };
}
