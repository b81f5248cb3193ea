import { sql, type SQL } from 'drizzle-orm';
import { bulkExclusionMessages, type BulkExclusionAnswer } from '../../contract/bulk-exclusions';
import type { Database, Transaction } from '../db/client';
import { InvalidInputError, NotFoundError } from '../domain-errors';
import type { Notifier } from '../notify/notifier';
import { announceBrandExclusions } from './brand-exclusion-events';
import { containsPattern } from './brands';
import { recordExclusionChange, type FlippedRow } from './exclusion-journal';

/**
 * Bulk exclusion of brands (contract/bulk-exclusions.ts): the selection, hand-picked ids or a grid's filter, is
 * resolved inside the one transaction that flips it (a brand added to the subcategory meanwhile is part of "all
 * that match"), with one statement each way, and recorded as one exclusion change.
 */

export type ResolvedSelection = { ids: number[] } | { filter: { subcategory_id?: number | undefined; q?: string | undefined } };

interface Outcome {
  matched: number;
  changed: { id: number; subcategoryId: number; createdBy: number | null; createdAt: Date }[];
  label: string;
}

type Rows = { rows: Record<string, unknown>[] };

/** The condition on `b` (brands) a selection stands for; checks what it names exists (404), locking it. */
async function selectionCondition(tx: Transaction, excluded: boolean, selection: ResolvedSelection): Promise<SQL> {
  if ('ids' in selection) {
    const ids = [...new Set(selection.ids)];
    const found = (await tx.execute(sql`select id from brands where id = any(${`{${ids.join(',')}}`}::int[]) for share`)) as unknown as Rows;
    if (found.rows.length !== ids.length) throw new NotFoundError('Brand', 'One of the selected brands was not found: it may have been deleted. Reload the list.');
    return sql`b.id = any(${`{${ids.join(',')}}`}::int[])`;
  }
  const { subcategory_id: subcategoryId, q } = selection.filter;
  if (subcategoryId === undefined && excluded) throw new InvalidInputError('selection.filter.subcategory_id', bulkExclusionMessages.noSubcategory);
  if (subcategoryId !== undefined) {
    const found = (await tx.execute(sql`select id from subcategories where id = ${subcategoryId} for share`)) as unknown as Rows;
    if (found.rows.length === 0) throw new NotFoundError('Subcategory');
  }
  return matchingBrandsCondition({ subcategoryId, q });
}

/**
 * The condition on `b` (brands) of a grid's filter, as GET /api/brands reads it: the brands of the subcategory whose
 * name contains `q`; without a subcategory, the exclusion list's filter, whose rows are the excluded brands. Shared
 * by the bulk exclusion and Generate Equipments for all that match (server/generation/service.ts).
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
  const [counted] = ((await tx.execute(sql`select count(*)::int as n from brands b where ${where}`)) as unknown as Rows).rows;
  const result = excluded
    ? ((await tx.execute(sql`
        with inserted as (
          insert into brand_exclusions (brand_id, created_by)
          select b.id, ${userId}::int from brands b where ${where}
          on conflict do nothing
          returning brand_id, created_by, created_at)
        select i.brand_id as id, b.subcategory_id, i.created_by, i.created_at from inserted i join brands b on b.id = i.brand_id`)) as unknown as Rows)
    : ((await tx.execute(sql`
        delete from brand_exclusions x using brands b
        where x.brand_id = b.id and ${where}
        returning x.brand_id as id, b.subcategory_id, x.created_by, x.created_at`)) as unknown as Rows);
  const changed = result.rows
    .map((row) => ({
      id: Number(row.id),
      subcategoryId: Number(row.subcategory_id),
      createdBy: row.created_by === null ? null : Number(row.created_by),
      createdAt: row.created_at instanceof Date ? row.created_at : new Date(String(row.created_at)),
    }))
    .sort((a, b) => a.id - b.id);
  const [only] = changed;
  const named = changed.length === 1 && only ? ((await tx.execute(sql`select name from brands where id = ${only.id}`)) as unknown as Rows).rows[0] : undefined;
  return { matched: Number(counted?.n ?? 0), changed, label: named ? String(named.name) : 'the selected brands' };
}

/** POST /api/brands/exclusions/bulk */
export async function bulkExcludeBrands(
  db: Database,
  notifier: Notifier,
  input: { userId: number; excluded: boolean; selection: ResolvedSelection },
): Promise<BulkExclusionAnswer> {
  const { outcome, undo } = await db.transaction(async (tx) => {
    const outcome = await flip(tx, input.userId, input.excluded, input.selection);
    const rows = outcome.changed.map(
      (row): FlippedRow =>
        input.excluded
          ? { kind: 'brand', id: row.id, excluded: true }
          : { kind: 'brand', id: row.id, excluded: false, previous: { createdBy: row.createdBy, createdAt: row.createdAt } },
    );
    // One change in the journal, so one Undo takes the whole bulk action back (issue 14 point 4).
    return { outcome, undo: await recordExclusionChange(tx, { userId: input.userId, label: outcome.label, rows }) };
  });
  announceBrandExclusions(notifier, outcome.changed);
  const done = outcome.changed.length;
  const already = outcome.matched - done;
  return { message: bulkExclusionMessages.done(input.excluded, done, already), done, skipped: { already }, undo };
}
