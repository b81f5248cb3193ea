import { and, eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { tokenLedger } from '../db/schema';
import { isUniqueViolation } from '../db/unique-violation';
import { ledgerDescriptions, type CardUsed } from '../tokens/descriptions';
import { changeBalance, readBalance, type Balance } from '../tokens/ledger';

/**
 * Credits the tokens of one succeeded payment intent, once: the ledger row's (reason 'purchase', reference = the
 * intent id) is unique, so a replayed purchase, a racing twin request or the webhook finds it there and adds
 * nothing. Answers the balance and whether this call credited it.
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
