import { useSearch } from '@tanstack/react-router';
import { useMemo } from 'react';
import type { Transaction } from '../../../contract/transactions';
import { exportTransactions } from '../../api/grid-exports';
import { useTransactions } from '../../api/transactions';
import { transactionExportColumns } from '../../../contract/grid-exports';
import { useGridColumnSettings } from '../../api/grid-settings';
import { ExportMenu, useDataTable } from '../../ui/data-table';
import { PagedGrid, usePagedSearchUpdate } from '../../ui/paged-grid';
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
  const query = useMemo(() => queryOfSearch(search), [search]);
  const transactions = useTransactions(query);
  const rows = transactions.data?.transactions ?? noRows;
  const total = transactions.data?.total;
  const update = usePagedSearchUpdate<TransactionsSearch>();
  const columnSettings = useGridColumnSettings('transactions');
  const table = useDataTable({
    columns: transactionColumns,
    columnSettings,
    data: rows,
    getRowId: (row) => String(row.id),
    serverSide: true,
  });

  return (
    <PagedGrid
      className="transactions"
      title={transactionsTexts.title}
      filters={<TransactionsFilters search={search} onChange={update} />}
      list={transactions}
      failedText={transactionsTexts.fetchFailed}
      shown={rows.length}
      total={total}
      page={search.page ?? 1}
      pageSize={transactionsPageSize}
      onPageChange={(page) => update({ page })}
      table={table}
      caption="Your transactions, newest first"
      emptyText={hasFilters(search) ? transactionsTexts.noMatch : transactionsTexts.empty}
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
  );
}
