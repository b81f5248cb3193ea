import { z } from 'zod';
import { clientText } from './text';
import { endpoint } from './endpoint';
import { errorAnswer } from './http';

export const paymentMethod = z.object({
  id: z.string(),
  card: z.object({ brand: z.string().optional(), last4: z.string(), exp_month: z.number().int(), exp_year: z.number().int() }),
});
export type PaymentMethod = z.infer<typeof paymentMethod>;

/** GET /api/payment-methods */
export const paymentMethodsAnswer = z.object({
  methods: z.array(paymentMethod),
  defaultPaymentMethod: z.string().nullable(),
});
export type PaymentMethodsAnswer = z.infer<typeof paymentMethodsAnswer>;

const stripeId = clientText.regex(/^pm_[A-Za-z0-9_]{1,200}$/, 'The payment method is not valid.');
/** POST /api/payment-methods and POST /api/payment-methods/switch-default */
export const paymentMethodBody = z.object({ payment_method: stripeId });
export const paymentMethodParams = z.object({ id: stripeId });

/**
 * The answer of POST /api/payment-methods, DELETE /api/payment-methods/{id} and POST .../switch-default (the spec
 * leaves it open): a message and the list as it now stands, so the screen needs no second call.
 */
export const paymentMethodsChangeAnswer = paymentMethodsAnswer.extend({ message: z.string() });
export type PaymentMethodsChangeAnswer = z.infer<typeof paymentMethodsChangeAnswer>;

/** POST /api/payment-methods/setup-intent (extension): the client secret the card element confirms. */
export const setupIntentAnswer = z.object({ client_secret: z.string() });

/** What the server answers (its success texts are those of docs/product.md#messages-and-errors). */
export const paymentMessages = {
  notConfigured: 'Payments are not configured on this server.',
  added: 'Payment method added successfully!',
  removed: 'Payment method removed successfully.',
  defaultUpdated: 'Default payment method updated successfully.',
  notFound: 'Payment method not found.',
  notACard: 'Only cards can be saved.',
  providerFailed: 'The payment provider could not complete the request. Please try again.',
} as const;

/** What a payment-method call may answer besides 200: no card (402), not found, invalid, Stripe failed, not configured. */
const paymentFailures = { 402: errorAnswer, 404: errorAnswer, 502: errorAnswer, 503: errorAnswer } as const;

export const paymentMethodsApi = {
  setupIntent: endpoint({
    name: 'paymentMethods.setupIntent',
    method: 'POST',
    path: '/api/payment-methods/setup-intent',
    summary: 'A Stripe SetupIntent for the card element to confirm a new card with.',
    answer: setupIntentAnswer,
    otherAnswers: paymentFailures,
  }),
  list: endpoint({
    name: 'paymentMethods.list',
    method: 'GET',
    path: '/api/payment-methods',
    summary: "The operator's saved cards and which is the default.",
    answer: paymentMethodsAnswer,
    otherAnswers: paymentFailures,
  }),
  add: endpoint({
    name: 'paymentMethods.add',
    method: 'POST',
    path: '/api/payment-methods',
    summary: 'Saves a confirmed card; answers the cards as they now stand.',
    body: paymentMethodBody,
    answer: paymentMethodsChangeAnswer,
    otherAnswers: paymentFailures,
  }),
  switchDefault: endpoint({
    name: 'paymentMethods.switchDefault',
    method: 'POST',
    path: '/api/payment-methods/switch-default',
    summary: 'Makes a saved card the default.',
    body: paymentMethodBody,
    answer: paymentMethodsChangeAnswer,
    otherAnswers: paymentFailures,
  }),
  remove: endpoint({
    name: 'paymentMethods.remove',
    method: 'DELETE',
    path: '/api/payment-methods/:id',
    summary: 'Removes a saved card.',
    params: paymentMethodParams,
    answer: paymentMethodsChangeAnswer,
    otherAnswers: paymentFailures,
  }),
} as const;
