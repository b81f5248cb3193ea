import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { generationApi } from '../../contract/estimate';
import { currentUser } from '../auth/plugin';
import { route } from './route';

/** POST /api/generation/estimate (issue 12): a generate call's cost, before the operator confirms it. */
const generationRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, generationApi.typicalCosts, async (request) => app.generation.typicalCosts(currentUser(request).id));
  route(app, generationApi.estimate, async (request) => app.generation.estimate(currentUser(request).id, request.body));
};

export default generationRoutes;
