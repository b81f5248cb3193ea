import { stripeEvent } from '../../contract/stripe-webhook';
import type { Balance } from '../tokens/ledger';
import type { PaymentsContext } from './context';
import { creditSucceeded } from './credit';
import { readPurchase } from './purchase-intent';

export type WebhookOutcome =
  | { kind: 'credited'; userId: number; balance: Balance }
  /** Well-formed, and nothing for us to do: another type, another installation's payment, credited already. */
  | { kind: 'ignored' }
  /** Signed, yet not an event as Stripe makes them, or our purchase with metadata we never write: a 400. */
  | { kind: 'malformed'; reason: string };

/**
 * What a verified Stripe event does (docs/decisions/0020-purchases-that-are-never-lost.md). Every event is parsed
 * strictly first. Only `payment_intent.succeeded` of one of this installation's purchases matters: it credits the
 * package once, per PaymentIntent (the ledger reference the purchase request and the reconciliation use too), so a
 * replayed event or a second event of one payment adds nothing. This is what completes a payment that was still
 * 'processing' when the purchase request answered.
 */
export async function handleStripeEvent(context: PaymentsContext, raw: unknown): Promise<WebhookOutcome> {
  const event = stripeEvent.safeParse(raw);
  if (!event.success) return { kind: 'malformed', reason: 'event' };
  if (event.data.type !== 'payment_intent.succeeded') return { kind: 'ignored' };
  const reading = readPurchase(event.data.data.object, context.installationId);
  if (reading.kind !== 'purchase') return reading.kind === 'malformed' ? reading : { kind: 'ignored' };
  if (reading.purchase.status !== 'succeeded') return { kind: 'malformed', reason: 'status' };
  const balance = await creditSucceeded(context.db, context.stripe, reading.purchase);
  return balance ? { kind: 'credited', userId: reading.purchase.userId, balance } : { kind: 'ignored' };
}
