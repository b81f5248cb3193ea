import Stripe from 'stripe';
import { paymentMessages } from '../../contract/payment-methods';
import { HttpError } from '../errors';

/**
 * A call to Stripe that failed for a reason the operator cannot fix (Stripe down, a bad key, a timeout): 502 with a
 * plain text. `details` is what the logs get: Stripe's error type, code and request id, never a key or a secret.
 */
export class ProviderError extends HttpError {
  constructor(readonly details: Record<string, unknown>) {
    super(502, paymentMessages.providerFailed);
    this.name = 'ProviderError';
  }
}

export const isMissingResource = (error: unknown) =>
  error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing';

/**
 * Runs one Stripe call and translates its failure: a card error is 402 with Stripe's own message (it is written for
 * the card holder); a missing object is a 404 with `notFound` when the caller gives one; anything else is a 502.
 */
export async function callStripe<T>(call: () => Promise<T>, options: { notFound?: string } = {}): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw translateStripeError(error, options);
  }
}

export function translateStripeError(error: unknown, options: { notFound?: string } = {}): Error {
  if (error instanceof HttpError) return error;
  if (error instanceof Stripe.errors.StripeCardError) return new HttpError(402, error.message);
  if (options.notFound && isMissingResource(error)) return new HttpError(404, options.notFound);
  if (error instanceof Stripe.errors.StripeError) {
    return new ProviderError({ type: error.type, code: error.code, statusCode: error.statusCode, requestId: error.requestId });
  }
  return new ProviderError({ type: error instanceof Error ? error.name : typeof error });
}
