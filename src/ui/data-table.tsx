/**
 * DataTable: the app's grid (docs/product.md#grids) on TanStack Table v9 and TanStack Virtual.
 *
 * It renders a real `<table>` (caption, column headers, rows) inside a scroll box with a sticky header, plus a
 * toolbar with a labelled quick filter, an optional saved-views menu (`views`) and a "Columns" visibility menu. Header buttons sort (aria-sort on the
 * `<th>`); rows may expand into a detail panel (`renderSubRow`); long lists are virtualised (`virtualize`: only the
 * rows in view plus a margin are in the DOM, spacer rows keep the scroll height) and can load more
 * (`onEndReached`).
 *
 * Usage, a client-side list (sorted and filtered in the browser):
 * ```tsx
 * // src/routes/dashboard.things.tsx
 * export const Route = createFileRoute('/dashboard/things')({ validateSearch: tableSearchSchema, component: Things });
 *
 * // the screen
 * const col = dataTableColumns<Thing>();
 * const columns = col.columns([                       // module scope: columns must be stable
 *   col.accessor('name', { header: 'Name' }),
 *   col.accessor('created_at', { header: 'Created At', cell: (c) => formatDate(c.getValue()), meta: { width: '180px' } }),
 *   col.display({ id: 'actions', header: 'Actions', cell: ({ row }) => <RowMenu thing={row.original} />, enableSorting: false }),
 * ]);
 * function Things() {
 *   const { data, isPending, error } = useThings();
 *   const urlState = useUrlTableState({ sortable: ['name', 'created_at'] });  // ?sort=&dir=&q= in the URL
 *   const table = useDataTable({ columns, data: data ?? noRows, getRowId: (t) => String(t.id), urlState });
 *   return <DataTable table={table} caption="Things" emptyText="No things found." loading={isPending} error={...} />;
 * }
 * ```
 * A paged server list: `useDataTable({ serverSide: true, urlState, ... })` (manual sorting and filtering: put
 * `urlState.params` in the query key and pass them to the server), then
 * `<DataTable virtualize rowCount={total} loadingMore={isFetchingNextPage}
 *   onEndReached={() => hasNextPage && !isFetchingNextPage && fetchNextPage()} ... />`.
 * Expansion: add `expanderColumn({ label })` and pass `getRowCanExpand: () => true` and `renderSubRow`.
 * Selection: add `selectionColumn({ label })`; control `state.rowSelection` + `onRowSelectionChange` if the
 * selection lives elsewhere; `enableRowSelection: (row) => ...` disables a row's checkbox.
 */
import type { RowData } from '@tanstack/react-table';
import { useId, useState } from 'react';
import type { DataTableProps } from './data-table/props';
import { TableHead } from './data-table/table-head';
import { DataTableBody } from './data-table/table-body';
import { Toolbar } from './data-table/toolbar';
import { useGridKeyboard } from './data-table/use-grid-keyboard';
import { useScrollBox } from './data-table/use-scroll-box';
import './data-table/data-table.css';

export { dataTableColumns, type DataTableRow } from './data-table/features';
export { expanderColumn, selectionColumn } from './data-table/columns';
export { formatCount, formatDay } from './data-table/format';
export { DateTimeCell, EmptyCell, TextCell, TruncatedText } from './data-table/cells';
export { useDataTable, type DataTable as DataTableInstance } from './data-table/use-data-table';
export { useUrlTableState, type UrlTableState } from './use-url-table-state';
export { ExportMenu } from './data-table/export-menu';
export { returnFocusToGrid } from './data-table/use-grid-keyboard';
export type { DataTableProps } from './data-table/props';

export function DataTable<TData extends RowData>(props: DataTableProps<TData>) {
  const { table, caption, maxHeight = 'min(70vh, 760px)' } = props;
  const captionId = useId();
  const { scrollElement, setScrollElement } = useScrollBox(table);
  const visibleColumns = table.getVisibleLeafColumns();
  const [tableElement, setTableElement] = useState<HTMLTableElement | null>(null);
  const gridKeys = useGridKeyboard(tableElement);

  return (
    <div className="data-table">
      <Toolbar {...props} />
      <div ref={setScrollElement} className="data-table__scroll" style={{ maxHeight }} role="region" aria-labelledby={captionId}>
        {/* The grid is the box's one Tab stop; focusing its cells scrolls the box (docs/product.md#grids). */}
        <table
          ref={setTableElement}
          role="grid"
          {...gridKeys}
          className="data-table__table"
          // As wide as its columns (the box scrolls), at least as wide as the box (the columns then share the rest).
          style={{ width: table.getTotalSize() }}
          aria-rowcount={props.virtualize ? (props.rowCount ?? table.getRowModel().rows.length) + 1 : undefined}
        >
          <caption id={captionId} className="sr-only">
            {caption}
          </caption>
          <colgroup>
            {visibleColumns.map((column) => (
              <col key={column.id} style={{ width: column.getSize() }} />
            ))}
          </colgroup>
          <TableHead table={table} virtualize={props.virtualize} />
          <DataTableBody {...props} scrollElement={scrollElement} columnCount={visibleColumns.length} />
        </table>
      </div>
    </div>
  );
}
