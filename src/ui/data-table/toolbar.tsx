import type { RowData } from '@tanstack/react-table';
import { ColumnMenu } from './column-menu';
import type { DataTableProps } from './props';
import { QuickFilter } from './quick-filter';

/** Above the grid: the quick filter, the summary, then the grid's actions, its saved views and the Columns menu. */
export function Toolbar<TData extends RowData>({
  table,
  filterLabel = 'Filter',
  filterPlaceholder,
  columnMenu = true,
  summary,
  actions,
  views,
}: DataTableProps<TData>) {
  const showToolbar = filterLabel !== false || columnMenu || summary !== undefined || actions !== undefined || views !== undefined;
  if (!showToolbar) return null;
  const { globalFilter } = table.state;
  return (
    <div className="data-table__toolbar">
      {filterLabel !== false ? (
        <QuickFilter
          label={filterLabel}
          placeholder={filterPlaceholder}
          value={typeof globalFilter === 'string' ? globalFilter : ''}
          onChange={(value) => table.setGlobalFilter(value)}
        />
      ) : null}
      {summary !== undefined ? <div className="data-table__summary">{summary}</div> : null}
      <div className="data-table__actions">
        {actions}
        {views}
        {columnMenu ? <ColumnMenu table={table} /> : null}
      </div>
    </div>
  );
}
