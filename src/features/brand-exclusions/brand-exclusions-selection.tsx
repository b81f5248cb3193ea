import type { RowSelectionState } from '@tanstack/react-table';
import type { BrandExclusion as Brand } from '../../../contract/exclusions';
import type { DataTableInstance } from '../../ui/data-table';
import { ExclusionListSelection } from '../bulk-exclusions';

const noun = { one: 'brand', many: 'brands' } as const;

/** The brand exclusion list's count, or its selection bar with a bulk Un-exclude (bulk-exclusions/exclusion-list-selection.tsx). */
export function BrandExclusionsSelection(props: {
  table: DataTableInstance<Brand>;
  rows: readonly Brand[];
  rowSelection: RowSelectionState;
  clearRows: () => void;
  summary: string | undefined;
}) {
  return <ExclusionListSelection target="brands" noun={noun} {...props} />;
}
