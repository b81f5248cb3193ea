import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type Stripe from 'stripe';
import { stripeWebhookApi } from '../../contract/stripe-webhook';
import { HttpError } from '../errors';
import { announceBalance } from '../payments/notify';
import { requirePayments } from '../payments/plugin';
import { handleStripeEvent } from '../payments/webhook';
import { route } from './route';

/**
 * POST /api/stripe/webhook (extension): Stripe's asynchronous confirmations, verified with STRIPE_WEBHOOK_SECRET
 * against the raw body (so this plugin, and only it, reads JSON bodies as bytes). Public: the signature is the
 * authentication. 503 when payments or the webhook secret are not configured, 400 for a bad signature.
 */
const stripeWebhookRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  route(app, stripeWebhookApi.receive, async (request) => {
    const { stripe, webhookSecret } = requirePayments(app);
    if (!webhookSecret) throw new HttpError(503, 'The Stripe webhook is not configured on this server.');
    const signature = request.headers['stripe-signature'];
    if (typeof signature !== 'string' || !Buffer.isBuffer(request.body)) throw new HttpError(400, 'The webhook signature is not valid.');
    let event: Stripe.Event;
    try {
      event = stripe.webhooks.constructEvent(request.body, signature, webhookSecret);
    } catch {
      throw new HttpError(400, 'The webhook signature is not valid.');
    }
    const credited = await handleStripeEvent(app.db, stripe, event);
    if (credited) announceBalance(app, credited.userId, credited.balance);
    request.log.info({ stripeEvent: event.type, stripeEventId: event.id, credited: Boolean(credited) }, 'stripe webhook');
    return { received: true as const };
  });
};

export default stripeWebhookRoutes;
