import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { gridSettingsApi } from '../../contract/grid-settings';
import { currentUser } from '../auth/plugin';
import { readGridColumns, saveGridColumns } from '../preferences/grid-settings';
import { implement } from './route';

/** The operator's columns of each grid (server/preferences/grid-settings.ts). */
const gridSettingRoutes: FastifyPluginAsyncZod = async (app) => {
  implement(app, gridSettingsApi, {
    show: async (request) => ({
      columns: await readGridColumns(app.db, currentUser(request).id, request.params.grid),
    }),
    update: async (request) => ({
      columns: await saveGridColumns(app.db, currentUser(request).id, request.params.grid, request.body.columns),
    }),
  });
};

export default gridSettingRoutes;
