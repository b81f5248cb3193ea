import type { ExpandedState, RowData } from '@tanstack/react-table';
import type { DataTableRow } from './features';

/** A data row, or the detail panel of the expanded row above it. */
export type BodyItem<TData extends RowData> = { kind: 'row' | 'detail'; row: DataTableRow<TData>; index: number };

/**
 * The table body in display order: the rows, each followed by its detail panel when expanded. Items are made on
 * demand, so a 20,000-row body with nothing expanded allocates nothing per row when a page arrives; the keys are the
 * row ids themselves (no string built per row on each of the virtualizer's passes).
 */
export interface BodyItems<TData extends RowData> {
  count: number;
  at(index: number): BodyItem<TData> | undefined;
  /** Whether the item at `index` is a detail panel (asked for every item on each pass: allocates nothing). */
  isDetail(index: number): boolean;
  key(index: number): string;
}

/** `expanded`: the table's expansion state, or undefined when the table has no detail panels. */
export function bodyItems<TData extends RowData>(
  rows: readonly DataTableRow<TData>[],
  expanded: ExpandedState | undefined,
): BodyItems<TData> {
  // Asking each of 20,000 rows whether it is expanded costs a good part of a frame; with nothing expanded, none is.
  const anyExpanded = expanded === true || (expanded !== undefined && Object.keys(expanded).length > 0);
  if (!anyExpanded) {
    return {
      count: rows.length,
      at: (index) => {
        const row = rows[index];
        return row ? { kind: 'row', row, index } : undefined;
      },
      isDetail: () => false,
      key: (index) => rows[index]?.id ?? String(index),
    };
  }
  const list: BodyItem<TData>[] = [];
  rows.forEach((row, index) => {
    list.push({ kind: 'row', row, index });
    if (row.getIsExpanded()) list.push({ kind: 'detail', row, index });
  });
  return {
    count: list.length,
    at: (index) => list[index],
    isDetail: (index) => list[index]?.kind === 'detail',
    key: (index) => {
      const item = list[index];
      if (!item) return String(index);
      return item.kind === 'row' ? item.row.id : `detail:${item.row.id}`;
    },
  };
}
