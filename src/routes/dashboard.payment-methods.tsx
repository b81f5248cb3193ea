import { createFileRoute } from '@tanstack/react-router';
import { paymentMethodsQueryOptions } from '../api/payment-methods';
import { appQueryClient } from '../api/query-client';
import { PaymentMethodsScreen } from '../features/payment-methods/payment-methods-screen';

export const Route = createFileRoute('/dashboard/payment-methods')({
  loader: () => {
    const queryClient = appQueryClient();
    void queryClient.prefetchQuery(paymentMethodsQueryOptions());
  },
  component: PaymentMethodsScreen,
});
