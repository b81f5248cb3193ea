import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { historyApi } from '../../contract/history';
import {
  brandGenerationHistory,
  brandsHistory,
  equipmentGenerationHistory,
  equipmentsHistory,
  generationHistory,
} from '../catalogue/history';
import { route } from './route';

/** Generation history, newest first (SPEC 7); messages are HTML that the client sanitises. */
const historyRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, historyApi.list, async (request) => generationHistory(app.db, request.query));
  route(app, historyApi.equipmentGeneration, async (request) => equipmentGenerationHistory(app.db, request.query.subcategory));
  route(app, historyApi.equipments, async (request) => equipmentsHistory(app.db, request.query.subcategory));
  route(app, historyApi.brandGeneration, async (request) => brandGenerationHistory(app.db, request.query));
  route(app, historyApi.brands, async () => brandsHistory(app.db));
};

export default historyRoutes;
