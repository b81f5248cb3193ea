import type Stripe from 'stripe';
import { findTokenPackage, purchaseMessages, type PurchaseTokensAnswer, type PurchaseTokensBody } from '../../contract/tokens';
import type { Database } from '../db/client';
import type { Balance } from '../tokens/ledger';
import { cardUsed } from './cards';
import { creditPurchase } from './credit';
import { findCustomer } from './customers';
import { callStripe } from './provider-errors';
import { purchaseIdempotencyKey } from './purchase-key';
import { InvalidInputError, PaymentRequiredError } from '../domain-errors';

export interface PurchaseResult {
  answer: PurchaseTokensAnswer;
  /** The new balance when this request credited it (to announce after the commit); undefined otherwise. */
  credited?: Balance;
  /** The payment is still processing: nothing credited yet (202). */
  pending?: boolean;
}

/**
 * POST /api/purchase-tokens { amount, price }: the package must be one of the server's (amount and price both);
 * the server charges its own price, off-session, on the operator's default card, with an idempotency key; a
 * succeeded payment is credited through the ledger (reason 'purchase', reference = the payment intent). A decline
 * is a 402 with Stripe's message and credits nothing.
 */
export async function purchaseTokens(
  db: Database,
  stripe: Stripe,
  input: { userId: number; body: PurchaseTokensBody; clientKey?: string; now?: number },
): Promise<PurchaseResult> {
  const pkg = findTokenPackage(input.body.amount, input.body.price);
  if (!pkg) throw new InvalidInputError('price', purchaseMessages.unknownPackage);

  const customer = await findCustomer(db, stripe, input.userId);
  const card = customer?.defaultPaymentMethod;
  if (!customer || !card) throw new InvalidInputError('payment_method', purchaseMessages.noDefaultCard);

  const idempotencyKey = purchaseIdempotencyKey({
    userId: input.userId,
    packageId: pkg.id,
    clientKey: input.clientKey,
    now: input.now ?? Date.now(),
  });
  const intent = await callStripe(() =>
    stripe.paymentIntents.create(
      {
        amount: pkg.priceCents,
        currency: 'usd',
        customer: customer.id,
        payment_method: card,
        off_session: true,
        confirm: true,
        description: `${pkg.amount.toLocaleString('en-US')} tokens`,
        metadata: { user_id: String(input.userId), package: pkg.id, tokens: String(pkg.amount) },
      },
      { idempotencyKey },
    ),
  );
  // Cards settle at once; a 'processing' intent is credited by the webhook when Stripe reports it succeeded.
  if (intent.status === 'processing') return { answer: { message: purchaseMessages.processing }, pending: true };
  if (intent.status !== 'succeeded') throw new PaymentRequiredError(purchaseMessages.notCompleted);

  const { balance, credited } = await creditPurchase(db, {
    userId: input.userId,
    tokens: pkg.amount,
    paymentIntentId: intent.id,
    amountCents: intent.amount,
    card: await cardUsed(stripe, intent.payment_method),
  });
  return { answer: { message: purchaseMessages.purchased(pkg.amount), tokens: balance.tokens }, credited: credited ? balance : undefined };
}
