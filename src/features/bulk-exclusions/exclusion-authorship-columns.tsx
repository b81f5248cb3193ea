import { dataTableColumns, DateTimeCell, TextCell } from '../../ui/data-table';

/** What an exclusion list's row says of its exclusion (contract/exclusions.ts; optional in the answer). */
interface ExcludedRow {
  excluded_by?: string | null | undefined;
  excluded_at?: string | undefined;
}

/**
 * *(Added)* Excluded by (the operator's name, else their email; a dash when unknown) and Excluded at (UTC, en-US), on
 * both exclusion lists (docs/product.md#exclusion-screens). Not in the exports, which write the spec's columns.
 */
export function exclusionAuthorshipColumns<Row extends ExcludedRow>() {
  const col = dataTableColumns<Row>();
  return [
    col.accessor((row) => row.excluded_by ?? null, {
      id: 'excluded_by',
      header: 'Excluded by',
      cell: ({ getValue }) => <TextCell value={getValue()} />,
      enableSorting: false,
      meta: { width: '180px' },
    }),
    col.accessor((row) => row.excluded_at ?? null, {
      id: 'excluded_at',
      header: 'Excluded at',
      cell: ({ getValue }) => <DateTimeCell value={getValue()} />,
      enableSorting: false,
      meta: { width: '190px' },
    }),
  ];
}
