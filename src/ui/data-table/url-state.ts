import { z } from 'zod/mini';
import type { SortingState } from '@tanstack/react-table';
import { droppedIfBad } from '../../dropped-if-bad';

/**
 * A grid's sort and quick filter as URL search params (docs/product.md#grids): `?sort=name&dir=desc&q=acme`, and the
 * columns a shared link or a saved view shows (docs/decisions/0010-saved-views.md): `&cols=name,status,created_at`.
 * Routes validate them with `tableSearchSchema` (or extend it); a bad value is dropped, never an error page.
 * zod/mini: every route's search schema is in the entry chunk, which the login route loads (docs/figures.md).
 */
export const tableSearchSchema = z.object({
  sort: droppedIfBad(z.string().check(z.trim(), z.minLength(1), z.maxLength(64))),
  dir: droppedIfBad(z.enum(['asc', 'desc'])),
  q: droppedIfBad(z.string().check(z.maxLength(200))),
  cols: droppedIfBad(z.string().check(z.trim(), z.minLength(1), z.maxLength(2000))),
  /** A grid of generated items' review filter (contract/review.ts `reviewStates`; not imported: this is the entry chunk). */
  review: droppedIfBad(z.enum(['unreviewed', 'accepted', 'rejected'])),
});
export type TableSearch = z.output<typeof tableSearchSchema>;

export interface SortDefault {
  id: string;
  desc: boolean;
}

/**
 * The table's sorting from the URL. A `sort` that is not one of `sortable` falls back to `fallback` (so a stale or
 * hand-edited link never sends the server a column it refuses); no `sort` at all also means `fallback`.
 */
export function sortingFromSearch(
  search: Pick<TableSearch, 'sort' | 'dir'>,
  sortable: readonly string[],
  fallback?: SortDefault,
): SortingState {
  if (search.sort !== undefined && sortable.includes(search.sort)) {
    return [{ id: search.sort, desc: search.dir === 'desc' }];
  }
  return fallback ? [{ id: fallback.id, desc: fallback.desc }] : [];
}

/**
 * The URL params for a sorting; the default sort leaves the URL clean. (With a default sort the grid does not let
 * sorting be removed, so an empty sorting only happens without one.)
 */
export function searchFromSorting(sorting: SortingState, fallback?: SortDefault): Pick<TableSearch, 'sort' | 'dir'> {
  const first = sorting[0];
  if (!first) return { sort: undefined, dir: undefined };
  if (fallback && first.id === fallback.id && first.desc === fallback.desc) return { sort: undefined, dir: undefined };
  return { sort: first.id, dir: first.desc ? 'desc' : 'asc' };
}

/** The quick filter as kept in the URL: trimmed; empty means absent. */
export function filterToSearch(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  return trimmed === '' ? undefined : trimmed.slice(0, 200);
}

/** The visible columns a `cols` param names, in order (each once); none: the operator's own columns apply. */
export function columnsFromSearch(cols: string | undefined): string[] | undefined {
  const ids = [
    ...new Set(
      (cols ?? '')
        .split(',')
        .map((id) => id.trim())
        .filter((id) => id !== '' && id.length <= 64),
    ),
  ].slice(0, 64);
  return ids.length > 0 ? ids : undefined;
}

/** The `cols` param of the visible columns, in order. */
export function columnsToSearch(ids: readonly string[]): string | undefined {
  return ids.length > 0 ? ids.join(',') : undefined;
}
