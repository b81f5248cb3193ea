import { functionalUpdate, type OnChangeFn, type SortingState } from '@tanstack/react-table';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useCallback, useMemo } from 'react';
import {
  columnsFromSearch,
  columnsToSearch,
  filterToSearch,
  searchFromSorting,
  sortingFromSearch,
  tableSearchSchema,
  type SortDefault,
  type TableSearch,
} from './data-table/url-state';

/** Reads sort/dir/q/cols from any route's search object; what does not validate is dropped. */
function readTableSearch(search: unknown): TableSearch {
  const parsed = tableSearchSchema.safeParse(search ?? {});
  return parsed.success ? parsed.data : {};
}

export interface UrlTableState {
  /** Controlled table state: pass to `useDataTable({ urlState })` (or spread into `state`). */
  sorting: SortingState;
  globalFilter: string;
  onSortingChange: OnChangeFn<SortingState>;
  onGlobalFilterChange: OnChangeFn<unknown>;
  /** False when a default sort exists: the grid then cycles asc/desc only, the URL never holds "no sort". */
  enableSortingRemoval: boolean;
  /** The same state as request params for a server-sorted list (put them in the query key). */
  params: { sort?: string; dir?: 'asc' | 'desc'; q?: string };
  /** The visible columns the URL names (`cols`, a shared link or an applied view); while present they apply. */
  columns: readonly string[] | undefined;
  /** Writes a whole view into the URL: quick filter, sort and visible columns (a new history entry). */
  applyView: (view: {
    q?: string;
    sort?: string;
    dir?: 'asc' | 'desc';
    review?: TableSearch['review'];
    columns?: readonly string[];
  }) => void;
  /** Takes the columns out of the URL (the operator arranged them: they are theirs now). */
  leaveColumns: () => void;
}

/** The sort when the URL has none, from the hook's `defaultSort` taken apart (its parts are stable dependencies). */
function sortDefault(id: string | undefined, desc: boolean | undefined): SortDefault | undefined {
  return id === undefined ? undefined : { id, desc: desc ?? false };
}

/** Writes a whole view into the URL: quick filter, sort, review filter and visible columns, as a new history entry. */
function useApplyView(sortable: readonly string[], defaultId: string | undefined, defaultDesc: boolean | undefined) {
  const navigate = useNavigate();
  return useCallback<UrlTableState['applyView']>(
    (view) => {
      const fallback = sortDefault(defaultId, defaultDesc);
      const viewSorting = sortingFromSearch({ sort: view.sort, dir: view.dir }, sortable, fallback);
      void navigate({
        to: '.',
        search: (previous: Record<string, unknown>) => ({
          ...previous,
          ...searchFromSorting(viewSorting, fallback),
          q: filterToSearch(view.q),
          review: view.review,
          cols: view.columns ? columnsToSearch(view.columns) : undefined,
        }),
      } as Parameters<typeof navigate>[0]);
    },
    [navigate, sortable, defaultId, defaultDesc],
  );
}

/**
 * Keeps a grid's sort (`sort`, `dir`) and quick filter (`q`) in the URL search params, so they survive a reload and
 * can be shared (docs/product.md#grids). The route declares them: `validateSearch: tableSearchSchema` (zod; extend it with
 * `.extend({...})` for other params). Changes replace the history entry rather than pushing one per keystroke.
 * A shared link or an applied saved view (docs/decisions/0010-saved-views.md) also names the visible columns (`cols`); applying a
 * view pushes a history entry, so Back returns to the grid as it was.
 *
 * @param sortable the column ids that may be sorted by (a `sort` param outside it is ignored)
 * @param defaultSort the sort when the URL has none (a server list's default order)
 */
export function useUrlTableState({ sortable, defaultSort }: { sortable: readonly string[]; defaultSort?: SortDefault }): UrlTableState {
  const search = useSearch({ strict: false, structuralSharing: true, select: readTableSearch });
  const navigate = useNavigate();
  const defaultId = defaultSort?.id;
  const defaultDesc = defaultSort?.desc;

  const sorting = useMemo(
    () => sortingFromSearch({ sort: search.sort, dir: search.dir }, sortable, sortDefault(defaultId, defaultDesc)),
    [search.sort, search.dir, sortable, defaultId, defaultDesc],
  );
  const globalFilter = search.q ?? '';

  const update = useCallback(
    (patch: Partial<TableSearch>) => {
      void navigate({
        to: '.',
        search: (previous: Record<string, unknown>) => ({ ...previous, ...patch }),
        replace: true,
      } as Parameters<typeof navigate>[0]);
    },
    [navigate],
  );

  const onSortingChange = useCallback<OnChangeFn<SortingState>>(
    (updater) => {
      update(searchFromSorting(functionalUpdate(updater, sorting), sortDefault(defaultId, defaultDesc)));
    },
    [update, sorting, defaultId, defaultDesc],
  );

  const onGlobalFilterChange = useCallback<OnChangeFn<unknown>>(
    (updater) => update({ q: filterToSearch(functionalUpdate(updater, globalFilter as unknown)) }),
    [update, globalFilter],
  );

  const columns = useMemo(() => columnsFromSearch(search.cols), [search.cols]);
  const leaveColumns = useCallback(() => update({ cols: undefined }), [update]);
  const applyView = useApplyView(sortable, defaultId, defaultDesc);

  const first = sorting[0];
  const params = useMemo(
    () => ({
      ...(first ? { sort: first.id, dir: first.desc ? ('desc' as const) : ('asc' as const) } : {}),
      ...(search.q ? { q: search.q } : {}),
    }),
    [first, search.q],
  );

  return {
    sorting,
    globalFilter,
    onSortingChange,
    onGlobalFilterChange,
    enableSortingRemoval: defaultId === undefined,
    params,
    columns,
    applyView,
    leaveColumns,
  };
}
