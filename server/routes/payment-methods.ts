import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type Stripe from 'stripe';
import { paymentMethodsApi } from '../../contract/payment-methods';
import { currentUser } from '../auth/plugin';
import { addCard, createSetupIntent, listCards, removeCard, switchDefaultCard } from '../payments/cards';
import type { Owner } from '../payments/owner';
import { requirePayments } from '../payments/plugin';
import { implement } from './route';

/** The operator's saved cards (docs/product.md#calls); 503 when payments are not configured. */
const paymentMethodRoutes: FastifyPluginAsyncZod = async (app) => {
  /** The Stripe client and whose cards these are: this installation's signed-in operator. */
  const payer = (request: FastifyRequest): { stripe: Stripe; owner: Owner } => {
    const { stripe, installationId } = requirePayments(app);
    return { stripe, owner: { installationId, userId: currentUser(request).id } };
  };

  implement(app, paymentMethodsApi, {
    setupIntent: async (request) => {
      const { stripe, owner } = payer(request);
      return createSetupIntent(app.db, stripe, owner);
    },
    list: async (request) => {
      const { stripe, owner } = payer(request);
      return listCards(app.db, stripe, owner);
    },
    add: async (request) => {
      const { stripe, owner } = payer(request);
      return addCard(app.db, stripe, owner, request.body.payment_method);
    },
    switchDefault: async (request) => {
      const { stripe, owner } = payer(request);
      return switchDefaultCard(app.db, stripe, owner, request.body.payment_method);
    },
    remove: async (request) => {
      const { stripe, owner } = payer(request);
      return removeCard(app.db, stripe, owner, request.params.id);
    },
  });
};

export default paymentMethodRoutes;
