import type Stripe from 'stripe';
import { tokenPackages } from '../../contract/tokens';
import type { Database } from '../db/client';
import { users } from '../db/schema';
import { eq } from 'drizzle-orm';
import type { Balance } from '../tokens/ledger';
import { cardUsed } from './cards';
import { creditPurchase } from './credit';

/**
 * What a verified Stripe event does. Only `payment_intent.succeeded` of a token purchase matters: it credits the
 * package once (the same ledger reference as the purchase request, so whichever comes second adds nothing).
 * This is what completes a payment that was still 'processing' when the purchase request answered.
 * Answers the new balance when this event credited it.
 */
export async function handleStripeEvent(db: Database, stripe: Stripe, event: Stripe.Event): Promise<{ userId: number; balance: Balance } | undefined> {
  if (event.type !== 'payment_intent.succeeded') return undefined;
  const intent = event.data.object;
  const pkg = tokenPackages.find((p) => p.id === intent.metadata?.package);
  const userId = Number(intent.metadata?.user_id);
  if (!pkg || !Number.isInteger(userId) || userId <= 0) return undefined;
  // The package's price, charged in dollars: anything else is not one of our purchases.
  if (intent.amount !== pkg.priceCents || intent.currency !== 'usd') return undefined;
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  if (!user) return undefined;
  const { balance, credited } = await creditPurchase(db, {
    userId,
    tokens: pkg.amount,
    paymentIntentId: intent.id,
    amountCents: intent.amount,
    card: await cardUsed(stripe, intent.payment_method),
  });
  return credited ? { userId, balance } : undefined;
}
