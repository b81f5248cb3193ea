import { createFileRoute } from '@tanstack/react-router';
import { paymentMethodsQueryOptions } from '../api/payment-methods';
import { PaymentMethodsScreen } from '../features/payment-methods/payment-methods-screen';

export const Route = createFileRoute('/dashboard/payment-methods')({
  loader: ({ context: { queryClient } }) => {
    void queryClient.prefetchQuery(paymentMethodsQueryOptions());
  },
  component: PaymentMethodsScreen,
});
