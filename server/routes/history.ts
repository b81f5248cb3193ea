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

/**
 * Generation history, newest first (SPEC 7); messages are HTML that the client sanitises. The same for every
 * operator, and kept whole while the catalogue's version stands (a run's change that a history shows moves it,
 * migration 0012).
 */
const historyRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, historyApi.list, async (request) => generationHistory(app.db, request.query), { catalogueAnswer: true });
  route(app, historyApi.equipmentGeneration, async (request) => equipmentGenerationHistory(app.db, request.query.subcategory), { catalogueAnswer: true });
  route(app, historyApi.equipments, async (request) => equipmentsHistory(app.db, request.query.subcategory), { catalogueAnswer: true });
  route(app, historyApi.brandGeneration, async (request) => brandGenerationHistory(app.db, request.query), { catalogueAnswer: true });
  route(app, historyApi.brands, async () => brandsHistory(app.db), { catalogueAnswer: true });
};

export default historyRoutes;
