import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  equipmentBrandsAnswer,
  equipmentBrandsQuery,
  equipmentsAnswer,
  equipmentsQuery,
  updateEquipmentAnswer,
  updateEquipmentBody,
} from '../../contract/equipments';
import { listEquipmentBrands } from '../catalogue/brands';
import { listEquipments, updateEquipment } from '../catalogue/equipments';
import { notifierOf } from '../catalogue/notify';

/** Equipment models: the (paged) list, saving an edited row, and a subcategory's brands with their status (SPEC 7). */
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
};

export default equipmentRoutes;
