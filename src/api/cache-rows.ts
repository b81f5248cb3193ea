import type { QueryKey } from '@tanstack/react-query';
import { keyParams } from '../api/keys';

/**
 * Reading and patching cached answers whatever their shape, so the realtime bindings can find "the lists that hold
 * brand 7" or "every list of subcategory 3" without knowing each screen's hook. The shapes are those of contract/:
 * a plain list (the exclusion lists), an object with a row collection (`{ brands, total }`, the categories answer's
 * `brands`/`equipments`, `{ equipments }`, `{ exclusions }`), or an infinite query's `{ pages: [...] }` of those.
 * Rows are never searched for nested collections (a brand's own `equipments` are not rows of the list).
 */

type Row = Record<string, unknown>;

export const collectionFields = ['brands', 'equipments', 'exclusions', 'events', 'models'] as const;
export type CollectionField = (typeof collectionFields)[number];

function isObject(value: unknown): value is Row {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isInfinite(data: Row): data is Row & { pages: unknown[] } {
  return Array.isArray(data.pages) && Array.isArray(data.pageParams);
}

/** The rows of a cached answer; `fields` limits which collections of an object answer count (default: all). */
export function rowsOf(data: unknown, fields: readonly CollectionField[] = collectionFields): Row[] {
  if (Array.isArray(data)) return data.filter(isObject);
  if (!isObject(data)) return [];
  if (isInfinite(data)) return data.pages.flatMap((page) => rowsOf(page, fields));
  return fields.flatMap((field) => {
    const rows = data[field];
    return Array.isArray(rows) ? rows.filter(isObject) : [];
  });
}

/**
 * The answer with each matching row replaced by `update(row)`; the same object (===) when no row matched, so an
 * unchanged cache entry does not re-render anything.
 */
export function mapRows<T>(
  data: T,
  matches: (row: Row) => boolean,
  update: (row: Row) => Row,
  fields: readonly CollectionField[] = collectionFields,
): T {
  const mapList = (list: unknown[]): unknown[] => {
    let changed = false;
    const next = list.map((row) => {
      if (!isObject(row) || !matches(row)) return row;
      changed = true;
      return update(row);
    });
    return changed ? next : list;
  };
  if (Array.isArray(data)) return mapList(data) as T;
  if (!isObject(data)) return data;
  if (isInfinite(data)) {
    const pages = data.pages.map((page) => mapRows(page, matches, update, fields));
    return pages.every((page, i) => page === data.pages[i]) ? data : ({ ...data, pages } as T);
  }
  let result: Row = data;
  for (const field of fields) {
    const rows = data[field];
    if (!Array.isArray(rows)) continue;
    const next = mapList(rows);
    if (next !== rows) result = { ...result, [field]: next };
  }
  return result as T;
}

/**
 * Whether a cached query is about one of these subcategories: by its key (`subcategory_id` or `subcategory`, the
 * name, among its named parts: a brands page, an equipment brands list, a scoped answer), or by its rows (a brand or
 * an equipment item of the subcategory, e.g. a brand's detail or an equipment list by brand).
 */
export function mentionsSubcategory(
  queryKey: QueryKey,
  data: unknown,
  ids: ReadonlySet<number>,
  names: ReadonlySet<string> = new Set(),
): boolean {
  const params = keyParams(queryKey);
  if (typeof params?.subcategory_id === 'number' && ids.has(params.subcategory_id)) return true;
  if (typeof params?.subcategory === 'string' && names.has(params.subcategory)) return true;
  return rowsOf(data, ['brands', 'equipments', 'exclusions', 'models']).some(
    (row) => typeof row.subcategory_id === 'number' && ids.has(row.subcategory_id),
  );
}
