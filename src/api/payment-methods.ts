import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { paymentMethodsApi, type PaymentMethodsAnswer, type PaymentMethodsChangeAnswer } from '../../contract/payment-methods';
import { useEndpointMutation } from './endpoint-mutation';
import { call, isRetryable } from './http';
import { keys } from './keys';
import { applyMutationStaleness } from './staleness';

/** The texts of the Payment Methods screen (docs/product.md#messages-and-errors). */
export const paymentMethodTexts = {
  added: 'Payment method added successfully!',
  removed: 'Payment method removed successfully.',
  defaultUpdated: 'Default payment method updated successfully.',
  addFailed: 'Failed to add payment method.',
  removeFailed: 'Failed to remove payment method.',
  defaultFailed: 'Failed to update default payment method.',
  confirmRemove: 'Are you sure you want to remove this payment method?',
  empty: 'No payment methods added yet.',
} as const;

// GET /api/payment-methods ----------------------------------------------------------------------------------------

export function getPaymentMethods(): Promise<PaymentMethodsAnswer> {
  return call(paymentMethodsApi.list);
}

export const paymentMethodsQueryOptions = () =>
  queryOptions({
    queryKey: keys.paymentMethods(),
    queryFn: getPaymentMethods,
    retry: (failures, error) => failures < 1 && isRetryable(error),
  });

export function usePaymentMethods(options: { enabled?: boolean } = {}) {
  return useQuery({ ...paymentMethodsQueryOptions(), enabled: options.enabled ?? true });
}

// POST /api/payment-methods/setup-intent (extension) ---------------------------------------------------------------

/** A SetupIntent for the operator's Stripe customer; its client secret is confirmed by Stripe.js with the card. */
export function createSetupIntent(): Promise<{ client_secret: string }> {
  return call(paymentMethodsApi.setupIntent);
}

// POST /api/payment-methods { payment_method } ----------------------------------------------------------------------

export function savePaymentMethod(paymentMethod: string): Promise<PaymentMethodsChangeAnswer> {
  return call(paymentMethodsApi.add, { body: { payment_method: paymentMethod } });
}

/** Stores the answer of a saved card in the list's cache (the add-card flow calls it on success). */
export function useStorePaymentMethods() {
  const queryClient = useQueryClient();
  return (answer: PaymentMethodsChangeAnswer) => applyMutationStaleness(queryClient, 'paymentMethods.add', { sent: undefined, answer });
}

// DELETE /api/payment-methods/{id} ----------------------------------------------------------------------------------

export function useRemovePaymentMethod() {
  return useEndpointMutation(paymentMethodsApi.remove, { input: (id: string) => ({ params: { id } }) });
}

// POST /api/payment-methods/switch-default { payment_method } -------------------------------------------------------

export function useSwitchDefaultPaymentMethod() {
  return useEndpointMutation(paymentMethodsApi.switchDefault, { input: (id: string) => ({ body: { payment_method: id } }) });
}

// Display -----------------------------------------------------------------------------------------------------------

const brandNames: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  diners: 'Diners Club',
  jcb: 'JCB',
  unionpay: 'UnionPay',
  cartes_bancaires: 'Cartes Bancaires',
  eftpos_au: 'eftpos',
  link: 'Link',
};

/** "Visa", "Mastercard"...; "Card" when the brand is missing or unknown. */
export function cardBrandName(brand: string | undefined): string {
  if (!brand || brand === 'unknown') return 'Card';
  return brandNames[brand] ?? brand.charAt(0).toUpperCase() + brand.slice(1);
}

/** "04/2031": the expiry month (two digits) and year. */
export function formatExpiry(month: number, year: number): string {
  return `${String(month).padStart(2, '0')}/${year}`;
}

/** "Visa ending in 4242" */
export function describeCard(card: { brand?: string; last4: string }): string {
  return `${cardBrandName(card.brand)} ending in ${card.last4}`;
}
