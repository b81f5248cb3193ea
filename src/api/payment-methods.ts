import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  paymentMessages,
  paymentMethodsApi,
  type PaymentMethodsAnswer,
  type PaymentMethodsChangeAnswer,
} from '../../contract/payment-methods';
import { paymentsConfigured } from '../config/meta';
import { useEndpointMutation } from './endpoint-mutation';
import { call, isRetryable, refusalOf } from './http';
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
  notConfigured: paymentMessages.notConfigured,
  /** *(Added)* the next step after notConfigured (docs/product.md#payment-methods-screen, docs/configuration.md). */
  notConfiguredNextStep:
    'Ask your administrator to set STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY on the server (see docs/configuration.md), then reload this page.',
} as const;

// GET /api/payment-methods ----------------------------------------------------------------------------------------

/** No card provider on this server: nothing to list, nothing to buy with. */
export interface PaymentsOff {
  paymentsOff: true;
}
export type PaymentMethodsState = PaymentMethodsAnswer | PaymentsOff;

export function arePaymentsOff(state: PaymentMethodsState | undefined): state is PaymentsOff {
  return state !== undefined && 'paymentsOff' in state;
}

/**
 * The cards, or payments off. The page's stripe-key meta tag already says whether the server has a card provider:
 * without one nothing is asked. A server that answers 503 "not configured" all the same (reconfigured since the page
 * loaded) is payments off too: an answer cached like the list, neither retried nor refetched on every mount.
 */
export async function getPaymentMethods(): Promise<PaymentMethodsState> {
  if (!paymentsConfigured()) return { paymentsOff: true };
  try {
    return await call(paymentMethodsApi.list);
  } catch (error) {
    if (refusalOf(paymentMethodsApi.list, error, 503)?.message === paymentMessages.notConfigured) return { paymentsOff: true };
    throw error;
  }
}

export const paymentMethodsQueryOptions = () =>
  queryOptions({
    queryKey: keys.paymentMethods(),
    queryFn: getPaymentMethods,
    retry: (failures, error) => failures < 1 && isRetryable(error),
  });

/** The cards; `configured` is false as soon as the page or the server says payments are off (nothing else is shown then). */
export function usePaymentMethods(options: { enabled?: boolean } = {}) {
  const query = useQuery({ ...paymentMethodsQueryOptions(), enabled: options.enabled ?? true });
  const configured = paymentsConfigured() && !arePaymentsOff(query.data);
  return { query, configured, answer: arePaymentsOff(query.data) ? undefined : query.data };
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
