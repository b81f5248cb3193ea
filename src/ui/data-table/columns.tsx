import type { RowData } from '@tanstack/react-table';
import type { DataTableColumn, DataTableRow } from './features';

/**
 * Ready-made columns for the DataTable: a row checkbox and a row expander. Both are display columns that cannot be
 * sorted, hidden, filtered on or resized, pinned at the left edge (before the pinned name column).
 */

/**
 * A checkbox per row (`rowSelectionFeature`), and one in the header that ticks every row shown that can be ticked
 * (mixed while some are). Disabled where `enableRowSelection` says the row cannot be selected.
 * The table's `rowSelection` state may be controlled elsewhere (e.g. the zustand selection store).
 */
export function selectionColumn<TData extends RowData>({
  label,
  header = 'Select',
}: {
  /** The checkbox's accessible name, e.g. `row => \`Select ${row.original.name}\`` */
  label: (row: DataTableRow<TData>) => string;
  /** The column's name, and the header checkbox's (e.g. "Select brands": it ticks every brand shown). */
  header?: string;
}): DataTableColumn<TData> {
  return {
    id: 'select',
    header: ({ table }) => (
      <input
        type="checkbox"
        className="data-table__checkbox"
        aria-label={header}
        checked={table.getIsAllPageRowsSelected()}
        ref={(box) => {
          if (box) box.indeterminate = table.getIsSomePageRowsSelected();
        }}
        disabled={!table.getRowModel().rows.some((row) => row.getCanSelect())}
        onChange={table.getToggleAllPageRowsSelectedHandler()}
      />
    ),
    cell: ({ row }) => (
      <input
        type="checkbox"
        className="data-table__checkbox"
        aria-label={label(row)}
        checked={row.getIsSelected()}
        disabled={!row.getCanSelect()}
        onChange={row.getToggleSelectedHandler()}
      />
    ),
    enableSorting: false,
    enableHiding: false,
    enableGlobalFilter: false,
    meta: { label: header, width: '44px', className: 'data-table__cell--control', pin: 'left', resizable: false },
  };
}

/** A disclosure button per row that opens the DataTable's `renderSubRow` panel below it. */
export function expanderColumn<TData extends RowData>({
  label,
  header = 'Details',
}: {
  /** The button's accessible name, e.g. `row => \`Equipment of ${row.original.name}\`` (its state is aria-expanded). */
  label: (row: DataTableRow<TData>) => string;
  header?: string;
}): DataTableColumn<TData> {
  return {
    id: 'expand',
    header: () => <span className="sr-only">{header}</span>,
    cell: ({ row }) =>
      row.getCanExpand() ? (
        <button
          type="button"
          className="icon-button data-table__expander"
          aria-label={label(row)}
          aria-expanded={row.getIsExpanded()}
          onClick={row.getToggleExpandedHandler()}
        >
          <span aria-hidden="true" className="data-table__chevron">
            ›
          </span>
        </button>
      ) : null,
    enableSorting: false,
    enableHiding: false,
    enableGlobalFilter: false,
    meta: { label: header, width: '44px', className: 'data-table__cell--control', pin: 'left', resizable: false },
  };
}
