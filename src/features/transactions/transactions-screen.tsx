import { useId, useMemo, useState } from 'react';
import { DataTable, dataTableColumns, formatDay, useDataTable } from '../../ui/data-table';
import {
  filterSample,
  formatTokenAmount,
  sampleTransactions,
  transactionTypes,
  type SampleTransaction,
  type TypeFilter,
} from './sample-transactions';
import './transactions.css';

export const transactionsTexts = {
  sampleNotice: 'Sample data: this screen is a mock-up. It loads nothing and shows no real transactions.',
  paging: 'Showing 1 to 10 of 50',
} as const;

const typeLabels: Record<TypeFilter, string> = { all: 'All', deposit: 'Deposit', withdrawal: 'Withdrawal', transfer: 'Transfer' };

const col = dataTableColumns<SampleTransaction>();
const columns = col.columns([
  col.accessor('date', { header: 'Date', cell: (c) => <time dateTime={c.getValue()}>{formatDay(c.getValue())}</time>, meta: { width: '150px' } }),
  col.accessor('description', { header: 'Description', meta: { width: '360px' } }),
  col.accessor('type', { header: 'Type', cell: (c) => typeLabels[c.getValue()], meta: { width: '140px' } }),
  col.accessor('tokens', {
    header: 'Tokens Amount',
    cell: (c) => (
      <span className={c.getValue() < 0 ? 'transactions__out' : 'transactions__in'}>{formatTokenAmount(c.getValue())}</span>
    ),
    meta: { width: '160px', className: 'transactions__number' },
  }),
]);

/** SPEC 2 "Transactions screen": a static mock-up (a later issue backs it with the real ledger). */
export function TransactionsScreen() {
  const dateId = useId();
  const typeId = useId();
  const [date, setDate] = useState('');
  const [type, setType] = useState<TypeFilter>('all');
  const rows = useMemo(() => filterSample(sampleTransactions, date, type), [date, type]);
  const table = useDataTable({ columns, data: rows, getRowId: (row) => String(row.id) });

  return (
    <section className="screen transactions" aria-labelledby="screen-title">
      <header className="transactions__header">
        <h1 id="screen-title" className="screen__title">
          Transactions
        </h1>
        <span className="transactions__sample-tag">Sample data</span>
      </header>
      <p className="transactions__notice" role="note">
        {transactionsTexts.sampleNotice}
      </p>
      <div className="transactions__filters" role="group" aria-label="Filters">
        <div className="field">
          <label className="field__label" htmlFor={dateId}>
            Date
          </label>
          <input id={dateId} className="input" type="date" value={date} onChange={(event) => setDate(event.target.value)} />
        </div>
        <div className="field">
          <label className="field__label" htmlFor={typeId}>
            Type
          </label>
          <select id={typeId} className="input" value={type} onChange={(event) => setType(event.target.value as TypeFilter)}>
            {(['all', ...transactionTypes] as const).map((value) => (
              <option key={value} value={value}>
                {typeLabels[value]}
              </option>
            ))}
          </select>
        </div>
      </div>
      <DataTable
        table={table}
        caption="Sample transactions (not real data)"
        emptyText="No sample transactions match these filters."
        filterLabel={false}
        columnMenu={false}
        maxHeight="none"
      />
      <div className="transactions__paging">
        <p>{transactionsTexts.paging}</p>
        <div className="transactions__pager">
          <button type="button" className="btn btn--secondary" disabled>
            Previous
          </button>
          <button type="button" className="btn btn--secondary" disabled>
            Next
          </button>
        </div>
      </div>
    </section>
  );
}
