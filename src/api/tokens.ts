import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  purchaseAttemptIsOver,
  tokensApi,
  purchaseKeyHeader,
  tokenPackages,
  type PurchaseTokensAnswer,
  type TokenPackage,
} from '../../contract/tokens';
import { useEndpointMutation } from './endpoint-mutation';
import { callForResponse, httpStatus } from './http';
import { applyMutationStaleness } from './staleness';

/** The price list of docs/product.md#constants, for display: "$35". The server owns the prices and checks what is sent. */
export function formatPrice(priceCents: number): string {
  return new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: priceCents % 100 === 0 ? 0 : 2,
  }).format(priceCents / 100);
}

export function formatTokens(tokens: number): string {
  return new Intl.NumberFormat('en-US').format(tokens);
}

export { tokenPackages, type TokenPackage };

/**
 * A fresh key for one purchase attempt (sent as Idempotency-Key): re-sending the same attempt with the same key
 * charges once. Built from getRandomValues, which, unlike randomUUID, also exists on plain-http origins.
 */
export function newPurchaseKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export interface PurchaseRequest {
  pkg: TokenPackage;
  /** One key per purchase attempt (newPurchaseKey). */
  attemptKey: string;
}

export interface PurchaseOutcome {
  answer: PurchaseTokensAnswer;
  /** 202: the payment is processing (or paid and not credited yet); its tokens come when it completes. */
  processing: boolean;
}

/** POST /api/purchase-tokens { amount, price } (docs/product.md#calls: price in dollars, as the spec's client sent it). */
export async function purchaseTokens({ pkg, attemptKey }: PurchaseRequest): Promise<PurchaseOutcome> {
  const { response, answer } = await callForResponse(
    tokensApi.purchase,
    { body: { amount: pkg.amount, price: pkg.priceCents / 100 } },
    { headers: { [purchaseKeyHeader]: attemptKey } },
  );
  return { answer, processing: response.status === 202 };
}

/**
 * Whether a failed purchase attempt is over, so that its key may go: a 4xx says nothing was charged. No answer, or
 * a 5xx, may come after the card was charged: the retry sends the same key, and the server answers with that
 * payment instead of charging again (docs/decisions/0020-purchases-that-are-never-lost.md).
 */
export const purchaseFailureIsFinal = (error: unknown): boolean => purchaseAttemptIsOver(httpStatus(error));

/** Not useEndpointMutation: it sends the attempt's Idempotency-Key and reads the answer's status (202: processing). */
export function usePurchaseTokens() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: purchaseTokens,
    onSuccess: ({ answer }, sent) => applyMutationStaleness(queryClient, 'tokens.purchase', { sent, answer }),
  });
}

/** POST /api/purchase-tokens/check: asks the server to look for the operator's payments at Stripe and credit them. */
export function useCheckPurchases() {
  return useEndpointMutation(tokensApi.checkPurchases);
}
