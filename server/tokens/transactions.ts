import { setImmediate } from 'node:timers/promises';
import { and, count, desc, eq, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { Transaction, TransactionsAnswer, TransactionsFilter, TransactionTypeFilter } from '../../contract/transactions';
import type { TransactionType } from '../../contract/transaction-filters';
import { containsPattern } from '../catalogue/brands';
import type { Executor } from '../db/client';
import { tokenLedger } from '../db/schema';
import type { LedgerReason } from './ledger';

/**
 * The operator's statement (GET /api/transactions and its CSV export): the token ledger's rows of one operator,
 * newest first (by id: the order they were written in). Holds are not rows of the ledger, so a run shows once, as
 * its charge.
 */

const typeOfReason: Record<LedgerReason, TransactionType> = {
  purchase: 'deposit',
  generation: 'withdrawal',
  refund: 'refund',
  seed: 'adjustment',
  adjustment: 'adjustment',
};

function reasonsOf(type: TransactionTypeFilter): LedgerReason[] | undefined {
  if (type === 'all') return undefined;
  return (Object.keys(typeOfReason) as LedgerReason[]).filter((reason) => typeOfReason[reason] === type);
}

function whereOf(userId: number, filter: TransactionsFilter): SQL | undefined {
  const reasons = reasonsOf(filter.type);
  const conditions: (SQL | undefined)[] = [
    eq(tokenLedger.userId, userId),
    // "transfer" has no reason behind it (yet): the filter answers nothing.
    reasons === undefined ? undefined : reasons.length === 0 ? sql`false` : inArray(tokenLedger.reason, reasons),
    filter.from === undefined ? undefined : sql`${tokenLedger.createdAt} >= ${filter.from}::date at time zone 'UTC'`,
    filter.to === undefined ? undefined : sql`${tokenLedger.createdAt} < (${filter.to}::date + 1) at time zone 'UTC'`,
    filter.q ? sql`${tokenLedger.description} ilike ${containsPattern(filter.q)}` : undefined,
  ];
  return and(...conditions);
}

type LedgerRow = typeof tokenLedger.$inferSelect;

function toTransaction(row: LedgerRow): Transaction {
  return {
    id: row.id,
    created_at: row.createdAt.toISOString(),
    type: typeOfReason[row.reason],
    description: row.description,
    tokens: row.delta,
    balance_after: row.balanceAfter,
    run_id: row.runId,
    payment:
      row.reason === 'purchase'
        ? { card_brand: row.cardBrand, card_last4: row.cardLast4, amount: row.amountCents === null ? null : row.amountCents / 100 }
        : null,
  };
}

/** One page of the operator's transactions, how many match, and what they deposited and withdrew. */
export async function listTransactions(
  db: Executor,
  userId: number,
  query: TransactionsFilter & { offset: number; limit: number },
): Promise<TransactionsAnswer> {
  const where = whereOf(userId, query);
  const [rows, [totals]] = await Promise.all([
    db.select().from(tokenLedger).where(where).orderBy(desc(tokenLedger.id)).limit(query.limit).offset(query.offset),
    db
      .select({
        total: count(),
        deposits: sql<string>`coalesce(sum(${tokenLedger.delta}) filter (where ${tokenLedger.reason} = 'purchase'), 0)`,
        withdrawals: sql<string>`coalesce(-sum(${tokenLedger.delta}) filter (where ${tokenLedger.reason} = 'generation'), 0)`,
      })
      .from(tokenLedger)
      .where(where),
  ]);
  return {
    transactions: rows.map(toTransaction),
    total: Number(totals?.total ?? 0),
    sums: { deposits: Number(totals?.deposits ?? 0), withdrawals: Number(totals?.withdrawals ?? 0) },
  };
}

/** How many rows the export reads at a time: its memory stays this batch's, whatever the statement's length. */
const exportBatch = 1_000;

/**
 * Every matching transaction, newest first, read in batches by id (keyset: each batch starts below the last id
 * read), so that an export of any length holds one batch in memory.
 */
export async function* eachTransaction(db: Executor, userId: number, filter: TransactionsFilter): AsyncGenerator<Transaction[]> {
  const where = whereOf(userId, filter);
  let before: number | undefined;
  for (;;) {
    const rows = await db
      .select()
      .from(tokenLedger)
      .where(before === undefined ? where : and(where, lt(tokenLedger.id, before)))
      .orderBy(desc(tokenLedger.id))
      .limit(exportBatch);
    if (rows.length === 0) return;
    yield rows.map(toTransaction);
    before = rows.at(-1)?.id;
    // Let the event loop run between batches: the socket flushes (so back-pressure can pause the export) and other
    // requests are answered. PGlite answers a query without leaving the loop, so without this a long export would
    // read every batch before sending the first byte.
    await setImmediate();
    if (rows.length < exportBatch) return;
  }
}
