import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { equipmentStatusesAnswer, statusesAnswer } from '../../contract/statuses';
import { listEquipmentStatuses, listStatuses } from '../catalogue/statuses';

const statusRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/statuses', { schema: { response: { 200: statusesAnswer } } }, async () => ({ statuses: await listStatuses(app.db) }));
  app.get('/api/equipments/statuses', { schema: { response: { 200: equipmentStatusesAnswer } } }, async () => ({
    statuses: await listEquipmentStatuses(app.db),
  }));
};

export default statusRoutes;
