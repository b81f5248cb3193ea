import type { Column, Header, RowData } from '@tanstack/react-table';
import type { KeyboardEvent } from 'react';
import { gridColumnWidth } from '../../../contract/grid-settings';
import type { DataTableFeatures } from './features';
import { columnLabel } from './labels';
import type { DataTable } from './use-data-table';

/** Keys that resize a column from its handle: arrows by 10 px (Shift: 50), Home back to the designed width. */
function onResizeKey<TData extends RowData>(
  table: DataTable<TData>,
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
export function ResizeHandle<TData extends RowData>({
  table,
  header,
}: {
  table: DataTable<TData>;
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
