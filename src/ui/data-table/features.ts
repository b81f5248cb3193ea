import {
  columnFilteringFeature,
  columnOrderingFeature,
  columnPinningFeature,
  columnResizingFeature,
  columnSizingFeature,
  columnVisibilityFeature,
  createColumnHelper,
  createFilteredRowModel,
  createSortedRowModel,
  filterFn_includesString,
  globalFilteringFeature,
  metaHelper,
  rowExpandingFeature,
  rowSelectionFeature,
  rowSortingFeature,
  sortFn_alphanumeric,
  sortFn_basic,
  sortFn_datetime,
  sortFn_text,
  tableFeatures,
  type ColumnDef,
  type Row,
  type RowData,
} from '@tanstack/react-table';

/** What a column tells the DataTable beyond TanStack's own definition. */
export interface DataTableColumnMeta {
  /** The column's name where its header is not plain text (column menu, sort button). Defaults to the header. */
  label?: string;
  /**
   * The column's designed width in px ('230px'; the grid uses a fixed layout so columns do not jump while rows
   * scroll). The operator may drag it wider or narrower; `size` in the definition says the same as a number.
   */
  width?: string;
  /** Kept in view at the grid's left or right edge while the columns between scroll (the name, the Actions). */
  pin?: 'left' | 'right';
  /** Extra class on the column's cells (`data-table__cell--clamp` clamps long text to two lines). */
  className?: string;
  /** False: the operator cannot drag the column wider or narrower (a checkbox column). */
  resizable?: boolean;
  /**
   * The column repeats the page's scope (the same value on every row, e.g. the Category of one category's events):
   * while the operator has said nothing of it and the grid's box is narrower than its columns, it starts hidden and
   * waits in the Columns menu (docs/decisions/0023-scope-columns-yield-to-decision-columns.md).
   */
  scope?: boolean;
}

/**
 * The one feature set of every grid in the app (TanStack Table v9 registers features per table): sorting,
 * quick (global) filter, column visibility, order, sizing (and resizing by drag or keys), pinning (`meta.pin`),
 * row expansion and row selection. Client sorting/filtering run unless the
 * grid is server-side (`useDataTable({ serverSide: true })` sets manualSorting/manualFiltering).
 */
export const dataTableFeatures = tableFeatures({
  rowSortingFeature,
  columnFilteringFeature,
  globalFilteringFeature,
  columnVisibilityFeature,
  columnOrderingFeature,
  columnSizingFeature,
  columnResizingFeature,
  columnPinningFeature,
  rowExpandingFeature,
  rowSelectionFeature,
  filteredRowModel: createFilteredRowModel(),
  sortedRowModel: createSortedRowModel(),
  filterFns: { includesString: filterFn_includesString },
  sortFns: { alphanumeric: sortFn_alphanumeric, text: sortFn_text, datetime: sortFn_datetime, basic: sortFn_basic },
  columnMeta: metaHelper<DataTableColumnMeta>(),
});

export type DataTableFeatures = typeof dataTableFeatures;
export type DataTableColumn<TData extends RowData> = ColumnDef<DataTableFeatures, TData, unknown>;
export type DataTableRow<TData extends RowData> = Row<DataTableFeatures, TData>;

/** A typed column helper for a grid's rows: `const col = dataTableColumns<Brand>(); col.columns([col.accessor(...)])`. */
export function dataTableColumns<TData extends RowData>() {
  return createColumnHelper<DataTableFeatures, TData>();
}
