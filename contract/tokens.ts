import { z } from 'zod';
import { endpoint } from './endpoint';
import { errorAnswer } from './http';
import { realtimeEvents } from './realtime';

/** Token packages (docs/product.md#constants). Prices in cents; the server owns them. */
export const tokenPackages = [
  { id: 'tokens-1m', amount: 1_000_000, priceCents: 3_500 },
  { id: 'tokens-5m', amount: 5_000_000, priceCents: 16_000 },
  { id: 'tokens-10m', amount: 10_000_000, priceCents: 29_000 },
] as const;
export type TokenPackage = (typeof tokenPackages)[number];

/** The package a payload names: its amount and its price in dollars must both match the list. */
export function findTokenPackage(amount: number, priceDollars: number): TokenPackage | undefined {
  return tokenPackages.find((p) => p.amount === amount && Math.round(priceDollars * 100) === p.priceCents);
}

/** POST /api/purchase-tokens: the spec's payload is amount and price; the server checks both against its list. */
export const purchaseTokensBody = z.object({
  amount: z.number().int().positive(),
  price: z.number().positive(),
});
export type PurchaseTokensBody = z.infer<typeof purchaseTokensBody>;
export const purchaseTokensAnswer = z.object({ message: z.string(), tokens: z.number().int().optional() });
export type PurchaseTokensAnswer = z.infer<typeof purchaseTokensAnswer>;

/**
 * The optional request header that makes a purchase idempotent: one key a purchase attempt (the SPA sends a fresh
 * UUID for each attempt and the same one when it re-sends that attempt), so a double submission charges once.
 */
export const purchaseKeyHeader = 'idempotency-key';
export const purchaseKey = z
  .string()
  .regex(/^[A-Za-z0-9_-]{8,100}$/, 'The Idempotency-Key header must be 8 to 100 letters, digits, - or _.');

/**
 * Whether an answer of POST /api/purchase-tokens ends its attempt, so that the client may drop the attempt's key
 * (docs/decisions/0020-purchases-that-are-never-lost.md): a 2xx (purchased, or processing: the payment exists and is
 * credited once), or a 4xx, which the server answers only when nothing was charged. A 5xx, or no answer at all, may
 * come after Stripe charged the card: the client re-sends the same key, and Stripe answers with that payment.
 */
export function purchaseAttemptIsOver(status: number | undefined): boolean {
  return status !== undefined && status >= 200 && status < 500;
}

/** POST /api/purchase-tokens/check (extension): what the operator's recent payments came to. */
export const purchaseCheckAnswer = z.object({
  message: z.string(),
  /** The balance after the check (tokens of any payment it credited included). */
  tokens: z.number().int(),
  /** A payment of the operator's is still processing, or was paid and could not be credited yet. */
  processing: z.boolean(),
});
export type PurchaseCheckAnswer = z.infer<typeof purchaseCheckAnswer>;

export const purchaseMessages = {
  unknownPackage: 'The amount and price do not match a token package.',
  noDefaultCard: 'Add a default payment method on the Payment Methods screen before purchasing tokens.',
  notCompleted: 'The payment was not completed. No tokens were added.',
  processing: 'The payment is processing. The tokens will be added when it completes.',
  purchased: (amount: number) => `Successfully purchased ${amount.toLocaleString('en-US')} tokens.`,
  nothingWaiting: 'No payment is waiting: your balance is up to date.',
} as const;

export const tokensApi = {
  purchase: endpoint({
    name: 'tokens.purchase',
    method: 'POST',
    path: '/api/purchase-tokens',
    summary: 'Charges the default card for a token package and credits its tokens (202 while the payment processes).',
    body: purchaseTokensBody,
    answer: purchaseTokensAnswer,
    otherAnswers: { 202: purchaseTokensAnswer, 402: errorAnswer, 502: errorAnswer, 503: errorAnswer },
    announces: [realtimeEvents.changeTokens],
  }),
  checkPurchases: endpoint({
    name: 'tokens.checkPurchases',
    method: 'POST',
    path: '/api/purchase-tokens/check',
    summary: "Asks Stripe for the operator's recent payments and credits, once, any succeeded one the ledger lacks.",
    answer: purchaseCheckAnswer,
    otherAnswers: { 502: errorAnswer, 503: errorAnswer },
    announces: [realtimeEvents.changeTokens],
  }),
} as const;
