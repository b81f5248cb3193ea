import Stripe from 'stripe';
import { paymentMessages } from '../../contract/payment-methods';
import { DomainError, NotFoundError, PaymentRequiredError, ProviderFailedError } from '../domain-errors';

/**
 * A call to Stripe that failed for a reason the operator cannot fix (Stripe down, a bad key, a timeout): a plain
 * text for the operator; the details are what the log gets: Stripe's error type, code and request id, never a key
 * or a secret.
 */
const providerFailed = (details: Record<string, unknown>) => new ProviderFailedError(paymentMessages.providerFailed, details);

export const isMissingResource = (error: unknown) =>
  error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing';

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
  if (error instanceof Stripe.errors.StripeCardError) return new PaymentRequiredError(error.message);
  if (options.notFound && isMissingResource(error)) return new NotFoundError('Stripe object', options.notFound);
  if (error instanceof Stripe.errors.StripeError) {
    return providerFailed({ type: error.type, code: error.code, statusCode: error.statusCode, requestId: error.requestId });
  }
  return providerFailed({ type: error instanceof Error ? error.name : typeof error });
}
