import type { RowSelectionState } from '@tanstack/react-table';
import type { Brand } from '../../../contract/brands';
import { bulkIdsLimit, type BrandSelection } from '../../../contract/bulk-exclusions';
import type { DataTableInstance } from '../../ui/data-table';
import { BulkExclusionButtons, BulkSelectionBar, SelectAllMatching, useAllMatching } from '../bulk-exclusions';

const noun = { one: 'brand', many: 'brands' } as const;

/**
 * The brand exclusion list's count, or its selection bar once rows are selected: the ticked rows, or every excluded
 * brand the quick filter shows, and Un-exclude for them (they leave the list). Without filter text "all" is the
 * server's filter (every excluded brand, however many); the list's quick filter matches any column, which the
 * server does not read, so with filter text "all" is the ids of the rows it shows (at most `bulkIdsLimit`).
 */
export function BrandExclusionsSelection({
  table,
  rows,
  rowSelection,
  clearRows,
  summary,
}: {
  table: DataTableInstance<Brand>;
  rows: readonly Brand[];
  rowSelection: RowSelectionState;
  clearRows: () => void;
  summary: string | undefined;
}) {
  const filterText = typeof table.state.globalFilter === 'string' ? table.state.globalFilter : '';
  const allMatching = useAllMatching(filterText);
  const shown = table.getFilteredRowModel().rows.map((row) => row.original.id);
  const present = new Set(rows.map((row) => row.id));
  const picked = Object.keys(rowSelection)
    .filter((id) => rowSelection[id])
    .map(Number)
    .filter((id) => present.has(id));
  const canSelectAll = shown.length > 0 && (filterText === '' || shown.length <= bulkIdsLimit);
  const clear = () => {
    allMatching.clear();
    clearRows();
  };

  if (!allMatching.allMatching && picked.length === 0) {
    if (summary === undefined) return null;
    return (
      <span className="bulk-summary">
        <span>{summary}</span>
        {canSelectAll ? <SelectAllMatching total={shown.length} noun={noun} onSelect={allMatching.selectAll} /> : null}
      </span>
    );
  }
  const selection: BrandSelection = allMatching.allMatching ? (filterText === '' ? { filter: {} } : { ids: shown }) : { ids: picked };
  const count = allMatching.allMatching ? shown.length : picked.length;
  return (
    <BulkSelectionBar
      noun={noun}
      picked={picked.length}
      allMatching={allMatching.allMatching}
      matching={shown.length}
      canSelectAll={canSelectAll}
      onSelectAll={allMatching.selectAll}
      onClear={clear}
    >
      <BulkExclusionButtons target="brands" actions={['unexclude']} selection={selection} count={count} noun={noun} onDone={clear} />
    </BulkSelectionBar>
  );
}
