import { useNavigate } from '@tanstack/react-router';
import type { RowData } from '@tanstack/react-table';
import { useCallback, type ReactNode } from 'react';
import { Button } from './button';
import { DataTable, formatCount, type DataTableProps } from './data-table';
import { FetchFailure } from './fetch-failure';
import { Field } from './field';
import './paged-grid.css';

/** docs/product.md#transactions-screen: "Showing 1 to 10 of 50" */
const pagingText = (first: number, last: number, total: number) =>
  `Showing ${formatCount(first)} to ${formatCount(last)} of ${formatCount(total)}`;

/**
 * Writes a paged grid's filters and page into the URL (`?type=deposit&page=2`): a filter change starts again at the
 * first page and replaces the history entry; a page change keeps the filters and pushes one (Back returns to it).
 */
export function usePagedSearchUpdate<TSearch extends { page?: number }>(): (patch: Partial<TSearch>) => void {
  const navigate = useNavigate();
  return useCallback(
    (patch: Partial<TSearch>) =>
      void navigate({
        to: '.',
        search: (previous: Record<string, unknown>) => ({ ...previous, page: undefined, ...patch }),
        replace: !('page' in patch),
      } as Parameters<typeof navigate>[0]),
    [navigate],
  );
}

/** What the shell needs of the page's list call (a TanStack Query result is one). */
interface PagedListState {
  isPending: boolean;
  isError: boolean;
  refetch: () => unknown;
}

type PagedGridProps<TData extends RowData> = Omit<DataTableProps<TData>, 'loading' | 'error' | 'filterLabel' | 'maxHeight'> & {
  /** The screen's own class, beside `screen paged-grid` (e.g. "runs"). */
  className: string;
  title: ReactNode;
  /** At the right of the title (e.g. the runs' confirmation preference). */
  headerEnd?: ReactNode;
  /** The filter controls, in the "Filters" group above the grid. */
  filters: ReactNode;
  list: PagedListState;
  /** Shown in the grid, with Retry, when the page could not be loaded. */
  failedText: string;
  /** How many rows this page holds, and how many match in all (once known). */
  shown: number;
  total: number | undefined;
  /** The page in the URL (1-based) and the rows a page holds. */
  page: number;
  pageSize: number;
  /** Another page (`undefined`: the first, which the URL leaves out). */
  onPageChange: (page: number | undefined) => void;
};

/**
 * A screen of one grid paged on the server (docs/product.md#runs-centre, docs/product.md#transactions-screen): the
 * title, the filters, the grid (its failure with Retry), and "Showing A to B of N" with Previous / Next under it.
 */
export function PagedGrid<TData extends RowData>({
  className,
  title,
  headerEnd,
  filters,
  list,
  failedText,
  shown,
  total,
  page,
  pageSize,
  onPageChange,
  ...grid
}: PagedGridProps<TData>) {
  return (
    <section className={`screen paged-grid ${className}`} aria-labelledby="screen-title">
      <header className="paged-grid__header">
        <h1 id="screen-title" className="screen__title">
          {title}
        </h1>
        {headerEnd}
      </header>
      <div className="paged-grid__filters" role="group" aria-label="Filters">
        {filters}
      </div>
      <DataTable
        {...grid}
        loading={list.isPending}
        error={
          list.isError && shown === 0 ? (
            <FetchFailure message={failedText} onRetry={() => void list.refetch()} inline announce={false} />
          ) : undefined
        }
        filterLabel={false}
        maxHeight="none"
      />
      {total !== undefined && total > 0 ? (
        <Pager page={page} pageSize={pageSize} shown={shown} total={total} onPageChange={onPageChange} />
      ) : null}
    </section>
  );
}

function Pager({
  page,
  pageSize,
  shown,
  total,
  onPageChange,
}: {
  page: number;
  pageSize: number;
  shown: number;
  total: number;
  onPageChange: (page: number | undefined) => void;
}) {
  const offset = (page - 1) * pageSize;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <nav className="paged-grid__paging" aria-label="Pages">
      <p aria-live="polite">{pagingText(Math.min(offset + 1, total), offset + shown, total)}</p>
      <div className="paged-grid__pager">
        <Button disabled={page <= 1} onClick={() => onPageChange(page - 1 === 1 ? undefined : page - 1)}>
          Previous
        </Button>
        <Button disabled={page >= pages} onClick={() => onPageChange(page + 1)}>
          Next
        </Button>
      </div>
    </nav>
  );
}

/** A filter that picks one value or all (an empty or "all" option first): a URL change each. */
export function SelectFilter<TValue extends string>({
  label,
  value,
  options,
  optionLabel,
  allValue = '',
  allLabel = 'All',
  onChange,
}: {
  label: string;
  value: TValue | undefined;
  options: readonly TValue[];
  optionLabel: (value: TValue) => string;
  /** The "every value" option's own value in the select (`''` unless the screen's URL names it). */
  allValue?: string;
  allLabel?: string;
  onChange: (value: TValue | undefined) => void;
}) {
  return (
    <Field label={label}>
      {(control) => (
        <select
          {...control}
          className="input"
          value={value ?? allValue}
          onChange={(event) => onChange(event.target.value === allValue ? undefined : (event.target.value as TValue))}
        >
          <option value={allValue}>{allLabel}</option>
          {options.map((option) => (
            <option key={option} value={option}>
              {optionLabel(option)}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
