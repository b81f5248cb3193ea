import { createFileRoute } from '@tanstack/react-router';
import { transactionsQueryOptions } from '../api/transactions';
import { appQueryClient } from '../api/query-client';
import { TransactionsScreen } from '../features/transactions/transactions-screen';
import { queryOfSearch, transactionsSearchSchema } from '../features/transactions/transactions-search';

export const Route = createFileRoute('/dashboard/transactions')({
  // The filters and page (?type=&from=&to=&q=&page=).
  validateSearch: transactionsSearchSchema,
  loaderDeps: ({ search }) => queryOfSearch(search),
  loader: ({ deps }) => void appQueryClient().prefetchQuery(transactionsQueryOptions(deps)),
  component: TransactionsScreen,
});
