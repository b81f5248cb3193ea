import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { estimateApi } from '../../contract/estimate';
import { currentUser } from '../auth/plugin';
import { implement } from './route';

/** POST /api/generation/estimate (docs/decisions/0008-money-and-runs-in-sight.md): a generate call's cost, before the operator confirms it. */
const generationRoutes: FastifyPluginAsyncZod = async (app) => {
  implement(app, estimateApi, {
    typicalCosts: async (request) => app.generation.typicalCosts(currentUser(request).id),
    estimate: async (request) => app.generation.estimate(currentUser(request).id, request.body),
  });
};

export default generationRoutes;
