import { statusesApi } from '../../contract/statuses';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendJson } from '../catalogue/answer-cache';
import { equipmentStatusesJson, statusesJson } from '../catalogue/statuses';
import { route } from './route';

/** Every status, and the per-brand equipment statuses (scoped on request): answers kept in memory while the catalogue's version stands. */
const statusRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, statusesApi.list, async (request, reply) => sendJson(reply, await statusesJson(app.db, { perBrand: request.query.per_brand, records: request.query.records })));
  route(app, statusesApi.equipments, async (request, reply) => sendJson(reply, await equipmentStatusesJson(app.db, request.query)));
};

export default statusRoutes;
