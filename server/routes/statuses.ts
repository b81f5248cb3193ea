import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { equipmentStatusesAnswer, equipmentStatusesQuery, statusesAnswer, statusesQuery } from '../../contract/statuses';
import { sendJson } from '../catalogue/answer-cache';
import { equipmentStatusesJson, statusesJson } from '../catalogue/statuses';

/** Every status, and the per-brand equipment statuses (scoped on request): answers kept in memory while the catalogue's version stands. */
const statusRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/statuses', { schema: { querystring: statusesQuery, response: { 200: statusesAnswer } } }, async (request, reply) =>
    sendJson(reply, await statusesJson(app.db, { perBrand: request.query.per_brand })),
  );
  app.get(
    '/api/equipments/statuses',
    { schema: { querystring: equipmentStatusesQuery, response: { 200: equipmentStatusesAnswer } } },
    async (request, reply) => sendJson(reply, await equipmentStatusesJson(app.db, request.query)),
  );
};

export default statusRoutes;
