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
import type { Column, Header, RowData } from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useId, useMemo, useState, type CSSProperties, type KeyboardEvent, type ReactNode } from 'react';
import { gridColumnWidth } from '../../contract/grid-settings';
import { bodyItems, type BodyItem, type BodyItems } from './data-table/body-items';
import { ColumnMenu } from './data-table/column-menu';
import type { DataTableFeatures, DataTableRow } from './data-table/features';
import { ariaSort, columnLabel } from './data-table/labels';
import { QuickFilter } from './data-table/quick-filter';
import type { DataTable as DataTableInstance } from './data-table/use-data-table';
import { Spinner } from './spinner';
import './data-table/data-table.css';

export { dataTableColumns, type DataTableRow } from './data-table/features';
export { expanderColumn, selectionColumn } from './data-table/columns';
export { formatCount, formatDay } from './data-table/format';
export { DateTimeCell, EmptyCell, TextCell, TruncatedText } from './data-table/cells';
export { useDataTable, type DataTable as DataTableInstance } from './data-table/use-data-table';
export { useUrlTableState, type UrlTableState } from './use-url-table-state';
export { ExportMenu } from './data-table/export-menu';

export interface DataTableProps<TData extends RowData> {
  table: DataTableInstance<TData>;
  /** The table's accessible name (a visually hidden caption; also names the scroll region). */
  caption: string;
  /** Shown in the body when there are no rows (e.g. nothing matches the filter). */
  emptyText: ReactNode;
  /** First load: a spinner in the body. */
  loading?: boolean;
  /** Another page is loading: a spinner row at the end. */
  loadingMore?: boolean;
  /** A failure, shown in the body instead of rows (as an alert). */
  error?: ReactNode;
  /** Render only the rows in view (long lists). */
  virtualize?: boolean;
  /** The expected height of a row in px before it is measured (virtualised lists). */
  estimateRowHeight?: number;
  /** The scroll box's maximum height (CSS); the header sticks to its top. */
  maxHeight?: string;
  /** Called when the last rows come into view (load the next page; guard against double calls yourself). */
  onEndReached?: () => void;
  /** The detail panel of an expanded row, in a full-width row below it. */
  renderSubRow?: (row: DataTableRow<TData>) => ReactNode;
  /** How many rows exist in all (a server total), for assistive technology and the summary. */
  rowCount?: number;
  /** The quick filter's label, or false for none. */
  filterLabel?: string | false;
  filterPlaceholder?: string;
  /** The column visibility menu (default on). */
  columnMenu?: boolean;
  /** Text or controls at the start of the toolbar (e.g. "1,234 brands"). */
  summary?: ReactNode;
  /** Controls at the end of the toolbar. */
  actions?: ReactNode;
  /** The grid's saved-views menu (docs/decisions/0010-saved-views.md), just before the Columns menu. */
  views?: ReactNode;
  getRowClassName?: (row: DataTableRow<TData>) => string | undefined;
}

/**
 * Where a pinned column's cells stick (docs/product.md#grids): the name at the left edge, the Actions at the right, the
 * columns between scrolling under them. The offsets are the widths of the pinned columns before (after) it.
 */
function pinnedCell<TData extends RowData>(
  column: Column<DataTableFeatures, TData, unknown>,
  className: string | undefined,
): { className?: string; style?: CSSProperties } {
  const side = column.getIsPinned();
  if (side === 'start') {
    const edge = column.getIsLastColumn('start') ? ' data-table__pinned--edge' : '';
    return {
      className: `data-table__pinned data-table__pinned--left${edge} ${className ?? ''}`.trim(),
      style: { left: column.getStart('start') },
    };
  }
  if (side === 'end') {
    const edge = column.getIsFirstColumn('end') ? ' data-table__pinned--edge' : '';
    return {
      className: `data-table__pinned data-table__pinned--right${edge} ${className ?? ''}`.trim(),
      style: { right: column.getAfter('end') },
    };
  }
  return className ? { className } : {};
}

/** Keys that resize a column from its handle: arrows by 10 px (Shift: 50), Home back to the designed width. */
function onResizeKey<TData extends RowData>(
  table: DataTableInstance<TData>,
  column: Column<DataTableFeatures, TData, unknown>,
  event: KeyboardEvent,
) {
  const step = event.shiftKey ? 50 : 10;
  const by =
    event.key === 'ArrowRight' || event.key === 'ArrowUp' ? step : event.key === 'ArrowLeft' || event.key === 'ArrowDown' ? -step : 0;
  if (event.key === 'Home') {
    event.preventDefault();
    column.resetSize();
    return;
  }
  if (by === 0) return;
  event.preventDefault();
  const size = Math.min(gridColumnWidth.max, Math.max(gridColumnWidth.min, Math.round(column.getSize() + by)));
  table.setColumnSizing((old) => ({ ...old, [column.id]: size }));
}

/** The drag (and key) handle on a column header's right edge: a labelled, focusable vertical separator. */
function ResizeHandle<TData extends RowData>({
  table,
  header,
}: {
  table: DataTableInstance<TData>;
  header: Header<DataTableFeatures, TData, unknown>;
}) {
  const column = header.column;
  const size = Math.round(column.getSize());
  const resize = header.getResizeHandler();
  return (
    <div
      role="separator"
      aria-orientation="vertical"
      aria-label={`Resize ${columnLabel(column)}`}
      aria-valuenow={size}
      aria-valuemin={gridColumnWidth.min}
      aria-valuemax={gridColumnWidth.max}
      aria-valuetext={`${size} pixels`}
      tabIndex={0}
      className="data-table__resizer"
      data-resizing={column.getIsResizing() || undefined}
      onMouseDown={resize}
      onTouchStart={resize}
      onDoubleClick={() => column.resetSize()}
      onKeyDown={(event) => onResizeKey(table, column, event)}
      title="Drag to resize; arrow keys when focused"
    />
  );
}

export function DataTable<TData extends RowData>(props: DataTableProps<TData>) {
  const {
    table,
    caption,
    filterLabel = 'Filter',
    filterPlaceholder,
    columnMenu = true,
    summary,
    actions,
    views,
    maxHeight = 'min(70vh, 760px)',
  } = props;
  const captionId = useId();
  // The visible width of the scroll box, for the parts of the body that span every column (detail panels, empty and
  // error texts): they stay in view at the left while a wide grid is scrolled (written as a CSS variable, no render).
  const [scrollElement, setScrollElement] = useState<HTMLDivElement | null>(null);
  useEffect(() => {
    if (!scrollElement) return;
    const observer = new ResizeObserver(() => scrollElement.style.setProperty('--data-table-view', `${scrollElement.clientWidth}px`));
    observer.observe(scrollElement);
    return () => observer.disconnect();
  }, [scrollElement]);
  // State, not a ref: the virtualizer needs a render once the scroll box exists (its rows mount before the box's ref
  // is attached, so with cached data nothing else would render them again).
  const { sorting, globalFilter } = table.state;

  // A new order or filter starts at the top.
  useEffect(() => {
    scrollElement?.scrollTo({ top: 0 });
  }, [scrollElement, sorting, globalFilter]);

  const showToolbar = filterLabel !== false || columnMenu || summary !== undefined || actions !== undefined || views !== undefined;
  const headerGroups = table.getHeaderGroups();
  const visibleColumns = table.getVisibleLeafColumns();

  return (
    <div className="data-table">
      {showToolbar ? (
        <div className="data-table__toolbar">
          {filterLabel !== false ? (
            <QuickFilter
              label={filterLabel}
              placeholder={filterPlaceholder}
              value={typeof globalFilter === 'string' ? globalFilter : ''}
              onChange={(value) => table.setGlobalFilter(value)}
            />
          ) : null}
          {summary !== undefined ? <div className="data-table__summary">{summary}</div> : null}
          <div className="data-table__actions">
            {actions}
            {views}
            {columnMenu ? <ColumnMenu table={table} /> : null}
          </div>
        </div>
      ) : null}
      <div
        ref={setScrollElement}
        className="data-table__scroll"
        style={{ maxHeight }}
        role="region"
        aria-labelledby={captionId}
        // A scroll box must be reachable by keyboard to scroll it.
        tabIndex={0}
      >
        <table
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
          <thead>
            {headerGroups.map((group) => (
              <tr key={group.id} aria-rowindex={props.virtualize ? 1 : undefined}>
                {group.headers.map((header) => {
                  const column = header.column;
                  const canSort = column.getCanSort();
                  const sorted = column.getIsSorted();
                  const content = header.isPlaceholder ? null : <table.FlexRender header={header} />;
                  return (
                    <th
                      key={header.id}
                      scope="col"
                      colSpan={header.colSpan}
                      aria-sort={canSort ? ariaSort(sorted) : undefined}
                      // Named by the column alone: the resize handle's own label is not part of the header's name.
                      aria-label={column.getCanResize() ? columnLabel(column) : undefined}
                      {...pinnedCell(column, column.columnDef.meta?.className)}
                    >
                      {canSort ? (
                        <button
                          type="button"
                          className="data-table__sort"
                          onClick={column.getToggleSortingHandler()}
                          title={`Sort by ${columnLabel(column)}`}
                        >
                          <span>{content}</span>
                          <span className="data-table__sort-icon" data-sorted={sorted || undefined} aria-hidden="true">
                            {sorted === 'desc' ? '▼' : sorted === 'asc' ? '▲' : '↕'}
                          </span>
                        </button>
                      ) : (
                        content
                      )}
                      {column.getCanResize() ? <ResizeHandle table={table} header={header} /> : null}
                    </th>
                  );
                })}
              </tr>
            ))}
          </thead>
          <DataTableBody {...props} scrollElement={scrollElement} columnCount={visibleColumns.length} />
        </table>
      </div>
    </div>
  );
}

function DataTableBody<TData extends RowData>(
  props: DataTableProps<TData> & { scrollElement: HTMLDivElement | null; columnCount: number },
) {
  const { table, renderSubRow, loading, error, emptyText, columnCount } = props;
  const rows = table.getRowModel().rows;
  const expanded = table.state.expanded;

  const items = useMemo(() => bodyItems(rows, renderSubRow ? expanded : undefined), [rows, renderSubRow, expanded]);

  if (error) {
    return (
      <StatusRow columnCount={columnCount}>
        {
          <div role="alert" className="data-table__error">
            {error}
          </div>
        }
      </StatusRow>
    );
  }
  if (rows.length === 0) {
    return (
      <StatusRow columnCount={columnCount}>
        {loading ? <Spinner label="Loading" /> : <span className="data-table__empty">{emptyText}</span>}
      </StatusRow>
    );
  }
  return props.virtualize ? <VirtualRows {...props} items={items} /> : <PlainRows {...props} items={items} />;
}

type RowsProps<TData extends RowData> = DataTableProps<TData> & {
  scrollElement: HTMLDivElement | null;
  columnCount: number;
  items: BodyItems<TData>;
};

function VirtualRows<TData extends RowData>({
  items,
  scrollElement,
  estimateRowHeight = 48,
  onEndReached,
  columnCount,
  loadingMore,
  ...props
}: RowsProps<TData>) {
  // Stable callbacks: the virtualizer recomputes every row's position when they change (O(rows) per render).
  const estimateSize = useCallback(
    (index: number) => (items.isDetail(index) ? estimateRowHeight * 4 : estimateRowHeight),
    [items, estimateRowHeight],
  );
  const getScrollElement = useCallback(() => scrollElement, [scrollElement]);
  // Without flushSync a scroll's re-render is batched by React instead of forcing a synchronous render (and layout)
  // inside the scroll handler. The virtualizer is a mutable object by design; React Compiler must not memoise around it.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: items.count,
    getScrollElement,
    estimateSize,
    getItemKey: items.key,
    overscan: 8,
    useFlushSync: false,
  });
  const virtualItems = virtualizer.getVirtualItems();
  const lastIndex = virtualItems.at(-1)?.index ?? -1;

  useEffect(() => {
    if (onEndReached && items.count > 0 && lastIndex >= items.count - 5) onEndReached();
  }, [lastIndex, items.count, onEndReached]);

  const first = virtualItems[0];
  const last = virtualItems.at(-1);
  const paddingTop = first ? first.start : 0;
  const paddingBottom = last ? virtualizer.getTotalSize() - last.end : 0;

  return (
    <tbody>
      {paddingTop > 0 ? <SpacerRow height={paddingTop} columnCount={columnCount} /> : null}
      {virtualItems.map((virtualItem) => {
        const item = items.at(virtualItem.index);
        if (!item) return null;
        return (
          <BodyRow
            key={virtualItem.key}
            {...props}
            item={item}
            columnCount={columnCount}
            measureRef={virtualizer.measureElement}
            dataIndex={virtualItem.index}
          />
        );
      })}
      {paddingBottom > 0 ? <SpacerRow height={paddingBottom} columnCount={columnCount} /> : null}
      {loadingMore ? (
        <tr className="data-table__status-row">
          <td colSpan={columnCount}>
            <Spinner label="Loading more rows" size="sm" />
          </td>
        </tr>
      ) : null}
    </tbody>
  );
}

function PlainRows<TData extends RowData>({ items, scrollElement, onEndReached, columnCount, loadingMore, ...props }: RowsProps<TData>) {
  useEffect(() => {
    const element = scrollElement;
    if (!element || !onEndReached) return;
    const check = () => {
      if (element.scrollTop + element.clientHeight >= element.scrollHeight - 200) onEndReached();
    };
    check();
    element.addEventListener('scroll', check, { passive: true });
    return () => element.removeEventListener('scroll', check);
  }, [scrollElement, onEndReached, items.count]);

  return (
    <tbody>
      {Array.from({ length: items.count }, (_, index) => {
        const item = items.at(index);
        return item ? <BodyRow key={items.key(index)} {...props} item={item} columnCount={columnCount} /> : null;
      })}
      {loadingMore ? (
        <tr className="data-table__status-row">
          <td colSpan={columnCount}>
            <Spinner label="Loading more rows" size="sm" />
          </td>
        </tr>
      ) : null}
    </tbody>
  );
}

function BodyRow<TData extends RowData>({
  table,
  item,
  columnCount,
  renderSubRow,
  getRowClassName,
  virtualize,
  measureRef,
  dataIndex,
}: DataTableProps<TData> & {
  item: BodyItem<TData>;
  columnCount: number;
  measureRef?: (element: HTMLTableRowElement | null) => void;
  dataIndex?: number;
}) {
  const { row } = item;
  if (item.kind === 'detail') {
    return (
      <tr ref={measureRef} data-index={dataIndex} className="data-table__detail-row">
        <td colSpan={columnCount}>
          <div className="data-table__in-view">{renderSubRow?.(row)}</div>
        </td>
      </tr>
    );
  }
  const extra = getRowClassName?.(row);
  return (
    <tr
      ref={measureRef}
      data-index={dataIndex}
      aria-rowindex={virtualize ? item.index + 2 : undefined}
      data-selected={row.getIsSelected() || undefined}
      className={['data-table__row', row.getIsExpanded() ? 'data-table__row--expanded' : '', extra ?? ''].join(' ').trim()}
    >
      {row.getVisibleCells().map((cell) => (
        <td key={cell.id} {...pinnedCell(cell.column, cell.column.columnDef.meta?.className)}>
          <table.FlexRender cell={cell} />
        </td>
      ))}
    </tr>
  );
}

function SpacerRow({ height, columnCount }: { height: number; columnCount: number }) {
  return (
    <tr aria-hidden="true" className="data-table__spacer">
      <td colSpan={columnCount} style={{ height }} />
    </tr>
  );
}

function StatusRow({ columnCount, children }: { columnCount: number; children: ReactNode }) {
  return (
    <tbody>
      <tr className="data-table__status-row">
        <td colSpan={columnCount}>
          <div className="data-table__in-view">{children}</div>
        </td>
      </tr>
    </tbody>
  );
}
