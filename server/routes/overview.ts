import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { overviewAnswer } from '../../contract/overview';
import { currentUser } from '../auth/plugin';
import { overview } from '../catalogue/overview';

/** GET /api/overview (extension): what the dashboard home shows. */
const overviewRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/overview', { schema: { response: { 200: overviewAnswer } } }, async (request) => overview(app.db, currentUser(request).id));
};

export default overviewRoutes;
