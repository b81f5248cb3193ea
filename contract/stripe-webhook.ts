import { z } from 'zod';
import { endpoint } from './endpoint';
import { errorAnswer } from './http';

export const stripeWebhookAnswer = z.object({ received: z.literal(true) });

/**
 * What a signed Stripe event must be before anything reads it (docs/decisions/0020-purchases-that-are-never-lost.md):
 * an event id, a type and an object. Other fields Stripe sends (api_version, created, request...) are not read.
 * Anything else, however well signed (`null`, no `data`), is refused with a 400 and changes nothing.
 */
export const stripeEvent = z.object({
  id: z.string().regex(/^evt_[A-Za-z0-9_]{1,250}$/),
  object: z.literal('event'),
  type: z.string().regex(/^[a-z0-9_.]{1,100}$/),
  data: z.object({ object: z.record(z.string(), z.unknown()) }),
});

/**
 * The fields of a PaymentIntent the server reads, strictly: an id that fits the ledger's reference (no NUL, no
 * 300,000 characters, never null), whole cents, and metadata of texts only.
 */
export const stripePaymentIntent = z.object({
  id: z.string().regex(/^pi_[A-Za-z0-9_]{1,250}$/),
  object: z.literal('payment_intent'),
  amount: z.number().int().min(0).max(99_999_999),
  currency: z.string().regex(/^[a-z]{3}$/),
  status: z.string().regex(/^[a-z_]{1,64}$/),
  metadata: z.record(z.string(), z.string()),
  payment_method: z.union([z.string().max(255), z.object({ id: z.string().max(255) }).loose(), z.null()]).optional(),
});
export type StripePaymentIntent = z.infer<typeof stripePaymentIntent>;

export const stripeWebhookMessages = {
  notConfigured: 'The Stripe webhook is not configured on this server.',
  badSignature: 'The webhook signature is not valid.',
  malformed: 'The webhook event is not a well-formed Stripe event.',
} as const;

export const stripeWebhookApi = {
  receive: endpoint({
    name: 'stripeWebhook.receive',
    method: 'POST',
    path: '/api/stripe/webhook',
    summary: "Stripe's asynchronous payment confirmations; public, authenticated by their signature.",
    public: true,
    answer: stripeWebhookAnswer,
    otherAnswers: { 400: errorAnswer, 503: errorAnswer },
    announces: ['changetokens'],
  }),
} as const;
