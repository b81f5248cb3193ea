import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  equipmentBrandsAnswer,
  equipmentBrandsQuery,
  equipmentsAnswer,
  equipmentsQuery,
  generateEquipmentsBody,
  generateModelsAnswer,
  generateModelsBody,
  updateEquipmentAnswer,
  updateEquipmentBody,
} from '../../contract/equipments';
import { generateAnswer } from '../../contract/generation';
import { currentUser } from '../auth/plugin';
import { listEquipmentBrands } from '../catalogue/brands';
import { listEquipments, updateEquipment } from '../catalogue/equipments';
import { notifierOf } from '../notify/notifier';

/** Equipment models: the (paged) list, saving an edited row, a subcategory's brands with their status, generation (SPEC 7). */
const equipmentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/equipments', { schema: { querystring: equipmentsQuery, response: { 200: equipmentsAnswer } } }, async (request) =>
    listEquipments(app.db, request.query),
  );

  app.post('/api/equipments/update', { schema: { body: updateEquipmentBody, response: { 200: updateEquipmentAnswer } } }, async (request) =>
    updateEquipment(app.db, notifierOf(app), request.body),
  );

  app.get(
    '/api/equipments/brands',
    { schema: { querystring: equipmentBrandsQuery, response: { 200: equipmentBrandsAnswer } } },
    async (request) => listEquipmentBrands(app.db, request.query),
  );

  app.post('/api/equipments/generate', { schema: { body: generateEquipmentsBody, response: { 200: generateAnswer } } }, async (request) =>
    app.generation.generateEquipments(currentUser(request).id, request.body),
  );

  app.post(
    '/api/equipments/generate-models',
    { schema: { body: generateModelsBody, response: { 200: generateModelsAnswer } } },
    async (request) => ({ models: await app.generation.generateModels(currentUser(request).id, request.body.brand, request.body.subcategory_id) }),
  );
};

export default equipmentRoutes;
