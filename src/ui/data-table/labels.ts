import type { Column, RowData } from '@tanstack/react-table';
import type { DataTableFeatures } from './features';

/** A column's name in words: its meta label, else its text header, else its id. */
export function columnLabel<TData extends RowData>(column: Column<DataTableFeatures, TData, unknown>): string {
  const header = column.columnDef.header;
  return column.columnDef.meta?.label ?? (typeof header === 'string' ? header : column.id);
}

export type AriaSort = 'ascending' | 'descending' | 'none';

/** The aria-sort of a sortable column header. */
export function ariaSort(sorted: false | 'asc' | 'desc'): AriaSort {
  if (sorted === 'asc') return 'ascending';
  if (sorted === 'desc') return 'descending';
  return 'none';
}
