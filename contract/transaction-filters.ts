import { z } from 'zod/mini';
import { clientTextMini } from './well-formed-text';

/**
 * The statement's type and day filters (contract/transactions.ts), in zod/mini: the statement's URL search schema
 * takes them, and every route's search schema is in the entry chunk, which the login route loads (docs/figures.md).
 */

/** What a ledger row is to the operator, from its reason (purchase -> deposit, generation -> withdrawal...). */
export const transactionTypes = ['deposit', 'withdrawal', 'refund', 'adjustment', 'transfer'] as const;
export type TransactionType = (typeof transactionTypes)[number];

/**
 * A day, `YYYY-MM-DD`, that exists in the calendar (UTC) and in the database's: years 0001 to 9999 (PostgreSQL has no
 * year 0, and a fifth digit is not this form).
 */
export const isoDay = clientTextMini.check(
  z.regex(/^\d{4}-\d{2}-\d{2}$/, 'The date must be written YYYY-MM-DD.'),
  z.refine((value: string) => !value.startsWith('0000-'), 'The year must be from 0001 to 9999.'),
  z.refine((value: string) => {
    const day = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(day.getTime()) && day.toISOString().startsWith(value);
  }, 'The date does not exist.'),
);
