import { createFileRoute } from '@tanstack/react-router';
import { TransactionsScreen } from '../features/transactions/transactions-screen';

export const Route = createFileRoute('/dashboard/transactions')({
  component: TransactionsScreen,
});
