import { eq, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { nameNormalForm, nearFormOfNormal, type NameKind } from '../catalogue/name-normal-form';
import type { Executor } from '../db/client';
import { brandInformations, brands, equipments, events, subcategories } from '../db/schema';
import type { DroppedItems, GeneratedBrand, GeneratedEvent, GeneratedModel } from './generated-items';
import { insertEach, type OnRefused } from './insert-each';
import { likelyDuplicates, type LikelyDuplicate } from './near-duplicates';
import type { TargetContext } from './targets';

/**
 * Stores what a provider proposed, keeping only what is new: a name (an event's, a brand's in its subcategory, a
 * model's of its brand) already there, whatever its case, is not added again, nor is a name the answer repeats;
 * nor is a name whose normal form (server/catalogue/name-normal-form.ts) one of those has: "Claas KGaA mbH" when
 * "CLAAS" is there is skipped as a duplicate. An excluded brand or model is still a row of its target, so a new
 * spelling of it is skipped too, and a name whose normal form is a rejected row's is dropped (rejected before). What
 * is stored is the run's, unreviewed, flagged when it comes close to a name there (near-duplicates.ts). A row the
 * database refuses is dropped on its own, the others kept (docs/decisions/0019-one-charging-rule.md,
 * docs/decisions/0025-review-of-generated-items.md).
 */

/**
 * What storing an answer came to: the ids of the rows added, how many items were known already (the same name,
 * whatever its case), how many were skipped as duplicates (another spelling of a name there), how many were
 * dropped as names rejected before, and the rows refused.
 */
export interface Stored {
  ids: number[];
  known: number;
  duplicates: number;
  rejectedBefore: number;
  dropped: DroppedItems;
}

export const nothingStored: Stored = { ids: [], known: 0, duplicates: 0, rejectedBefore: 0, dropped: [] };

/**
 * The items that are new among `taken` (the target's names) and the items before them, and how many were not: a
 * name or normal form of a rejected row (rejected before), the same name (known), or its normal form (duplicates).
 */
function sortOut<T>(items: readonly T[], nameOf: (item: T) => string, kind: NameKind, taken: readonly NormalName[]) {
  const names = new Set(taken.map((row) => row.name.toLowerCase()));
  const keys = new Set(taken.map((row) => row.key));
  const rejected = taken.filter((row) => row.rejected);
  const rejectedNames = new Set(rejected.map((row) => row.name.toLowerCase()));
  const rejectedKeys = new Set(rejected.map((row) => row.key).filter((key) => key !== ''));
  const fresh: T[] = [];
  const freshNormal: string[] = [];
  let known = 0;
  let duplicates = 0;
  let rejectedBefore = 0;
  for (const item of items) {
    const name = nameOf(item).toLowerCase();
    const normal = nameNormalForm(name, kind);
    const key = keyOf(normal);
    if (rejectedNames.has(name) || rejectedKeys.has(key)) rejectedBefore += 1;
    else if (names.has(name)) known += 1;
    // A name of punctuation only has no key: it is new unless the very name is there.
    else if (key !== '' && keys.has(key)) duplicates += 1;
    else {
      fresh.push(item);
      freshNormal.push(normal);
      names.add(name);
      keys.add(key);
    }
  }
  return { fresh, freshNearForms: freshNormal.map((normal) => nearFormOfNormal(normal, kind)), known, duplicates, rejectedBefore };
}

/** name-normal-form.ts `nameKey`, of a normal form worked out once for the key and the near form. */
const keyOf = (normal: string) => normal.replaceAll(' ', '');

/** A taken name with its key and near form, each name's normal form worked out once (20,000 in about 0.2 s). */
interface NormalName extends TakenName {
  key: string;
  nearForm: string;
}

function withForms(taken: readonly TakenName[], kind: NameKind): NormalName[] {
  return taken.map((row) => {
    const normal = nameNormalForm(row.name, kind);
    return { ...row, key: keyOf(normal), nearForm: nearFormOfNormal(normal, kind) };
  });
}

interface TakenName {
  id: number;
  name: string;
  rejected: boolean;
}

/**
 * Every name (`column`) of the rows of `table` matching `scope`, excluded and rejected ones included: no index holds
 * their normal forms, which are worked out here (20,000 names in about 0.1 s).
 */
async function takenNames(tx: Executor, table: NamedTable, column: AnyColumn, scope: SQL): Promise<TakenName[]> {
  return tx
    .select({ id: table.id, name: sql<string>`${column}`, rejected: sql<boolean>`${table.reviewState} = 'rejected'` })
    .from(table)
    .where(scope);
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

/** A fresh item, with what its row records of where it came from: the run, unreviewed, and its likely duplicate. */
interface Fresh<T> {
  item: T;
  provenance: Provenance;
}

type Provenance = Pick<typeof brands.$inferInsert, 'runId' | 'reviewState' | 'likelyDuplicateOf' | 'likelyDuplicateScore'>;

const provenance = (runId: number, likely: LikelyDuplicate | undefined): Provenance => ({
  runId,
  reviewState: 'unreviewed',
  likelyDuplicateOf: likely?.id ?? null,
  likelyDuplicateScore: likely?.score ?? null,
});

/** Inserts some of a run's items, answering their ids in order. */
type Insert<T> = (tx: Executor, items: readonly Fresh<T>[]) => Promise<number[]>;

export type { OnRefused };

/** Stores the items whose name is new in `where` (each alone when the database refuses them together). */
async function storeNew<T>(
  tx: Executor,
  runId: number,
  items: readonly T[],
  where: NameScope<T>,
  insert: Insert<T>,
  onRefused: OnRefused,
): Promise<Stored> {
  if (items.length === 0) return nothingStored;
  const { fresh, likely, ...counts } = await checkNames(tx, items, where);
  const annotated = fresh.map((item, index) => ({ item, provenance: provenance(runId, likely.get(index)) }));
  const stored = await insertEach(tx, annotated, insert, onRefused);
  return { ...stored, ...counts };
}

/**
 * The duplicate check of a run's items: which are new in `where` (the exact normal-form match, `sortOut`), how many
 * were not and why, and of the new ones, those close to a name there (by their index among the new).
 */
async function checkNames<T>(tx: Executor, items: readonly T[], where: NameScope<T>) {
  const taken = withForms(await takenNames(tx, where.table, where.column, where.scope), where.kind);
  const { freshNearForms, ...sorted } = sortOut(items, where.nameOf, where.kind, taken);
  return { ...sorted, likely: await likelyDuplicates(tx, freshNearForms, taken) };
}

/** The duplicate check of brand names proposed for a subcategory, as a run's store makes it (`npm run bench`'s duplicate_check). */
export function checkBrandNames(tx: Executor, subcategoryId: number, names: readonly string[]) {
  return checkNames(
    tx,
    names,
    nameScope(brands, brands.name, eq(brands.subcategoryId, subcategoryId), 'brand', (name: string) => name),
  );
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
type StoreItems<T> = (tx: Executor, runId: number, context: TargetContext, items: readonly T[], onRefused: OnRefused) => Promise<Stored>;

export const storeEvents: StoreItems<GeneratedEvent> = (tx, runId, context, items, onRefused) => {
  const { categoryId } = context.target;
  const where = nameScope(events, events.name, eq(events.categoryId, categoryId), 'event', (e: GeneratedEvent) => e.name);
  const insert: Insert<GeneratedEvent> = (savepoint, some) =>
    insertIds(
      savepoint,
      events,
      some.map((e) => ({ ...eventRow(categoryId, e.item), ...e.provenance })),
    );
  return storeNew(tx, runId, items, where, insert, onRefused);
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

export const storeBrands: StoreItems<GeneratedBrand> = (tx, runId, context, items, onRefused) => {
  const { subcategoryId } = context.target;
  if (subcategoryId === null) throw new Error('a brands run without a subcategory');
  const where = nameScope(brands, brands.name, eq(brands.subcategoryId, subcategoryId), 'brand', (b: GeneratedBrand) => b.name);
  return storeNew(tx, runId, items, where, (savepoint, some) => insertBrands(savepoint, subcategoryId, some), onRefused);
};

/** A brand is its row and its information row, inserted together. */
async function insertBrands(tx: Executor, subcategoryId: number, some: readonly Fresh<GeneratedBrand>[]): Promise<number[]> {
  const fresh = some.map((b) => b.item);
  const ids = await insertIds(
    tx,
    brands,
    fresh.map((b, index) => ({
      ...some[index]?.provenance,
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

export const storeModels: StoreItems<GeneratedModel> = async (tx, runId, context, items, onRefused) => {
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
      some.map((m) => ({ ...modelRow(target, m.item), ...m.provenance })),
    );
  return storeNew(tx, runId, items, where, insert, onRefused);
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
