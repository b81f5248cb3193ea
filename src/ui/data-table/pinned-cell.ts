import type { Column, RowData } from '@tanstack/react-table';
import type { CSSProperties } from 'react';
import type { DataTableFeatures } from './features';

/**
 * Where a pinned column's cells stick (docs/product.md#grids): the name at the left edge, the Actions at the right, the
 * columns between scrolling under them. The offsets are the widths of the pinned columns before (after) it.
 */
export function pinnedCell<TData extends RowData>(
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
