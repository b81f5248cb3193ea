import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { brandHistoryQuery } from '../../contract/history';
import {
  brandsHistoryAnswer,
  equipmentHistoryQuery,
  equipmentsHistoryAnswer,
  equipmentsHistoryQuery,
  historyListAnswer,
  historyQuery,
} from '../../contract/history';
import {
  brandGenerationHistory,
  brandsHistory,
  equipmentGenerationHistory,
  equipmentsHistory,
  generationHistory,
} from '../catalogue/history';

/** Generation history, newest first (SPEC 7); messages are HTML that the client sanitises. */
const historyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/history', { schema: { querystring: historyQuery, response: { 200: historyListAnswer } } }, async (request) =>
    generationHistory(app.db, request.query),
  );

  app.get(
    '/api/equipment-generation-history',
    { schema: { querystring: equipmentHistoryQuery, response: { 200: historyListAnswer } } },
    async (request) => equipmentGenerationHistory(app.db, request.query.subcategory),
  );

  app.get(
    '/api/equipments/history',
    { schema: { querystring: equipmentsHistoryQuery, response: { 200: equipmentsHistoryAnswer } } },
    async (request) => equipmentsHistory(app.db, request.query.subcategory),
  );

  app.get(
    '/api/brand-generation-history',
    { schema: { querystring: brandHistoryQuery, response: { 200: historyListAnswer } } },
    async (request) => brandGenerationHistory(app.db, request.query),
  );

  app.get('/api/brands/history', { schema: { response: { 200: brandsHistoryAnswer } } }, async () => brandsHistory(app.db));
};

export default historyRoutes;
