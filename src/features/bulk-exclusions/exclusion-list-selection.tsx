import type { RowSelectionState } from '@tanstack/react-table';
import { bulkIdsLimit } from '../../../contract/bulk-exclusions';
import type { BulkTarget } from '../../api/bulk-exclusions';
import type { DataTableInstance } from '../../ui/data-table';
import { BulkSelection } from './bulk-selection';
import type { Noun } from './bulk-texts';
import { useAllMatching } from './use-all-matching';

/** The ids ticked in a grid's row selection that are still among its rows (a row gone live is not acted on). */
export function pickedIds(rowSelection: RowSelectionState, rows: readonly { id: number }[]): number[] {
  const present = new Set(rows.map((row) => row.id));
  return Object.keys(rowSelection)
    .filter((id) => rowSelection[id])
    .map(Number)
    .filter((id) => present.has(id));
}

/**
 * An exclusion list's count, or its selection bar once rows are selected (the brand and the equipment exclusion
 * lists): the ticked rows, or every excluded row the quick filter shows, and Un-exclude for them (they leave the
 * list). Without filter text "all" is the server's filter (every excluded row, however many); the list's quick
 * filter matches any column it shows, so with filter text "all" is the ids of the rows it shows (at most
 * `bulkIdsLimit`).
 */
export function ExclusionListSelection<TData extends { id: number }>({
  target,
  noun,
  table,
  rows,
  rowSelection,
  clearRows,
  summary,
}: {
  target: BulkTarget;
  noun: Noun;
  table: DataTableInstance<TData>;
  rows: readonly TData[];
  rowSelection: RowSelectionState;
  clearRows: () => void;
  summary: string | undefined;
}) {
  const filterText = typeof table.state.globalFilter === 'string' ? table.state.globalFilter : '';
  const allMatching = useAllMatching(filterText);
  const shown = table.getFilteredRowModel().rows.map((row) => row.original.id);
  const picked = pickedIds(rowSelection, rows);
  const canSelectAll = shown.length > 0 && (filterText === '' || shown.length <= bulkIdsLimit);
  return (
    <BulkSelection
      target={target}
      noun={noun}
      actions={['unexclude']}
      allMatching={allMatching}
      picked={picked.length}
      matching={shown.length}
      canSelectAll={canSelectAll}
      selection={allMatching.allMatching ? (filterText === '' ? { filter: {} } : { ids: shown }) : { ids: picked }}
      summary={summary}
      onCleared={clearRows}
    />
  );
}
