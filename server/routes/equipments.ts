import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { equipmentsApi } from '../../contract/equipments';
import { currentUser } from '../auth/plugin';
import { listEquipmentBrands } from '../catalogue/brands';
import { listEquipments, updateEquipment } from '../catalogue/equipments';
import { implement } from './route';

/** Equipment models: the (paged) list, saving an edited row, a subcategory's brands with their status, generation (docs/product.md#calls). */
const equipmentRoutes: FastifyPluginAsyncZod = async (app) => {
  implement(app, equipmentsApi, {
    list: { catalogueAnswer: true, handler: async (request) => listEquipments(app.db, request.query) },
    update: async (request) => updateEquipment(app.db, app.notifier, request.body),
    brands: { catalogueAnswer: true, handler: async (request) => listEquipmentBrands(app.db, request.query) },
    generate: async (request) => app.generation.generateEquipments(currentUser(request).id, request.body),
    generateModels: async (request) => ({
      models: await app.generation.generateModels(currentUser(request).id, request.body.brand, request.body.subcategory_id),
    }),
  });
};

export default equipmentRoutes;
