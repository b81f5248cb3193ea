import { z } from 'zod/mini';
import { isoDay, transactionTypes } from '../../../contract/transaction-filters';
import type { TransactionsFilter } from '../../../contract/transactions';
import { droppedIfBad } from '../../dropped-if-bad';

/** How many rows a page of the statement shows. */
export const transactionsPageSize = 50;

/**
 * The screen's filters and page in the URL (`?type=deposit&from=2026-11-01&to=2026-11-30&q=visa&page=2`), so a
 * reload or a shared link shows the same rows. A value that does not validate is dropped, never an error page.
 */
export const transactionsSearchSchema = z.object({
  type: droppedIfBad(z.enum(transactionTypes)),
  from: droppedIfBad(isoDay),
  to: droppedIfBad(isoDay),
  q: droppedIfBad(z.string().check(z.maxLength(200))),
  page: droppedIfBad(z.coerce.number().check(z.int(), z.gte(1), z.lte(200_000))),
});
export type TransactionsSearch = z.output<typeof transactionsSearchSchema>;

/** The filters the URL holds, as the list and the export take them (a reversed date range is put in order). */
export function filterOfSearch(search: TransactionsSearch): Partial<TransactionsFilter> {
  const [from, to] = search.from && search.to && search.from > search.to ? [search.to, search.from] : [search.from, search.to];
  return {
    ...(search.type ? { type: search.type } : {}),
    ...(from ? { from } : {}),
    ...(to ? { to } : {}),
    ...(search.q?.trim() ? { q: search.q.trim() } : {}),
  };
}

/** The URL's page as the list call's query. */
export function queryOfSearch(search: TransactionsSearch): Partial<TransactionsFilter> & { offset: number; limit: number } {
  return { ...filterOfSearch(search), offset: ((search.page ?? 1) - 1) * transactionsPageSize, limit: transactionsPageSize };
}

export const hasFilters = (search: TransactionsSearch) => Object.keys(filterOfSearch(search)).length > 0;
