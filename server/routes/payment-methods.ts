import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { paymentMethodsApi } from '../../contract/payment-methods';
import { currentUser } from '../auth/plugin';
import { addCard, createSetupIntent, listCards, removeCard, switchDefaultCard } from '../payments/cards';
import { requirePayments } from '../payments/plugin';
import { route } from './route';

/** The operator's saved cards (SPEC 7 "Payment methods"); 503 when payments are not configured. */
const paymentMethodRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, paymentMethodsApi.setupIntent, async (request) => createSetupIntent(app.db, requirePayments(app).stripe, currentUser(request).id));
  route(app, paymentMethodsApi.list, async (request) => listCards(app.db, requirePayments(app).stripe, currentUser(request).id));
  route(app, paymentMethodsApi.add, async (request) =>
    addCard(app.db, requirePayments(app).stripe, currentUser(request).id, request.body.payment_method),
  );
  route(app, paymentMethodsApi.switchDefault, async (request) =>
    switchDefaultCard(app.db, requirePayments(app).stripe, currentUser(request).id, request.body.payment_method),
  );
  route(app, paymentMethodsApi.remove, async (request) =>
    removeCard(app.db, requirePayments(app).stripe, currentUser(request).id, request.params.id),
  );
};

export default paymentMethodRoutes;
