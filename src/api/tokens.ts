import { useMutation, useQueryClient } from '@tanstack/react-query';
import { tokensApi, purchaseKeyHeader, tokenPackages, type TokenPackage } from '../../contract/tokens';
import { call } from './http';
import { applyMutationStaleness } from './staleness';

/** SPEC 9 price list, for display: "$35". The server owns the prices and checks what is sent. */
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

/** POST /api/purchase-tokens { amount, price } (SPEC 7: price in dollars, as the spec's client sent it). */
export function purchaseTokens({ pkg, attemptKey }: PurchaseRequest) {
  return call(tokensApi.purchase, { body: { amount: pkg.amount, price: pkg.priceCents / 100 } }, { headers: { [purchaseKeyHeader]: attemptKey } });
}

export function usePurchaseTokens() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: purchaseTokens,
    onSuccess: (answer, sent) => applyMutationStaleness(queryClient, 'tokens.purchase', { sent, answer }),
  });
}
