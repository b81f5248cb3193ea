import { useNavigate, useSearch } from '@tanstack/react-router';
import { useCallback, useMemo } from 'react';
import type { Transaction } from '../../../contract/transactions';
import { exportTransactions } from '../../api/grid-exports';
import { useTransactions } from '../../api/transactions';
import { transactionExportColumns } from '../../../contract/grid-exports';
import { useGridColumnSettings } from '../../api/grid-settings';
import { DataTable, ExportMenu, useDataTable } from '../../ui/data-table';
import { transactionColumns } from './transaction-columns';
import { TransactionsFilters } from './transactions-filters';
import { filterOfSearch, hasFilters, queryOfSearch, transactionsPageSize, type TransactionsSearch } from './transactions-search';
import { transactionsTexts } from './transactions-texts';
import './transactions.css';

const noRows: Transaction[] = [];

/**
 * docs/product.md#transactions-screen, from the ledger (docs/decisions/0008-money-and-runs-in-sight.md): the date and type filters, the table (Date, Description,
 * Type, Tokens Amount, and the Balance after each row), "Showing A to B of N" with Previous / Next, paged on the
 * server, filters and page in the URL, and the grids' Export menu (every matching row, the visible columns or all).
 */
export function TransactionsScreen() {
  const search = useSearch({ from: '/dashboard/transactions' });
  const navigate = useNavigate({ from: '/dashboard/transactions' });
  const query = useMemo(() => queryOfSearch(search), [search]);
  const transactions = useTransactions(query);
  const rows = transactions.data?.transactions ?? noRows;
  const total = transactions.data?.total;

  const update = useCallback(
    // A filter change starts again at the first page; a page change keeps the filters.
    (patch: Partial<TransactionsSearch>) =>
      void navigate({ search: (previous) => ({ ...previous, page: undefined, ...patch }), replace: !('page' in patch) }),
    [navigate],
  );

  const columnSettings = useGridColumnSettings('transactions');
  const table = useDataTable({
    columns: transactionColumns,
    columnSettings,
    data: rows,
    getRowId: (row) => String(row.id),
    serverSide: true,
  });
  const page = search.page ?? 1;
  const first = query.offset + 1;
  const last = query.offset + rows.length;
  const pages = total === undefined ? 1 : Math.max(1, Math.ceil(total / transactionsPageSize));

  return (
    <section className="screen transactions" aria-labelledby="screen-title">
      <header className="transactions__header">
        <h1 id="screen-title" className="screen__title">
          {transactionsTexts.title}
        </h1>
      </header>
      <TransactionsFilters search={search} onChange={update} />
      <DataTable
        table={table}
        caption="Your transactions, newest first"
        emptyText={hasFilters(search) ? transactionsTexts.noMatch : transactionsTexts.empty}
        loading={transactions.isPending}
        error={
          transactions.isError && rows.length === 0 ? (
            <span>
              {transactionsTexts.fetchFailed}{' '}
              <button type="button" className="btn btn--link" onClick={() => void transactions.refetch()}>
                Retry
              </button>
            </span>
          ) : undefined
        }
        filterLabel={false}
        maxHeight="none"
        actions={
          <ExportMenu
            table={table}
            exportable={transactionExportColumns}
            disabled={total === 0}
            download={(columns) => exportTransactions(filterOfSearch(search), columns)}
          />
        }
        summary={
          transactions.data && total !== undefined && total > 0 ? (
            <span role="status" className="transactions__sums">
              {transactionsTexts.sums(transactions.data.sums.deposits, transactions.data.sums.withdrawals)}
            </span>
          ) : null
        }
      />
      {total !== undefined && total > 0 ? (
        <nav className="transactions__paging" aria-label="Pages">
          <p aria-live="polite">{transactionsTexts.paging(Math.min(first, total), last, total)}</p>
          <div className="transactions__pager">
            <button
              type="button"
              className="btn btn--secondary"
              disabled={page <= 1}
              onClick={() => update({ page: page - 1 === 1 ? undefined : page - 1 })}
            >
              Previous
            </button>
            <button type="button" className="btn btn--secondary" disabled={page >= pages} onClick={() => update({ page: page + 1 })}>
              Next
            </button>
          </div>
        </nav>
      ) : null}
    </section>
  );
}
