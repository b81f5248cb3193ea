import { z } from 'zod';
import { endpoint } from './endpoint';
import { exportColumnsQuery, transactionExportColumns } from './grid-exports';
import { clientText, pageLimit, pageOffset } from './text';
import { isoDay, transactionTypes } from './transaction-filters';

/**
 * The operator's statement (docs/decisions/0008-money-and-runs-in-sight.md): every change of their balance, from the token ledger, newest first. A run's
 * hold is not a transaction; its charge is (one withdrawal a run).
 */

export const transactionTypeFilter = z.enum(['all', ...transactionTypes]).default('all');
export type TransactionTypeFilter = z.infer<typeof transactionTypeFilter>;

const filters = {
  type: transactionTypeFilter,
  /** From this day on (inclusive, UTC). */
  from: z.optional(isoDay),
  /** Up to and including this day (UTC). */
  to: z.optional(isoDay),
  /** The description contains this (case-insensitive). */
  q: clientText.trim().max(200).optional(),
};
const fromNotAfterTo = (query: { from?: string; to?: string }) =>
  query.from === undefined || query.to === undefined || query.from <= query.to;
const fromNotAfterToIssue = { message: 'The start date must not be after the end date.', path: ['to'] };

/** The export's query: the filters, and `columns` (the ids of `transactionExportColumns` to write, in order). */
export const transactionsExportQuery = z
  .object({ ...filters, columns: exportColumnsQuery(transactionExportColumns) })
  .refine(fromNotAfterTo, fromNotAfterToIssue);
export type TransactionsExportQuery = z.output<typeof transactionsExportQuery>;
export type TransactionsFilter = Omit<TransactionsExportQuery, 'columns'>;

export const transactionsQuery = z
  .object({ ...filters, offset: pageOffset, limit: pageLimit(500, 50) })
  .refine(fromNotAfterTo, fromNotAfterToIssue);
export type TransactionsQuery = z.input<typeof transactionsQuery>;

export const transaction = z.object({
  id: z.number().int(),
  created_at: z.string(),
  type: z.enum(transactionTypes),
  description: z.string(),
  /** Signed: a purchase +, a generation charge -. */
  tokens: z.number().int(),
  balance_after: z.number().int(),
  /** The run a charge paid for. */
  run_id: z.number().int().nullable(),
  /** A purchase's payment: the card and the amount paid in dollars. */
  payment: z.object({ card_brand: z.string().nullable(), card_last4: z.string().nullable(), amount: z.number().nullable() }).nullable(),
});
export type Transaction = z.infer<typeof transaction>;

export const transactionsAnswer = z.object({
  transactions: z.array(transaction),
  /** How many rows match the filters. */
  total: z.number().int(),
  /** Over every matching row: the tokens deposited and withdrawn (both positive). */
  sums: z.object({ deposits: z.number().int(), withdrawals: z.number().int() }),
});
export type TransactionsAnswer = z.infer<typeof transactionsAnswer>;

export const transactionsApi = {
  list: endpoint({
    name: 'transactions.list',
    method: 'GET',
    path: '/api/transactions',
    summary: 'The operator’s own balance changes from the token ledger, filtered and paged, newest first.',
    query: transactionsQuery,
    answer: transactionsAnswer,
  }),
  export: endpoint({
    name: 'transactions.export',
    method: 'GET',
    path: '/api/transactions/export',
    summary: 'Every transaction the filters match, streamed as CSV (RFC 4180, UTF-8, a header row), newest first.',
    query: transactionsExportQuery,
    answer: z.string().describe('text/csv'),
  }),
} as const;
