import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthApi } from '../../contract/health';
import { implement } from './route';

/** GET /api/health (extension, public): the process serves requests. It reads nothing, so it costs nothing. */
const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  implement(app, healthApi, { show: async () => ({ status: 'ok' as const }) });
};

export default healthRoutes;
