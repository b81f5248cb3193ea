import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { runMessages, runsApi } from '../../contract/runs';
import { currentUser } from '../auth/plugin';
import { operatorEmail } from '../auth/users';
import { findRun, listRuns } from '../generation/run-views';
import { implement } from './route';

/** The runs centre: the operator's runs, and Cancel and Retry on one of them. */
const runRoutes: FastifyPluginAsyncZod = async (app) => {
  implement(app, runsApi, {
    list: async (request) => listRuns(app.db, currentUser(request).id, request.query),

    cancel: async (request) => {
      const userId = currentUser(request).id;
      await app.generation.cancel(userId, request.params.id, await operatorEmail(app.db, userId));
      return { run: await findRun(app.db, request.params.id), message: runMessages.cancelDone };
    },

    retry: async (request) => {
      const queued = await app.generation.retry(currentUser(request).id, request.params.id);
      return { run: await findRun(app.db, queued), message: runMessages.retried };
    },
  });
};

export default runRoutes;
