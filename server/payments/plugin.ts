import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type Stripe from 'stripe';
import { paymentMessages } from '../../contract/payment-methods';
import type { StripeConfig } from '../config';
import { createStripeClient } from './stripe-client';
import { UnavailableError } from '../domain-errors';

export interface Payments {
  stripe: Stripe;
  /** STRIPE_WEBHOOK_SECRET: without it the webhook endpoint refuses every call. */
  webhookSecret: string | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The Stripe client, or null when payments are not configured (the payment endpoints then answer 503). */
    payments: Payments | null;
  }
}

/**
 * `await app.register(paymentsPlugin, { config: config.stripe })`: decorates `app.payments` and logs what a failed
 * Stripe call was (type, code, request id: never a key, a secret or a card detail).
 */
export default fp<{ config: StripeConfig | undefined }>(
  async (app, { config }) => {
    app.decorate('payments', config ? { stripe: await createStripeClient(config), webhookSecret: config.webhookSecret } : null);
  },
  { name: 'payments', dependencies: ['database', 'notifier'] },
);

/** The configured payments, or a 503 'Payments are not configured on this server.' */
export function requirePayments(app: FastifyInstance): Payments {
  if (!app.payments) throw new UnavailableError(paymentMessages.notConfigured);
  return app.payments;
}
