import type { Readable } from 'node:stream';
import { transactionExportColumns } from '../../contract/grid-exports';
import type { Transaction, TransactionsExportQuery } from '../../contract/transactions';
import type { Executor } from '../db/client';
import { csvStream, type CsvCells } from '../export/csv';
import { cardBrandName } from './descriptions';
import { eachTransaction } from './transactions';

const transactionCells: CsvCells<Transaction, keyof typeof transactionExportColumns> = {
  created_at: (t) => t.created_at,
  description: (t) => t.description,
  type: (t) => t.type,
  tokens: (t) => t.tokens,
  balance_after: (t) => t.balance_after,
  run_id: (t) => t.run_id,
  amount_paid: (t) => (t.payment?.amount == null ? null : t.payment.amount.toFixed(2)),
  card: (t) => (t.payment?.card_brand ? `${cardBrandName(t.payment.card_brand)} ${t.payment.card_last4 ?? ''}`.trim() : null),
};

/** The operator's statement as CSV, newest first, streamed a batch at a time (server/export/csv.ts). */
export function transactionsCsv(db: Executor, userId: number, query: TransactionsExportQuery): Readable {
  return csvStream({
    headers: transactionExportColumns,
    cells: transactionCells,
    columns: query.columns,
    batches: eachTransaction(db, userId, query),
  });
}
