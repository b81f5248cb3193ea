import type Stripe from 'stripe';
import {
  findTokenPackage,
  purchaseMessages,
  type PurchaseTokensAnswer,
  type PurchaseTokensBody,
  type TokenPackage,
} from '../../contract/tokens';
import { readBalance } from '../tokens/ledger';
import { cardUsed } from './cards';
import type { PaymentsContext } from './context';
import { creditPurchase } from './credit';
import { findCustomer } from './customers';
import type { Owner } from './owner';
import { translateStripeError } from './provider-errors';
import { purchaseMetadata } from './purchase-intent';
import { purchaseIdempotencyKey } from './purchase-key';
import { reconcilePurchases } from './reconcile';
import { InvalidInputError, PaymentRequiredError, ProviderFailedError } from '../domain-errors';

export interface PurchaseResult {
  answer: PurchaseTokensAnswer;
  /** The payment exists and is processing, or was paid and is not credited yet (202): the reconciliation credits it. */
  pending?: boolean;
}

/**
 * POST /api/purchase-tokens { amount, price }: the package must be one of the server's (amount and price both);
 * the server charges its own price, off-session, on the operator's default card, with an idempotency key; a
 * succeeded payment is credited through the ledger (reason 'purchase', reference = the payment intent).
 *
 * A 4xx means nothing was charged (docs/decisions/0020-purchases-that-are-never-lost.md): an unknown package, no
 * card, a decline. Once Stripe may have charged, the answer is never a 4xx nor a 500: a payment it cannot credit
 * now is 202 "processing" (the reconciliation credits it), and a charge whose outcome is unknown (Stripe's answer
 * lost or failed) is looked up at Stripe before it is a 502, which the client retries with the same key.
 */
export async function purchaseTokens(
  context: PaymentsContext,
  input: { userId: number; body: PurchaseTokensBody; clientKey?: string; now?: number },
): Promise<PurchaseResult> {
  const { db, stripe, installationId } = context;
  const pkg = findTokenPackage(input.body.amount, input.body.price);
  if (!pkg) throw new InvalidInputError('price', purchaseMessages.unknownPackage);

  const owner: Owner = { installationId, userId: input.userId };
  const customer = await findCustomer(db, stripe, owner);
  const card = customer?.defaultPaymentMethod;
  if (!customer || !card) throw new InvalidInputError('payment_method', purchaseMessages.noDefaultCard);

  const idempotencyKey = purchaseIdempotencyKey({
    installationId,
    userId: input.userId,
    packageId: pkg.id,
    clientKey: input.clientKey,
    now: input.now ?? Date.now(),
  });
  let intent: Stripe.PaymentIntent;
  try {
    intent = await stripe.paymentIntents.create(
      {
        amount: pkg.priceCents,
        currency: 'usd',
        customer: customer.id,
        payment_method: card,
        off_session: true,
        confirm: true,
        description: `${pkg.amount.toLocaleString('en-US')} tokens`,
        metadata: purchaseMetadata(owner, pkg, idempotencyKey),
      },
      { idempotencyKey },
    );
  } catch (error) {
    const failure = translateStripeError(error);
    if (!(failure instanceof ProviderFailedError)) throw failure;
    return lookUpCharge(context, { owner, customerId: customer.id, pkg, idempotencyKey, failure });
  }
  // Cards settle at once; a 'processing' intent is credited by the webhook or the reconciliation when it succeeds.
  if (intent.status === 'processing') return processing;
  if (intent.status !== 'succeeded') throw new PaymentRequiredError(purchaseMessages.notCompleted);

  try {
    const { balance, credited } = await creditPurchase(db, {
      userId: input.userId,
      tokens: pkg.amount,
      paymentIntentId: intent.id,
      amountCents: intent.amount,
      card: await cardUsed(stripe, intent.payment_method),
    });
    if (credited) context.announce(input.userId, balance);
    return { answer: { message: purchaseMessages.purchased(pkg.amount), tokens: balance.tokens } };
  } catch (error) {
    // Paid and not credited: never a 500 the client would read as "nothing happened".
    context.log.error({ err: error, paymentIntent: intent.id }, 'crediting a paid purchase failed; the reconciliation credits it');
    return processing;
  }
}

const processing: PurchaseResult = { answer: { message: purchaseMessages.processing }, pending: true };

/**
 * Stripe's answer to the charge failed or never came, yet it may have charged the card (the SDK gave up after
 * Stripe had confirmed it). The operator's recent payments say whether this attempt's exists; any paid one the ledger
 * lacks is credited on the way. Not found (or Stripe unreachable): the original 502, and the client's retry with
 * the same key is the same charge.
 */
async function lookUpCharge(
  context: PaymentsContext,
  attempt: { owner: Owner; customerId: string; pkg: TokenPackage; idempotencyKey: string; failure: ProviderFailedError },
): Promise<PurchaseResult> {
  let outcome;
  try {
    outcome = await reconcilePurchases(context, { operator: { userId: attempt.owner.userId, customerId: attempt.customerId } });
  } catch {
    throw attempt.failure;
  }
  const charge = outcome.purchases.find((p) => p.purchaseKey === attempt.idempotencyKey);
  if (!charge) throw attempt.failure;
  if (charge.status === 'processing' || outcome.pending.includes(charge)) return processing;
  if (charge.status !== 'succeeded') throw new PaymentRequiredError(purchaseMessages.notCompleted);
  const tokens = (await readBalance(context.db, attempt.owner.userId).catch(() => undefined))?.tokens;
  if (tokens === undefined) return processing;
  return { answer: { message: purchaseMessages.purchased(attempt.pkg.amount), tokens } };
}
