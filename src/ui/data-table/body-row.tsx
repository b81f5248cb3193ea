import type { RowData } from '@tanstack/react-table';
import type { ReactNode } from 'react';
import { Spinner } from '../spinner';
import type { BodyItem } from './body-items';
import { pinnedCell } from './pinned-cell';
import type { DataTableProps } from './props';

/** A data row, or the full-width detail panel of the expanded row above it. */
export function BodyRow<TData extends RowData>({
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

/** The height of the rows a virtualised body leaves out, above or below the rows in view. */
export function SpacerRow({ height, columnCount }: { height: number; columnCount: number }) {
  return (
    <tr aria-hidden="true" className="data-table__spacer">
      <td colSpan={columnCount} style={{ height }} />
    </tr>
  );
}

/** The spinner row at the end while another page loads. */
export function LoadingMoreRow({ columnCount }: { columnCount: number }) {
  return (
    <tr className="data-table__status-row">
      <td colSpan={columnCount}>
        <Spinner label="Loading more rows" size="sm" />
      </td>
    </tr>
  );
}

/** A body of one full-width row: the spinner of a first load, the empty text, or the error. */
export function StatusRow({ columnCount, children }: { columnCount: number; children: ReactNode }) {
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
