import type { RowData } from '@tanstack/react-table';
import { useMemo } from 'react';
import { Spinner } from '../spinner';
import { bodyItems } from './body-items';
import { StatusRow } from './body-row';
import { PlainRows, VirtualRows } from './body-rows';
import type { BodyProps } from './props';

/** The rows (virtualised or not), or in their place the error, the first load's spinner or the empty text. */
export function DataTableBody<TData extends RowData>(props: BodyProps<TData>) {
  const { table, renderSubRow, loading, error, emptyText, columnCount } = props;
  const rows = table.getRowModel().rows;
  const expanded = table.state.expanded;

  const items = useMemo(() => bodyItems(rows, renderSubRow ? expanded : undefined), [rows, renderSubRow, expanded]);

  if (error) {
    return (
      <StatusRow columnCount={columnCount}>
        <div role="alert" className="data-table__error">
          {error}
        </div>
      </StatusRow>
    );
  }
  if (rows.length === 0) {
    return (
      <StatusRow columnCount={columnCount}>
        {loading ? <Spinner label="Loading" /> : <span className="data-table__empty">{emptyText}</span>}
      </StatusRow>
    );
  }
  return props.virtualize ? <VirtualRows {...props} items={items} /> : <PlainRows {...props} items={items} />;
}
