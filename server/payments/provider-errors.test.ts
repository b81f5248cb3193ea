import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { paymentMessages } from '../../contract/payment-methods';
import { NotFoundError, PaymentRequiredError, ProviderFailedError } from '../domain-errors';
import { isMissingResource, translateStripeError } from './provider-errors';

/** The SDK's own error classes, as its calls throw them (provider-errors.ts matches them by their `type`). */
const { StripeCardError, StripeConnectionError, StripeInvalidRequestError } = Stripe.errors;

describe('translateStripeError', () => {
  it("gives a card error's own message as a payment refusal", () => {
    const error = translateStripeError(new StripeCardError({ message: 'Your card was declined.', code: 'card_declined' }));
    expect(error).toBeInstanceOf(PaymentRequiredError);
    expect(error.message).toBe('Your card was declined.');
  });

  it('makes a missing object a 404 where the caller names one, a provider failure where not', () => {
    const missing = new StripeInvalidRequestError({ message: 'No such payment_method', code: 'resource_missing' });
    expect(isMissingResource(missing)).toBe(true);
    expect(translateStripeError(missing, { notFound: paymentMessages.notFound })).toBeInstanceOf(NotFoundError);
    expect(translateStripeError(missing)).toBeInstanceOf(ProviderFailedError);
  });

  it("logs a Stripe failure's type, code, status and request id, and tells the operator only that Stripe failed", () => {
    const error = translateStripeError(new StripeConnectionError({ message: 'connect ECONNREFUSED', statusCode: 503, requestId: 'req_1' }));
    expect(error).toBeInstanceOf(ProviderFailedError);
    expect(error.message).toBe(paymentMessages.providerFailed);
    expect((error as ProviderFailedError).details).toEqual({
      type: 'StripeConnectionError',
      code: undefined,
      statusCode: 503,
      requestId: 'req_1',
    });
  });

  it('does not take an error of another library for a Stripe error because it has a `type`', () => {
    const lookalike = Object.assign(new Error('declined?'), { type: 'StripeCardError' });
    expect(isMissingResource(Object.assign(new Error('x'), { type: 'StripeInvalidRequestError', code: 'resource_missing' }))).toBe(false);
    const error = translateStripeError(lookalike);
    expect(error).toBeInstanceOf(ProviderFailedError);
    expect((error as ProviderFailedError).details).toEqual({ type: 'Error' });
  });
});
