import { infiniteQueryOptions, useInfiniteQuery, type InfiniteData, type QueryKey } from '@tanstack/react-query';
import type { ReviewState } from '../../contract/review';

/**
 * A list the server pages, sorts and filters (GET /api/brands, GET /api/events: extensions of docs/product.md#calls),
 * read as one infinite query per scope (a subcategory, a category): the grid asks the next page as the operator nears
 * the loaded end.
 */

/** A list's sort, quick filter and review filter, as the grid's URL holds them (docs/product.md#grids). */
export interface PagedListParams<SortField extends string> {
  q?: string;
  sort?: SortField;
  dir?: 'asc' | 'desc';
  review?: ReviewState;
}

/** What a page request sends beside the list's scope: the filter (none when empty), the sort, which rows. */
export interface PageQuery<SortField extends string> {
  offset: number;
  limit: number;
  q: string | undefined;
  sort: SortField | undefined;
  dir: 'asc' | 'desc' | undefined;
  review: ReviewState | undefined;
}

/** A page of rows, and how many rows match in all. */
type ListPage = { total: number };

export interface PagedListSpec<Page extends ListPage, Row, SortField extends string, Key extends QueryKey> {
  /** Where a page's rows are (`brands`, `events`). */
  rowsOf: (page: Page) => Row[];
  /** Rows a page (the server allows up to 500). */
  pageSize: number;
  queryKey: (scopeId: number, params: PagedListParams<SortField>) => Key;
  /** Asks one page of the list of `scopeId`. */
  fetchPage: (scopeId: number, query: PageQuery<SortField>, signal?: AbortSignal) => Promise<Page>;
}

/** The offset of the page after `pages`, or undefined when every row is loaded (an empty page ends the list too). */
function nextPageOffset<Page extends ListPage>(pages: readonly Page[], rowsOf: (page: Page) => readonly unknown[]): number | undefined {
  const loaded = pages.reduce((sum, page) => sum + rowsOf(page).length, 0);
  const last = pages.at(-1);
  if (!last) return 0;
  return loaded < last.total && rowsOf(last).length > 0 ? loaded : undefined;
}

/** A paged list's page request, next offset, infinite query and loaded rows, from what tells it apart. */
export function pagedList<Page extends ListPage, Row, SortField extends string, Key extends QueryKey>(
  spec: PagedListSpec<Page, Row, SortField, Key>,
) {
  const getPage = (scopeId: number, params: PagedListParams<SortField> & { offset: number; limit: number }, signal?: AbortSignal) => {
    const { offset, limit, sort, dir, review } = params;
    return spec.fetchPage(scopeId, { offset, limit, q: params.q || undefined, sort, dir, review }, signal);
  };
  const nextOffset = (pages: readonly Page[]): number | undefined => nextPageOffset(pages, spec.rowsOf);
  const queryOptions = (scopeId: number, params: PagedListParams<SortField> = {}) =>
    infiniteQueryOptions({
      queryKey: spec.queryKey(scopeId, params),
      queryFn: ({ pageParam, signal }) => getPage(scopeId, { ...params, offset: pageParam, limit: spec.pageSize }, signal),
      initialPageParam: 0,
      getNextPageParam: (_last, pages) => nextOffset(pages),
    });
  /** Every row loaded so far, in order. */
  const loaded = (data: InfiniteData<Page> | undefined): Row[] => (data ? data.pages.flatMap(spec.rowsOf) : []);
  return { getPage, nextOffset, queryOptions, loaded };
}

/** One scope's list, a page at a time (`fetchNextPage` as the operator scrolls); disabled while the scope is `null`. */
export function usePagedList<Page extends ListPage, Row, SortField extends string, Key extends QueryKey>(
  list: ReturnType<typeof pagedList<Page, Row, SortField, Key>>,
  scopeId: number | null,
  params: PagedListParams<SortField>,
) {
  return useInfiniteQuery({ ...list.queryOptions(scopeId ?? 0, params), enabled: scopeId !== null });
}
