import { sql, type SQL } from 'drizzle-orm';
import { bulkExclusionMessages, bulkNouns, type BulkExclusionAnswer, type BulkNoun } from '../../contract/bulk-exclusions';
import type { Database, Transaction } from '../db/client';
import { InvalidInputError, NotFoundError } from '../domain-errors';
import { equipmentGridFilter } from '../export/equipment-csv';
import { equipmentsChanged, type Notifier } from '../notify/notifier';
import { announceBrandExclusions } from './brand-exclusion-events';
import { containsPattern } from './brands';
import { recordExclusionChange, type FlippedRow } from './exclusion-journal';
import { modelLabel } from './exclusions';

/**
 * Bulk exclusion of brands and of models (contract/bulk-exclusions.ts): the selection, hand-picked ids or a grid's
 * filter, is resolved inside the one transaction that flips it (a row added to the subcategory meanwhile is part of
 * "all that match"), with one statement each way, and recorded as one exclusion change.
 */

export type ResolvedSelection = { ids: number[] } | { filter: { subcategory_id?: number | undefined; q?: string | undefined } };
export type ResolvedModelSelection =
  { ids: number[] } | { filter: { subcategory_id?: number | undefined; brand_id?: number | undefined; q?: string | undefined } };

/** A bulk call: its operator, which way it flips, and what it selects. */
interface BulkInput<Selection> {
  userId: number;
  excluded: boolean;
  selection: Selection;
}

interface Changed {
  id: number;
  subcategoryId: number;
  createdBy: number | null;
  createdAt: Date;
}

interface Outcome {
  matched: number;
  changed: Changed[];
  label: string;
}

type Rows = { rows: Record<string, unknown>[] };

const idList = (ids: readonly number[]) => `{${ids.join(',')}}`;

/** The rows a statement answers. */
const rowsOf = async (tx: Transaction, statement: SQL): Promise<Rows> => (await tx.execute(statement)) as unknown as Rows;

/** The one row (or the first) a statement answers; undefined for none. */
const rowOf = async (tx: Transaction, statement: SQL) => (await rowsOf(tx, statement)).rows[0];

/** Locks the rows of `table` with these ids against deletion until the transaction ends; whether every one exists. */
async function lockAll(tx: Transaction, table: 'brands' | 'equipments' | 'subcategories', ids: readonly number[]): Promise<boolean> {
  const found = await rowsOf(tx, sql`select id from ${sql.identifier(table)} where id = any(${idList(ids)}::int[]) for share`);
  return found.rows.length === ids.length;
}

/** The hand-picked ids as an array literal, once each, after checking every one exists (else `missing()`), locking them. */
async function pickedIds(
  tx: Transaction,
  table: 'brands' | 'equipments',
  picked: readonly number[],
  missing: () => NotFoundError,
): Promise<string> {
  const ids = [...new Set(picked)];
  if (!(await lockAll(tx, table, ids))) throw missing();
  return idList(ids);
}

/** The rows an insert or delete returned (`id`, `subcategory_id`, `created_by`, `created_at`), by id. */
function changedRows(result: Rows): Changed[] {
  return result.rows
    .map((row) => ({
      id: Number(row.id),
      subcategoryId: Number(row.subcategory_id),
      createdBy: row.created_by === null ? null : Number(row.created_by),
      createdAt: row.created_at instanceof Date ? row.created_at : new Date(String(row.created_at)),
    }))
    .sort((a, b) => a.id - b.id);
}

/** The condition on `b` (brands) a selection stands for; checks what it names exists (404), locking it. */
async function selectionCondition(tx: Transaction, excluded: boolean, selection: ResolvedSelection): Promise<SQL> {
  if ('ids' in selection) {
    const missing = () =>
      new NotFoundError('Brand', 'One of the selected brands was not found: it may have been deleted. Reload the list.');
    return sql`b.id = any(${await pickedIds(tx, 'brands', selection.ids, missing)}::int[])`;
  }
  const { subcategory_id: subcategoryId, q } = selection.filter;
  if (subcategoryId === undefined && excluded)
    throw new InvalidInputError('selection.filter.subcategory_id', bulkExclusionMessages.noSubcategory);
  if (subcategoryId !== undefined && !(await lockAll(tx, 'subcategories', [subcategoryId]))) throw new NotFoundError('Subcategory');
  return matchingBrandsCondition({ subcategoryId, q });
}

/**
 * The condition on `b` (brands) of a grid's filter, as GET /api/brands reads it: the brands of the subcategory whose
 * name contains `q`; without a subcategory, the exclusion list's filter, whose rows are the excluded brands. Shared
 * by the bulk exclusion and Generate Equipments for all that match (server/generation/call-plans.ts).
 */
export function matchingBrandsCondition(filter: { subcategoryId?: number | undefined; q?: string | undefined }): SQL {
  const conditions: SQL[] = [sql`true`];
  if (filter.subcategoryId !== undefined) conditions.push(sql`b.subcategory_id = ${filter.subcategoryId}`);
  if (filter.q) conditions.push(sql`b.name ilike ${containsPattern(filter.q)}`);
  // No subcategory: the exclusion list's filter (none of its rows is counted "not excluded").
  if (filter.subcategoryId === undefined) conditions.push(sql`exists (select 1 from brand_exclusions e where e.brand_id = b.id)`);
  return sql.join(conditions, sql` and `);
}

async function flip(tx: Transaction, userId: number, excluded: boolean, selection: ResolvedSelection): Promise<Outcome> {
  const where = await selectionCondition(tx, excluded, selection);
  const counted = await rowOf(tx, sql`select count(*)::int as n from brands b where ${where}`);
  const result = excluded
    ? await rowsOf(
        tx,
        sql`
        with inserted as (
          insert into brand_exclusions (brand_id, created_by)
          select b.id, ${userId}::int from brands b where ${where}
          on conflict do nothing
          returning brand_id, created_by, created_at)
        select i.brand_id as id, b.subcategory_id, i.created_by, i.created_at from inserted i join brands b on b.id = i.brand_id`,
      )
    : await rowsOf(
        tx,
        sql`
        delete from brand_exclusions x using brands b
        where x.brand_id = b.id and ${where}
        returning x.brand_id as id, b.subcategory_id, x.created_by, x.created_at`,
      );
  const changed = changedRows(result);
  const [only] = changed;
  const named = changed.length === 1 && only ? await rowOf(tx, sql`select name from brands where id = ${only.id}`) : undefined;
  return { matched: Number(counted?.n ?? 0), changed, label: named ? String(named.name) : 'the selected brands' };
}

/**
 * The one transaction of a bulk action: `flip` changes the rows, the journal records them as one change (so one Undo
 * takes the whole bulk action back, docs/decisions/0011-undo-as-a-journal-of-exclusion-changes.md), and the answer counts them.
 */
async function runBulk(
  db: Database,
  input: { userId: number; excluded: boolean; kind: FlippedRow['kind']; noun: BulkNoun },
  flipRows: (tx: Transaction) => Promise<Outcome>,
): Promise<{ answer: BulkExclusionAnswer; changed: Changed[] }> {
  const { outcome, undo } = await db.transaction(async (tx) => {
    const outcome = await flipRows(tx);
    const rows = outcome.changed.map((row): FlippedRow =>
      input.excluded
        ? { kind: input.kind, id: row.id, excluded: true }
        : { kind: input.kind, id: row.id, excluded: false, previous: { createdBy: row.createdBy, createdAt: row.createdAt } },
    );
    return { outcome, undo: await recordExclusionChange(tx, { userId: input.userId, label: outcome.label, rows }) };
  });
  const done = outcome.changed.length;
  const already = outcome.matched - done;
  return {
    answer: { message: bulkExclusionMessages.done(input.excluded, done, already, input.noun), done, skipped: { already }, undo },
    changed: outcome.changed,
  };
}

/** POST /api/brands/exclusions/bulk */
export async function bulkExcludeBrands(
  db: Database,
  notifier: Notifier,
  input: BulkInput<ResolvedSelection>,
): Promise<BulkExclusionAnswer> {
  const { answer, changed } = await runBulk(db, { ...input, kind: 'brand', noun: bulkNouns.brand }, (tx) =>
    flip(tx, input.userId, input.excluded, input.selection),
  );
  announceBrandExclusions(notifier, changed);
  return answer;
}

/** `equipments` joined as the grids show them (the quick filter reads the category's and subcategory's names). */
const modelsFrom = sql`equipments join categories on categories.id = equipments.category_id join subcategories on subcategories.id = equipments.subcategory_id`;

/** The condition on `equipments` a model selection stands for; checks what it names exists (404), locking it. */
async function modelCondition(tx: Transaction, excluded: boolean, selection: ResolvedModelSelection): Promise<SQL> {
  if ('ids' in selection) {
    const missing = () =>
      new NotFoundError('Model', 'One of the selected models was not found: it may have been deleted. Reload the list.');
    return sql`equipments.id = any(${await pickedIds(tx, 'equipments', selection.ids, missing)}::int[])`;
  }
  const { subcategory_id: subcategoryId, brand_id: brandId, q } = selection.filter;
  const scoped = subcategoryId !== undefined || brandId !== undefined;
  if (!scoped && excluded) throw new InvalidInputError('selection.filter.subcategory_id', bulkExclusionMessages.noModelScope);
  const conditions: SQL[] = [sql`true`];
  if (subcategoryId !== undefined) {
    if (!(await lockAll(tx, 'subcategories', [subcategoryId]))) throw new NotFoundError('Subcategory');
    conditions.push(sql`equipments.subcategory_id = ${subcategoryId}`);
  }
  if (brandId !== undefined) {
    if (!(await lockAll(tx, 'brands', [brandId]))) throw new NotFoundError('Brand');
    conditions.push(sql`equipments.brand_id = ${brandId}`);
  }
  // Scoped: the details grid's quick filter. Not scoped: the exclusion list's, whose rows are the excluded models.
  const quick = equipmentGridFilter(q, scoped ? 'details' : 'exclusions');
  if (quick) conditions.push(quick);
  if (!scoped) conditions.push(sql`exists (select 1 from equipment_exclusions e where e.equipment_id = equipments.id)`);
  return sql.join(conditions, sql` and `);
}

async function flipModels(tx: Transaction, userId: number, excluded: boolean, selection: ResolvedModelSelection): Promise<Outcome> {
  const where = await modelCondition(tx, excluded, selection);
  const counted = await rowOf(tx, sql`select count(*)::int as n from ${modelsFrom} where ${where}`);
  const result = excluded
    ? await rowsOf(
        tx,
        sql`
        with inserted as (
          insert into equipment_exclusions (equipment_id, created_by)
          select equipments.id, ${userId}::int from ${modelsFrom} where ${where}
          on conflict do nothing
          returning equipment_id, created_by, created_at)
        select i.equipment_id as id, m.subcategory_id, i.created_by, i.created_at from inserted i join equipments m on m.id = i.equipment_id`,
      )
    : await rowsOf(
        tx,
        sql`
        delete from equipment_exclusions x using ${modelsFrom}
        where x.equipment_id = equipments.id and ${where}
        returning x.equipment_id as id, equipments.subcategory_id, x.created_by, x.created_at`,
      );
  const changed = changedRows(result);
  const [only] = changed;
  const named = changed.length === 1 && only ? await rowOf(tx, sql`select brand, model from equipments where id = ${only.id}`) : undefined;
  return {
    matched: Number(counted?.n ?? 0),
    changed,
    label: named ? modelLabel({ brand: String(named.brand), model: String(named.model) }) : 'the selected models',
  };
}

/** POST /api/equipments/exclusions/bulk: one coarse event (the subcategories whose models changed), however many. */
export async function bulkExcludeModels(
  db: Database,
  notifier: Notifier,
  input: BulkInput<ResolvedModelSelection>,
): Promise<BulkExclusionAnswer> {
  const { answer, changed } = await runBulk(db, { ...input, kind: 'equipment', noun: bulkNouns.model }, (tx) =>
    flipModels(tx, input.userId, input.excluded, input.selection),
  );
  equipmentsChanged(
    notifier,
    changed.map((row) => row.subcategoryId),
  );
  return answer;
}
