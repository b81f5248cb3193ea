import type { RowData } from '@tanstack/react-table';
import type { ReactNode } from 'react';
import type { DataTableRow } from './features';
import type { DataTable as DataTableInstance } from './use-data-table';

export interface DataTableProps<TData extends RowData> {
  table: DataTableInstance<TData>;
  /** The table's accessible name (a visually hidden caption; also names the scroll region). */
  caption: string;
  /** Shown in the body when there are no rows (e.g. nothing matches the filter). */
  emptyText: ReactNode;
  /** First load: a spinner in the body. */
  loading?: boolean;
  /** Another page is loading: a spinner row at the end. */
  loadingMore?: boolean;
  /** A failure, shown in the body instead of rows (as an alert). */
  error?: ReactNode;
  /** Render only the rows in view (long lists). */
  virtualize?: boolean;
  /** The expected height of a row in px before it is measured (virtualised lists). */
  estimateRowHeight?: number;
  /** The scroll box's maximum height (CSS); the header sticks to its top. */
  maxHeight?: string;
  /** Called when the last rows come into view (load the next page; guard against double calls yourself). */
  onEndReached?: () => void;
  /** The detail panel of an expanded row, in a full-width row below it. */
  renderSubRow?: (row: DataTableRow<TData>) => ReactNode;
  /** How many rows exist in all (a server total), for assistive technology and the summary. */
  rowCount?: number;
  /** The quick filter's label, or false for none. */
  filterLabel?: string | false;
  filterPlaceholder?: string;
  /** The column visibility menu (default on). */
  columnMenu?: boolean;
  /** Text or controls at the start of the toolbar (e.g. "1,234 brands"). */
  summary?: ReactNode;
  /** Controls at the end of the toolbar. */
  actions?: ReactNode;
  /** The grid's saved-views menu (docs/decisions/0010-saved-views.md), just before the Columns menu. */
  views?: ReactNode;
  getRowClassName?: (row: DataTableRow<TData>) => string | undefined;
}

/** The body's props: the table's, with its scroll box and how many columns a full-width row spans. */
export type BodyProps<TData extends RowData> = DataTableProps<TData> & { scrollElement: HTMLDivElement | null; columnCount: number };
