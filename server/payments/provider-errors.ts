import type Stripe from 'stripe';
import { paymentMessages } from '../../contract/payment-methods';
import { DomainError, NotFoundError, PaymentRequiredError, ProviderFailedError } from '../domain-errors';

/**
 * A call to Stripe that failed for a reason the operator cannot fix (Stripe down, a bad key, a timeout): a plain
 * text for the operator; the details are what the log gets: Stripe's error type, code and request id, never a key
 * or a secret.
 */
const providerFailed = (details: Record<string, unknown>) => new ProviderFailedError(paymentMessages.providerFailed, details);

/**
 * An error the Stripe SDK threw: each carries its class's name in `type` (`StripeCardError`, ...), which is how
 * Stripe's own error-handling guide tells them apart. Matching on it, not `instanceof`, keeps the SDK out of a server's
 * start: it is imported when payments are configured (stripe-client.ts).
 */
function stripeError(error: unknown): Stripe.errors.StripeError | undefined {
  if (!(error instanceof Error) || !('type' in error) || !('rawType' in error)) return undefined;
  return typeof error.type === 'string' && error.type.startsWith('Stripe') ? (error as Stripe.errors.StripeError) : undefined;
}

export const isMissingResource = (error: unknown) => {
  const stripe = stripeError(error);
  return stripe?.type === 'StripeInvalidRequestError' && stripe.code === 'resource_missing';
};

/**
 * Runs one Stripe call and translates its failure: a card error is a payment refusal with Stripe's own message (it is
 * written for the card holder); a missing object is not found with `notFound` when the caller gives one; anything
 * else is the provider failing.
 */
export async function callStripe<T>(call: () => Promise<T>, options: { notFound?: string } = {}): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw translateStripeError(error, options);
  }
}

export function translateStripeError(error: unknown, options: { notFound?: string } = {}): Error {
  if (error instanceof DomainError) return error;
  const stripe = stripeError(error);
  if (stripe?.type === 'StripeCardError') return new PaymentRequiredError(stripe.message);
  if (options.notFound && isMissingResource(error)) return new NotFoundError('Stripe object', options.notFound);
  if (stripe) return providerFailed({ type: stripe.type, code: stripe.code, statusCode: stripe.statusCode, requestId: stripe.requestId });
  return providerFailed({ type: error instanceof Error ? error.name : typeof error });
}
