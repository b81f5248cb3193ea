import { sql, type SQL } from 'drizzle-orm';
import type { ReviewItem, ReviewKind } from '../../contract/review';
import type { Executor } from '../db/client';
import { idList, isoOf, kindTables, rowsOf } from './review-tables';

/**
 * The queue's items in full (contract/review.ts `reviewItem`): each kind's rows built by the database as one JSON
 * value a row (as the grids' lists are), with the fields its grid shows, in that order.
 */

type Named = { id: number; name: string };
interface ItemJson {
  id: number;
  run_id: number | null;
  name: string;
  category: Named;
  subcategory: Named | null;
  brand: Named | null;
  values: (string | number | null)[];
  likely: { id: number; name: string | null; score: number } | null;
  created_at: string;
}

/** Each kind's field labels, in its grid's order; `values` below answers them in the same order. */
const fieldLabels: Record<ReviewKind, string[]> = {
  brand: ['Website', 'Country', 'Address', 'Phone', 'Email', 'SEO Title', 'SEO Description'],
  equipment: ['Year', 'Specifications', 'Description', 'Tags', 'SEO Title', 'SEO Description'],
  event: ['Type', 'Start', 'End', 'Address', 'Website', 'Description', 'SEO Title', 'SEO Description'],
};

const info = (column: string) => sql.raw(`(select i."${column}" from brand_informations i where i.brand_id = t.id order by i.id limit 1)`);

const fieldValues: Record<ReviewKind, SQL> = {
  brand: sql`json_build_array(${info('website')}, ${info('country')}, ${info('address')}, ${info('phone_number')}, ${info('email')},
    t.seo_title, t.seo_description)`,
  equipment: sql`json_build_array(t.year::text, t.specifications, t.description,
    nullif((select string_agg(tag, ', ') from jsonb_array_elements_text(t.tags) tag), ''), t.seo_title, t.seo_description)`,
  event: sql`json_build_array(t.event_type, t.start_date::text, t.end_date::text, t.address, t.website, t.description,
    t.seo_title, t.seo_description)`,
};

const named = (id: string, name: string) => sql.raw(`json_build_object('id', ${id}, 'name', ${name})`);

/** Each kind's category, subcategory and brand, as joined below. */
const parents: Record<ReviewKind, { from: SQL; category: SQL; subcategory: SQL; brand: SQL }> = {
  brand: {
    from: sql`brands t join subcategories s on s.id = t.subcategory_id join categories c on c.id = s.category_id`,
    category: named('c.id', 'c.name'),
    subcategory: named('s.id', 's.name'),
    brand: sql`null`,
  },
  equipment: {
    from: sql`equipments t join categories c on c.id = t.category_id join subcategories s on s.id = t.subcategory_id`,
    category: named('c.id', 'c.name'),
    subcategory: named('s.id', 's.name'),
    brand: sql.raw(`case when t.brand_id is null then null else json_build_object('id', t.brand_id, 'name', t.brand) end`),
  },
  event: {
    from: sql`events t join categories c on c.id = t.category_id`,
    category: named('c.id', 'c.name'),
    subcategory: sql`null`,
    brand: sql`null`,
  },
};

async function itemsOfKind(db: Executor, kind: ReviewKind, ids: readonly number[]): Promise<ReviewItem[]> {
  if (ids.length === 0) return [];
  const table = kindTables[kind];
  const of = parents[kind];
  const likelyName = sql`(select ${sql.raw(kind === 'equipment' ? 'd.model' : 'd.name')} from ${table.table} d where d.id = t.likely_duplicate_of)`;
  const rows = await rowsOf(
    db,
    sql`select json_build_object(
      'id', t.id, 'run_id', t.run_id, 'name', ${table.name},
      'category', ${of.category}, 'subcategory', ${of.subcategory}, 'brand', ${of.brand},
      'values', ${fieldValues[kind]},
      'likely', case when t.likely_duplicate_of is null then null
        else json_build_object('id', t.likely_duplicate_of, 'name', ${likelyName}, 'score', t.likely_duplicate_score) end,
      'created_at', t.created_at) as item
    from ${of.from} where t.id = any(${idList(ids)}::int[])`,
  );
  return rows.map((row) => {
    const item = (typeof row.item === 'string' ? JSON.parse(row.item) : row.item) as ItemJson;
    const labels = fieldLabels[kind];
    return {
      kind,
      id: item.id,
      run_id: item.run_id,
      name: item.name,
      category: item.category,
      subcategory: item.subcategory,
      brand: item.brand,
      fields: labels.map((label, index) => {
        const value = item.values[index];
        return { label, value: value === null || value === undefined || value === '' ? null : String(value) };
      }),
      // The row it was found close to may have been deleted since: then there is nothing to compare with.
      likely_duplicate:
        item.likely && item.likely.name !== null ? { id: item.likely.id, name: item.likely.name, score: Number(item.likely.score) } : null,
      created_at: isoOf(item.created_at),
    };
  });
}

/** These items (kind and id) in full, in the order given; an item deleted meanwhile is left out. */
export async function reviewItemsByKey(db: Executor, keys: readonly { kind: ReviewKind; id: number }[]): Promise<ReviewItem[]> {
  const idsOf = (kind: ReviewKind) => keys.filter((key) => key.kind === kind).map((key) => key.id);
  const found = (await Promise.all((['event', 'brand', 'equipment'] as const).map((kind) => itemsOfKind(db, kind, idsOf(kind))))).flat();
  const byKey = new Map(found.map((item) => [`${item.kind}:${item.id}`, item]));
  return keys.flatMap((key) => byKey.get(`${key.kind}:${key.id}`) ?? []);
}
