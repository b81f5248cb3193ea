/**
 * Where a key moves the focus in a grid (docs/product.md#grids, the WAI-ARIA grid pattern), on the grid's shape alone:
 * rows of cells, each cell holding one or more focus stops (a plain cell is one stop; a cell of widgets, such as a
 * row's History button and its menu, has one stop per widget). Left and Right walk the row's stops, Up and Down keep
 * the cell, Home and End go to the row's ends (with Ctrl, the grid's), Page Up and Page Down move a page of rows.
 */

export interface GridPosition {
  row: number;
  cell: number;
  item: number;
}

/** The grid's rows, each a list of its cells' stop counts (every cell has at least one). */
export type GridShape = readonly (readonly number[])[];

export const gridMoveKeys = ['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'Home', 'End', 'PageUp', 'PageDown'] as const;
export type GridMoveKey = (typeof gridMoveKeys)[number];

export const isGridMoveKey = (key: string): key is GridMoveKey => (gridMoveKeys as readonly string[]).includes(key);

const clamp = (value: number, max: number) => Math.max(0, Math.min(value, max));

/** The nearest existing position: the same row, cell and stop where they still exist, else the last before them. */
export function clampPosition(shape: GridShape, position: GridPosition): GridPosition | null {
  if (shape.length === 0) return null;
  const row = clamp(position.row, shape.length - 1);
  const cells = shape[row] ?? [];
  if (cells.length === 0) return null;
  const cell = clamp(position.cell, cells.length - 1);
  return { row, cell, item: clamp(position.item, (cells[cell] ?? 1) - 1) };
}

/** The row's stops in order, as positions. */
function stopsOf(shape: GridShape, row: number): GridPosition[] {
  return (shape[row] ?? []).flatMap((count, cell) => Array.from({ length: count }, (_, item) => ({ row, cell, item })));
}

/** The position `key` moves to from `from` (unchanged at an edge: the focus never wraps or leaves the grid). */
export function moveInGrid(
  shape: GridShape,
  from: GridPosition,
  key: GridMoveKey,
  { ctrl = false, pageRows = 10 }: { ctrl?: boolean; pageRows?: number } = {},
): GridPosition {
  const here = clampPosition(shape, from);
  if (!here) return from;
  const stops = stopsOf(shape, here.row);
  const index = stops.findIndex((stop) => stop.cell === here.cell && stop.item === here.item);
  const inRow = (row: number, end: 'first' | 'last') => {
    const rowStops = stopsOf(shape, row);
    return (end === 'first' ? rowStops[0] : rowStops.at(-1)) ?? here;
  };
  const toRow = (row: number) => clampPosition(shape, { ...here, row: clamp(row, shape.length - 1) }) ?? here;
  switch (key) {
    case 'ArrowLeft':
      return stops[Math.max(0, index - 1)] ?? here;
    case 'ArrowRight':
      return stops[Math.min(stops.length - 1, index + 1)] ?? here;
    case 'ArrowUp':
      return toRow(here.row - 1);
    case 'ArrowDown':
      return toRow(here.row + 1);
    case 'PageUp':
      return toRow(here.row - pageRows);
    case 'PageDown':
      return toRow(here.row + pageRows);
    case 'Home':
      return inRow(ctrl ? 0 : here.row, 'first');
    case 'End':
      return inRow(ctrl ? shape.length - 1 : here.row, 'last');
  }
}
