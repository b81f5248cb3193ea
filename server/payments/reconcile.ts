import { isNotNull } from 'drizzle-orm';
import { purchaseMessages, type PurchaseCheckAnswer } from '../../contract/tokens';
import { users } from '../db/schema';
import { readBalance, type Balance } from '../tokens/ledger';
import type { PaymentsContext } from './context';
import { creditedIntents, creditSucceeded } from './credit';
import { storedCustomerId } from './customers';
import { callStripe } from './provider-errors';
import { type Purchase, readPurchase } from './purchase-intent';

/**
 * The reconciliation (docs/decisions/0020-purchases-that-are-never-lost.md): asks Stripe for this installation's
 * recent PaymentIntents and credits, once, every succeeded purchase the ledger lacks. It is what credits a payment
 * Stripe captured while our answer was lost, the credit failed, or no webhook came (none configured, or it failed).
 * The ledger's unique (reason, reference) keeps it from crediting what the request or the webhook credited.
 */

/** How far back a pass looks: Stripe retries a webhook for three days; a pass at start covers a stop that long. */
export const reconcileWindowSeconds = 3 * 86_400;

export interface ReconcileOutcome {
  /** Every purchase of ours the pass saw (in scope), newest first. */
  purchases: Purchase[];
  /** What this pass credited. */
  credited: Array<{ purchase: Purchase; balance: Balance }>;
  /** Purchases still processing at Stripe, or paid and not credited (the credit failed: the next pass retries it). */
  pending: Purchase[];
}

export interface ReconcileScope {
  /** One operator's purchases, listed by their Stripe customer (on demand); all of ours otherwise (the timer). */
  operator?: { userId: number; customerId: string };
  /** For tests: the clock's now, in ms. */
  now?: number;
  /** Aborted when the server stops: a pass still waiting on Stripe then writes nothing. */
  signal?: AbortSignal;
}

async function anyCustomer(db: PaymentsContext['db']): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(isNotNull(users.stripeCustomerId)).limit(1);
  return row !== undefined;
}

export async function reconcilePurchases(context: PaymentsContext, scope: ReconcileScope = {}): Promise<ReconcileOutcome> {
  const { db, stripe, installationId, log } = context;
  const since = Math.floor((scope.now ?? Date.now()) / 1000) - reconcileWindowSeconds;
  const purchases: Purchase[] = [];
  // A purchase needs a Stripe customer: an installation none of whose operators has one has nothing to ask about.
  if (!scope.operator && !(await anyCustomer(db))) return { purchases, credited: [], pending: [] };
  await callStripe(async () => {
    const list = stripe.paymentIntents.list({
      created: { gte: since },
      limit: 100,
      ...(scope.operator ? { customer: scope.operator.customerId } : {}),
    });
    for await (const intent of list) {
      const reading = readPurchase(intent, installationId);
      if (reading.kind === 'malformed')
        log.warn({ paymentIntent: intent.id, reason: reading.reason }, 'a PaymentIntent of ours that is not a purchase we made');
      if (reading.kind !== 'purchase') continue;
      if (scope.operator && reading.purchase.userId !== scope.operator.userId) continue;
      purchases.push(reading.purchase);
    }
  });

  if (scope.signal?.aborted) return { purchases, credited: [], pending: [] };
  const succeeded = purchases.filter((p) => p.status === 'succeeded');
  const done = await creditedIntents(
    db,
    succeeded.map((p) => p.intentId),
  );
  const credited: ReconcileOutcome['credited'] = [];
  const pending = purchases.filter((p) => p.status === 'processing');
  for (const purchase of succeeded) {
    if (done.has(purchase.intentId) || scope.signal?.aborted) continue;
    try {
      const balance = await creditSucceeded(db, stripe, purchase);
      if (balance === undefined) continue;
      credited.push({ purchase, balance });
      context.announce(purchase.userId, balance);
      log.info({ paymentIntent: purchase.intentId, userId: purchase.userId }, 'reconciliation credited a purchase');
    } catch (error) {
      log.error({ err: error, paymentIntent: purchase.intentId }, 'crediting a paid purchase failed; the next reconciliation retries it');
      pending.push(purchase);
    }
  }
  return { purchases, credited, pending };
}

/**
 * POST /api/purchase-tokens/check: the operator's own reconciliation, on demand (the purchase dialog's "Check
 * again" while a payment is processing). Answers what it came to and the balance after it.
 */
export async function checkPurchases(context: PaymentsContext, userId: number): Promise<PurchaseCheckAnswer> {
  const customerId = await storedCustomerId(context.db, userId);
  const outcome = customerId ? await reconcilePurchases(context, { operator: { userId, customerId } }) : undefined;
  const tokens = (await readBalance(context.db, userId))?.tokens ?? 0;
  const added = outcome?.credited.reduce((sum, { purchase }) => sum + purchase.pkg.amount, 0) ?? 0;
  const processing = (outcome?.pending.length ?? 0) > 0;
  if (added > 0) return { message: purchaseMessages.purchased(added), tokens, processing };
  return { message: processing ? purchaseMessages.processing : purchaseMessages.nothingWaiting, tokens, processing };
}
