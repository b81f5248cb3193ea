import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { overviewApi } from '../../contract/overview';
import { currentUser } from '../auth/plugin';
import { sendJson } from '../catalogue/answer-cache';
import { overviewJson } from '../catalogue/overview';
import { perRequestAnswerCompression } from '../plugins/compression';
import { implement } from './route';

/** GET /api/overview (extension): what the dashboard home shows. */
const overviewRoutes: FastifyPluginAsyncZod = async (app) => {
  implement(app, overviewApi, {
    show: {
      compress: perRequestAnswerCompression,
      handler: async (request, reply) => sendJson(reply, await overviewJson(app.db, currentUser(request).id)),
    },
  });
};

export default overviewRoutes;
