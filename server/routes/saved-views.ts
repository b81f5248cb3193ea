import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { savedViewsApi } from '../../contract/saved-views';
import { currentUser } from '../auth/plugin';
import { createSavedView, deleteSavedView, listSavedViews, updateSavedView } from '../preferences/saved-views';
import { implement } from './route';

/** The operator's saved views of each grid (server/preferences/saved-views.ts); another operator's view is a 404. */
const savedViewRoutes: FastifyPluginAsyncZod = async (app) => {
  implement(app, savedViewsApi, {
    list: async (request) => ({
      views: await listSavedViews(app.db, currentUser(request).id, request.query.grid),
    }),
    create: async (request) => createSavedView(app.db, currentUser(request).id, request.body),
    update: async (request) => updateSavedView(app.db, currentUser(request).id, request.params.id, request.body),
    remove: async (request) => ({
      id: await deleteSavedView(app.db, currentUser(request).id, request.params.id),
    }),
  });
};

export default savedViewRoutes;
