import { statusesApi } from '../../contract/statuses';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listEquipmentStatuses, statusesOf } from '../catalogue/statuses';
import { implement } from './route';

/** Every status, and the per-brand equipment statuses (scoped on request): answers kept while the catalogue's version stands. */
const statusRoutes: FastifyPluginAsyncZod = async (app) => {
  implement(app, statusesApi, {
    list: {
      catalogueAnswer: true,
      handler: async (request) =>
        statusesOf(app.db, {
          perBrand: request.query.per_brand,
          records: request.query.records,
          categoryId: request.query.category_id,
          subcategoryId: request.query.subcategory_id,
        }),
    },
    equipments: { catalogueAnswer: true, handler: async (request) => ({ statuses: await listEquipmentStatuses(app.db, request.query) }) },
  });
};

export default statusRoutes;
