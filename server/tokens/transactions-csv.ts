import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify/sync';
import { transactionsCsvHeader, type Transaction, type TransactionsFilter } from '../../contract/transactions';
import type { Executor } from '../db/client';
import { cardBrandName } from './descriptions';
import { eachTransaction } from './transactions';

/**
 * A text cell a spreadsheet would read as a formula (`=`, `+`, `-`, `@`, a tab or a return first) is written with a
 * leading apostrophe: a catalogue name from a provider must not run in the operator's spreadsheet (OWASP "CSV
 * injection"). Numbers are written as numbers.
 */
function inertText(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

function csvRow(t: Transaction): (string | number)[] {
  const card = t.payment?.card_brand ? `${cardBrandName(t.payment.card_brand)} ${t.payment.card_last4 ?? ''}`.trim() : '';
  return [
    t.created_at,
    inertText(t.description),
    t.type,
    t.tokens,
    t.balance_after,
    t.run_id ?? '',
    t.payment?.amount == null ? '' : t.payment.amount.toFixed(2),
    card,
  ];
}

/**
 * The statement as CSV (RFC 4180: CRLF line ends, quotes where needed; UTF-8 with a byte order mark so that
 * spreadsheets read the names right), streamed a batch at a time: memory stays bounded whatever the row count.
 */
export function transactionsCsv(db: Executor, userId: number, filter: TransactionsFilter): Readable {
  async function* lines(): AsyncGenerator<string> {
    yield stringify([[...transactionsCsvHeader]], { bom: true, record_delimiter: 'windows' });
    for await (const batch of eachTransaction(db, userId, filter)) {
      yield stringify(batch.map(csvRow), { record_delimiter: 'windows' });
    }
  }
  return Readable.from(lines());
}
