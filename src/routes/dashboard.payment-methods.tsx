import { createFileRoute } from '@tanstack/react-router';
import { PaymentMethodsScreen } from '../features/payment-methods/payment-methods-screen';

export const Route = createFileRoute('/dashboard/payment-methods')({
  component: PaymentMethodsScreen,
});
