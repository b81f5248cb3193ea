import { Link } from '@tanstack/react-router';
import { transactionExportColumns as headers } from '../../../contract/grid-exports';
import type { Transaction } from '../../../contract/transactions';
import { formatTokens } from '../../api/tokens';
import { dataTableColumns, DateTimeCell, TextCell } from '../../ui/data-table';
import { formatTokenAmount, typeLabel } from './transactions-texts';

const col = dataTableColumns<Transaction>();

/** The columns of docs/product.md#transactions-screen (Date, Description, Type, Tokens Amount) and the balance after each row. */
export const transactionColumns = col.columns([
  col.accessor('created_at', {
    header: headers.created_at,
    cell: (c) => <DateTimeCell value={c.getValue()} />,
    enableSorting: false,
    meta: { width: '190px', pin: 'left' },
  }),
  col.accessor('description', {
    header: headers.description,
    cell: ({ row }) => <Description transaction={row.original} />,
    enableSorting: false,
    meta: { width: '400px' },
  }),
  col.accessor('type', { header: headers.type, cell: (c) => typeLabel(c.getValue()), enableSorting: false, meta: { width: '120px' } }),
  col.accessor('tokens', {
    header: headers.tokens,
    cell: (c) => <span className={c.getValue() < 0 ? 'transactions__out' : 'transactions__in'}>{formatTokenAmount(c.getValue())}</span>,
    enableSorting: false,
    meta: { width: '150px', className: 'transactions__number' },
  }),
  col.accessor('balance_after', {
    header: headers.balance_after,
    cell: (c) => formatTokens(c.getValue()),
    enableSorting: false,
    meta: { width: '140px', className: 'transactions__number' },
  }),
]);

/** The row's description; a charge links to the run it paid for (the runs centre, that run alone). */
function Description({ transaction }: { transaction: Transaction }) {
  if (transaction.run_id === null) return <TextCell value={transaction.description} />;
  return (
    <span className="transactions__description">
      <TextCell value={transaction.description} />
      <Link to="/dashboard/runs" search={{ run: transaction.run_id }} className="transactions__run-link">
        Run #{transaction.run_id}
      </Link>
    </span>
  );
}
