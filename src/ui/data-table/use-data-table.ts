import { useTable, type ReactTable, type RowData, type TableOptions } from '@tanstack/react-table';
import type { UrlTableState } from '../use-url-table-state';
import { dataTableFeatures, type DataTableFeatures } from './features';

export type DataTable<TData extends RowData> = ReactTable<DataTableFeatures, TData>;

export type DataTableOptions<TData extends RowData> = Omit<TableOptions<DataTableFeatures, TData>, 'features'> & {
  /** Sorting and filtering happen on the server (paged data): the table shows rows in the order given. */
  serverSide?: boolean;
  /** Sort and quick filter kept in the URL (`useUrlTableState`). */
  urlState?: UrlTableState;
};

/**
 * `useTable` with the app's feature set and defaults: one column sorted at a time, a quick filter matching text in
 * any column ("includesString"), and expansion kept when new rows arrive (paged data appends pages).
 * Keep `columns` and `data` referentially stable (module constants, useMemo, the query's data).
 */
export function useDataTable<TData extends RowData>({ serverSide = false, urlState, state, ...options }: DataTableOptions<TData>): DataTable<TData> {
  return useTable<DataTableFeatures, TData>({
    features: dataTableFeatures,
    enableMultiSort: false,
    globalFilterFn: 'includesString',
    autoResetExpanded: false,
    manualSorting: serverSide,
    manualFiltering: serverSide,
    ...(urlState
      ? {
          onSortingChange: urlState.onSortingChange,
          onGlobalFilterChange: urlState.onGlobalFilterChange,
          enableSortingRemoval: urlState.enableSortingRemoval,
        }
      : {}),
    ...options,
    state: {
      ...(urlState ? { sorting: urlState.sorting, globalFilter: urlState.globalFilter } : {}),
      ...state,
    },
  });
}
