import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { tokenLedger, users } from '../db/schema';
import { HttpError } from '../errors';

export type LedgerReason = (typeof tokenLedger.$inferInsert)['reason'];

/**
 * Changes a balance by `delta` and writes the ledger row, atomically: the update refuses to go below zero,
 * and a (reason, reference) already recorded is not applied twice. Run it inside the caller's transaction.
 * Answers the new balance.
 */
export async function changeBalance(
  tx: Executor,
  input: { userId: number; delta: number; reason: LedgerReason; reference?: string },
): Promise<number> {
  const [updated] = await tx
    .update(users)
    .set({ tokens: sql`${users.tokens} + ${input.delta}` })
    .where(sql`${users.id} = ${input.userId} and ${users.tokens} + ${input.delta} >= 0`)
    .returning({ tokens: users.tokens });
  if (!updated) {
    const [exists] = await tx.select({ id: users.id }).from(users).where(eq(users.id, input.userId));
    if (!exists) throw new HttpError(404, 'User not found.');
    throw new HttpError(402, 'Insufficient tokens.');
  }
  await tx.insert(tokenLedger).values({
    userId: input.userId,
    delta: input.delta,
    balanceAfter: updated.tokens,
    reason: input.reason,
    reference: input.reference ?? null,
  });
  return updated.tokens;
}
