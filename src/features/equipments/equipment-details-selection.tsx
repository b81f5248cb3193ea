import type { RowSelectionState } from '@tanstack/react-table';
import type { ModelSelection } from '../../../contract/bulk-exclusions';
import type { Equipment } from '../../../contract/equipments';
import type { DataTableInstance } from '../../ui/data-table';
import { BulkSelection, pickedIds, useAllMatching, type BulkOutcomeHandlers } from '../bulk-exclusions';

const noun = { one: 'model', many: 'models' } as const;

/**
 * The Equipment Details grid's count, or its selection bar once models are selected (docs/decisions/0012-bulk-actions-select-the-filter.md): the ticked
 * models, or every model of the subcategory the quick filter matches (the server reads the same filter, as the
 * grid's export does), and Exclude / Un-exclude for them. With filter text, "all" is offered once every page is in
 * (the grid filters in the browser, so its count is known then).
 */
export function EquipmentDetailsSelection({
  subcategoryId,
  table,
  rows,
  total,
  allLoaded,
  rowSelection,
  clearRows,
  summary,
  outcome,
}: {
  subcategoryId: number;
  table: DataTableInstance<Equipment>;
  rows: readonly Equipment[];
  /** The subcategory's models (the server's count). */
  total: number | undefined;
  allLoaded: boolean;
  rowSelection: RowSelectionState;
  clearRows: () => void;
  summary: string | undefined;
  outcome: BulkOutcomeHandlers;
}) {
  const q = typeof table.state.globalFilter === 'string' ? table.state.globalFilter.trim() : '';
  const allMatching = useAllMatching(`${subcategoryId}|${q}`);
  const matching = q === '' ? (total ?? 0) : allLoaded ? table.getFilteredRowModel().rows.length : 0;
  const picked = pickedIds(rowSelection, rows);
  const selection: ModelSelection = allMatching.allMatching
    ? { filter: { subcategory_id: subcategoryId, ...(q ? { q } : {}) } }
    : { ids: picked };
  return (
    <BulkSelection
      target="models"
      noun={noun}
      actions={['exclude', 'unexclude']}
      allMatching={allMatching}
      picked={picked.length}
      matching={matching}
      canSelectAll={matching > 0}
      selection={selection}
      summary={summary}
      onCleared={clearRows}
      outcome={outcome}
    />
  );
}
