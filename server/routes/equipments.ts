import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { equipmentsApi } from '../../contract/equipments';
import { currentUser } from '../auth/plugin';
import { listEquipmentBrands } from '../catalogue/brands';
import { listEquipments, updateEquipment } from '../catalogue/equipments';
import { route } from './route';

/** Equipment models: the (paged) list, saving an edited row, a subcategory's brands with their status, generation (SPEC 7). */
const equipmentRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, equipmentsApi.list, async (request) => listEquipments(app.db, request.query), { catalogueAnswer: true });
  route(app, equipmentsApi.update, async (request) => updateEquipment(app.db, app.notifier, request.body));
  route(app, equipmentsApi.brands, async (request) => listEquipmentBrands(app.db, request.query), { catalogueAnswer: true });
  route(app, equipmentsApi.generate, async (request) => app.generation.generateEquipments(currentUser(request).id, request.body));
  route(app, equipmentsApi.generateModels, async (request) => ({
    models: await app.generation.generateModels(currentUser(request).id, request.body.brand, request.body.subcategory_id),
  }));
};

export default equipmentRoutes;
