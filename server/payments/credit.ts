import { and, eq, inArray } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { Database } from '../db/client';
import { tokenLedger } from '../db/schema';
import { isUniqueViolation } from '../db/unique-violation';
import { ledgerDescriptions, type CardUsed } from '../tokens/descriptions';
import { changeBalance, readBalance, UnknownOperatorError, type Balance } from '../tokens/ledger';
import { cardUsed } from './cards';
import type { Purchase } from './purchase-intent';

/**
 * Credits the tokens of one succeeded payment intent, once: the ledger row's (reason 'purchase', reference = the
 * intent id) is unique, so a replayed purchase, a racing twin request, the webhook and the reconciliation find it
 * there and add nothing. Answers the balance and whether this call credited it.
 */
export async function creditPurchase(
  db: Database,
  input: { userId: number; tokens: number; paymentIntentId: string; amountCents: number; card: CardUsed | undefined },
): Promise<{ balance: Balance; credited: boolean }> {
  try {
    const balance = await db.transaction(async (tx) => {
      const [already] = await tx
        .select({ id: tokenLedger.id })
        .from(tokenLedger)
        .where(and(eq(tokenLedger.reason, 'purchase'), eq(tokenLedger.reference, input.paymentIntentId)));
      if (already) return undefined;
      return changeBalance(tx, {
        userId: input.userId,
        delta: input.tokens,
        reason: 'purchase',
        reference: input.paymentIntentId,
        description: ledgerDescriptions.purchase(input.tokens, input.card),
        payment: { amountCents: input.amountCents, cardBrand: input.card?.brand ?? null, cardLast4: input.card?.last4 ?? null },
      });
    });
    if (balance !== undefined) return { balance, credited: true };
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
  }
  return { balance: (await readBalance(db, input.userId)) ?? { tokens: 0, held: 0, available: 0 }, credited: false };
}

/**
 * Credits a succeeded purchase read from its PaymentIntent (the webhook's, the reconciliation's) once. Answers the
 * new balance when this call credited it, undefined when it was credited already or its operator no longer exists.
 */
export async function creditSucceeded(db: Database, stripe: Stripe, purchase: Purchase): Promise<Balance | undefined> {
  try {
    const { balance, credited } = await creditPurchase(db, {
      userId: purchase.userId,
      tokens: purchase.pkg.amount,
      paymentIntentId: purchase.intentId,
      amountCents: purchase.amountCents,
      card: await cardUsed(stripe, purchase.paymentMethod),
    });
    return credited ? balance : undefined;
  } catch (error) {
    if (error instanceof UnknownOperatorError) return undefined;
    throw error;
  }
}

/** The PaymentIntents among `intentIds` the ledger has credited already (one query). */
export async function creditedIntents(db: Database, intentIds: readonly string[]): Promise<Set<string>> {
  if (intentIds.length === 0) return new Set();
  const rows = await db
    .select({ reference: tokenLedger.reference })
    .from(tokenLedger)
    .where(and(eq(tokenLedger.reason, 'purchase'), inArray(tokenLedger.reference, [...intentIds])));
  return new Set(rows.map((row) => row.reference ?? ''));
}
