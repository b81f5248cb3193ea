import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { overviewApi } from '../../contract/overview';
import { currentUser } from '../auth/plugin';
import { overview } from '../catalogue/overview';
import { route } from './route';

/** GET /api/overview (extension): what the dashboard home shows. */
const overviewRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, overviewApi.show, async (request) => overview(app.db, currentUser(request).id));
};

export default overviewRoutes;
