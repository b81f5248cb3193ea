import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { transactionsApi, type TransactionsQuery } from '../../contract/transactions';
import { call } from './http';
import { keys } from './keys';

/** GET /api/transactions: one page of the operator's statement. */
export const transactionsQueryOptions = (query: TransactionsQuery) =>
  queryOptions({
    queryKey: keys.transactions.page(query),
    queryFn: () => call(transactionsApi.list, { query }),
    // Paging and filtering keep the last page on screen until the next one arrives.
    placeholderData: keepPreviousData,
  });

export function useTransactions(query: TransactionsQuery) {
  return useQuery(transactionsQueryOptions(query));
}
