import type { RowData } from '@tanstack/react-table';
import type { ReviewState } from '../../../contract/review';
import type { SavedViewState } from '../../../contract/saved-views';
import type { DataTableInstance, UrlTableState } from '../../ui/data-table';

/**
 * The grid as it is now, as a view: its quick filter, sort and review filter (from the URL) and its visible columns
 * in order.
 */
export function currentViewState<TData extends RowData>(
  table: DataTableInstance<TData>,
  urlState: UrlTableState,
  review?: ReviewState,
): SavedViewState {
  const { q, sort, dir } = urlState.params;
  return {
    ...(q ? { q } : {}),
    ...(sort ? { sort, dir: dir ?? 'asc' } : {}),
    ...(review ? { review } : {}),
    columns: table.getVisibleLeafColumns().map((column) => column.id),
  };
}

/** Whether two views show the same grid (the view in use is the one the grid shows now). */
export function sameViewState(a: SavedViewState, b: SavedViewState): boolean {
  return (
    (a.q ?? '') === (b.q ?? '') &&
    a.review === b.review &&
    a.sort === b.sort &&
    (a.sort === undefined || (a.dir ?? 'asc') === (b.dir ?? 'asc')) &&
    a.columns.length === b.columns.length &&
    a.columns.every((id, index) => b.columns[index] === id)
  );
}
