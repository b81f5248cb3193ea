import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { preferencesApi } from '../../contract/preferences';
import { currentUser } from '../auth/plugin';
import { readPreferences, updatePreferences } from '../preferences/preferences';
import { implement } from './route';

/** The operator's preferences (server/preferences/preferences.ts). */
const preferenceRoutes: FastifyPluginAsyncZod = async (app) => {
  implement(app, preferencesApi, {
    show: async (request) => readPreferences(app.db, currentUser(request).id),
    update: async (request) => updatePreferences(app.db, currentUser(request).id, request.body),
  });
};

export default preferenceRoutes;
