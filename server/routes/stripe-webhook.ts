import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { stripeWebhookApi, stripeWebhookMessages } from '../../contract/stripe-webhook';
import { HttpError } from '../errors';
import { requirePayments } from '../payments/plugin';
import { handleStripeEvent } from '../payments/webhook';
import { implement } from './route';

/**
 * POST /api/stripe/webhook (extension): Stripe's asynchronous confirmations, verified with STRIPE_WEBHOOK_SECRET
 * against the raw body (so this plugin, and only it, reads JSON bodies as bytes). Public: the signature is the
 * authentication. 503 when payments or the webhook secret are not configured, 400 for a bad signature or a signed
 * body that is not a well-formed event; an event we do not act on is still 200, as Stripe expects.
 */
const stripeWebhookRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  implement(app, stripeWebhookApi, {
    receive: async (request) => {
      const payments = requirePayments(app);
      if (!payments.webhookSecret) throw new HttpError(503, stripeWebhookMessages.notConfigured);
      const signature = request.headers['stripe-signature'];
      if (typeof signature !== 'string' || !Buffer.isBuffer(request.body)) throw new HttpError(400, stripeWebhookMessages.badSignature);
      let raw: unknown;
      try {
        raw = payments.stripe.webhooks.constructEvent(request.body, signature, payments.webhookSecret);
      } catch (error) {
        const badSignature = error instanceof Error && 'type' in error && error.type === 'StripeSignatureVerificationError';
        throw new HttpError(400, badSignature ? stripeWebhookMessages.badSignature : stripeWebhookMessages.malformed);
      }
      const outcome = await handleStripeEvent(payments.context, raw);
      const eventId =
        typeof raw === 'object' && raw !== null && 'id' in raw && typeof raw.id === 'string' ? raw.id.slice(0, 255) : undefined;
      request.log.info({ stripeEventId: eventId, outcome: outcome.kind }, 'stripe webhook');
      if (outcome.kind === 'malformed') throw new HttpError(400, stripeWebhookMessages.malformed);
      if (outcome.kind === 'credited') payments.context.announce(outcome.userId, outcome.balance);
      return { received: true as const };
    },
  });
};

export default stripeWebhookRoutes;
