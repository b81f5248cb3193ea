import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type Stripe from 'stripe';
import { paymentMessages } from '../../contract/payment-methods';
import type { StripeConfig } from '../config';
import type { PaymentsContext } from './context';
import { installationId } from './installation';
import { announceBalance } from './notify';
import { reconcilePurchases } from './reconcile';
import { Reconciler, reconcileEveryMs } from './reconciler';
import { createStripeClient } from './stripe-client';
import { UnavailableError } from '../domain-errors';

export interface Payments {
  stripe: Stripe;
  /** STRIPE_WEBHOOK_SECRET: without it the webhook endpoint refuses every call (the reconciliation still credits). */
  webhookSecret: string | undefined;
  /** This database's installation (installation.ts). */
  installationId: string;
  context: PaymentsContext;
  /** The reconciliation's timer (docs/decisions/0020-purchases-that-are-never-lost.md). */
  reconciler: Reconciler;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The Stripe client, or null when payments are not configured (the payment endpoints then answer 503). */
    payments: Payments | null;
  }
}

/**
 * `await app.register(paymentsPlugin, { config: config.stripe })`: decorates `app.payments` and starts the
 * reconciliation when the server is ready (stopped before the database closes).
 */
export default fp<{ config: StripeConfig | undefined }>(
  async (app, { config }) => {
    if (!config) {
      app.decorate('payments', null);
      return;
    }
    const stripe = await createStripeClient(config);
    const log = app.log.child({ component: 'payments' });
    const context: PaymentsContext = {
      db: app.db,
      stripe,
      installationId: await installationId(app.db),
      announce: (userId, balance) => announceBalance(app, userId, balance),
      log,
    };
    const reconciler = new Reconciler(
      (signal) => reconcilePurchases(context, { signal }),
      config.reconcileEveryMs ?? reconcileEveryMs,
      log,
    );
    app.decorate('payments', { stripe, webhookSecret: config.webhookSecret, installationId: context.installationId, context, reconciler });
    app.addHook('onReady', async () => reconciler.start());
    app.addHook('preClose', () => reconciler.stop());
  },
  { name: 'payments', dependencies: ['database', 'notifier'] },
);

/** The configured payments, or a 503 'Payments are not configured on this server.' */
export function requirePayments(app: FastifyInstance): Payments {
  if (!app.payments) throw new UnavailableError(paymentMessages.notConfigured);
  return app.payments;
}
