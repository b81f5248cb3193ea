import type { Header, RowData } from '@tanstack/react-table';
import type { DataTableFeatures } from './features';
import { ariaSort, columnLabel } from './labels';
import { pinnedCell } from './pinned-cell';
import { ResizeHandle } from './resize-handle';
import type { DataTable } from './use-data-table';

/** A column header: its sort button (aria-sort on the `<th>`) and its resize handle, where the column has them. */
function HeaderCell<TData extends RowData>({
  table,
  header,
}: {
  table: DataTable<TData>;
  header: Header<DataTableFeatures, TData, unknown>;
}) {
  const column = header.column;
  const canSort = column.getCanSort();
  const sorted = column.getIsSorted();
  const content = header.isPlaceholder ? null : <table.FlexRender header={header} />;
  return (
    <th
      scope="col"
      colSpan={header.colSpan}
      aria-sort={canSort ? ariaSort(sorted) : undefined}
      // Named by the column alone: the resize handle's own label is not part of the header's name.
      aria-label={column.getCanResize() ? columnLabel(column) : undefined}
      {...pinnedCell(column, column.columnDef.meta?.className)}
    >
      {canSort ? (
        <button
          type="button"
          className="data-table__sort"
          onClick={column.getToggleSortingHandler()}
          title={`Sort by ${columnLabel(column)}`}
        >
          <span>{content}</span>
          <span className="data-table__sort-icon" data-sorted={sorted || undefined} aria-hidden="true">
            {sorted === 'desc' ? '▼' : sorted === 'asc' ? '▲' : '↕'}
          </span>
        </button>
      ) : (
        content
      )}
      {column.getCanResize() ? <ResizeHandle table={table} header={header} /> : null}
    </th>
  );
}

/** The sticky header rows (the first row of a virtualised table's aria-rowcount). */
export function TableHead<TData extends RowData>({ table, virtualize }: { table: DataTable<TData>; virtualize: boolean | undefined }) {
  return (
    <thead>
      {table.getHeaderGroups().map((group) => (
        <tr key={group.id} aria-rowindex={virtualize ? 1 : undefined}>
          {group.headers.map((header) => (
            <HeaderCell key={header.id} table={table} header={header} />
          ))}
        </tr>
      ))}
    </thead>
  );
}
