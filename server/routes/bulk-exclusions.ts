import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bulkExclusionsApi } from '../../contract/bulk-exclusions';
import { currentUser } from '../auth/plugin';
import { bulkExcludeBrands, bulkExcludeModels } from '../catalogue/bulk-exclusions';
import { implement } from './route';

/** Bulk exclusion of brands and of models: a hand-picked selection or every row a filter matches (contract/bulk-exclusions.ts). */
const bulkExclusionRoutes: FastifyPluginAsyncZod = async (app) => {
  implement(app, bulkExclusionsApi, {
    brands: async (request) =>
      bulkExcludeBrands(app.db, app.notifier, {
        userId: currentUser(request).id,
        excluded: request.body.excluded,
        selection: request.body.selection,
      }),
    models: async (request) =>
      bulkExcludeModels(app.db, app.notifier, {
        userId: currentUser(request).id,
        excluded: request.body.excluded,
        selection: request.body.selection,
      }),
  });
};

export default bulkExclusionRoutes;
