import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthAnswer } from '../../contract/health';

/** GET /api/health (extension, public): the process serves requests. It reads nothing, so it costs nothing. */
const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/health', { config: { public: true }, schema: { response: { 200: healthAnswer } } }, async () => ({ status: 'ok' as const }));
};

export default healthRoutes;
