import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorAnswer } from '../../contract/http';
import {
  paymentMethodBody,
  paymentMethodParams,
  paymentMethodsAnswer,
  paymentMethodsChangeAnswer,
  setupIntentAnswer,
} from '../../contract/payment-methods';
import { currentUser } from '../auth/plugin';
import { addCard, createSetupIntent, listCards, removeCard, switchDefaultCard } from '../payments/cards';
import { requirePayments } from '../payments/plugin';

const failures = { 402: errorAnswer, 404: errorAnswer, 422: errorAnswer, 502: errorAnswer, 503: errorAnswer };

/** The operator's saved cards (SPEC 7 "Payment methods"); 503 when payments are not configured. */
const paymentMethodRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/api/payment-methods/setup-intent', { schema: { response: { 200: setupIntentAnswer, ...failures } } }, async (request) =>
    createSetupIntent(app.db, requirePayments(app).stripe, currentUser(request).id),
  );

  app.get('/api/payment-methods', { schema: { response: { 200: paymentMethodsAnswer, ...failures } } }, async (request) =>
    listCards(app.db, requirePayments(app).stripe, currentUser(request).id),
  );

  app.post(
    '/api/payment-methods',
    { schema: { body: paymentMethodBody, response: { 200: paymentMethodsChangeAnswer, ...failures } } },
    async (request) => addCard(app.db, requirePayments(app).stripe, currentUser(request).id, request.body.payment_method),
  );

  app.post(
    '/api/payment-methods/switch-default',
    { schema: { body: paymentMethodBody, response: { 200: paymentMethodsChangeAnswer, ...failures } } },
    async (request) => switchDefaultCard(app.db, requirePayments(app).stripe, currentUser(request).id, request.body.payment_method),
  );

  app.delete(
    '/api/payment-methods/:id',
    { schema: { params: paymentMethodParams, response: { 200: paymentMethodsChangeAnswer, ...failures } } },
    async (request) => removeCard(app.db, requirePayments(app).stripe, currentUser(request).id, request.params.id),
  );
};

export default paymentMethodRoutes;
