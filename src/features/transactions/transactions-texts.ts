import type { TransactionType } from '../../../contract/transaction-filters';
import type { TransactionTypeFilter } from '../../../contract/transactions';

const count = (n: number) => n.toLocaleString('en-US');

export const transactionsTexts = {
  title: 'Transactions',
  empty: 'No transactions yet.',
  noMatch: 'No transactions match these filters.',
  fetchFailed: 'The transactions could not be loaded.',
  sums: (deposits: number, withdrawals: number) => `Deposits +${count(deposits)} · Withdrawals -${count(withdrawals)}`,
  clearFilters: 'Clear filters',
} as const;

export const typeLabels: Record<TransactionTypeFilter, string> = {
  all: 'All',
  deposit: 'Deposit',
  withdrawal: 'Withdrawal',
  refund: 'Refund',
  adjustment: 'Adjustment',
  transfer: 'Transfer',
};

/** '+1,000,000' / '-18,400' */
export function formatTokenAmount(tokens: number): string {
  const text = count(Math.abs(tokens));
  return tokens < 0 ? `-${text}` : `+${text}`;
}

export const typeLabel = (type: TransactionType) => typeLabels[type];
