import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { historyApi } from '../../contract/history';
import {
  brandGenerationHistory,
  brandsHistory,
  equipmentGenerationHistory,
  equipmentsHistory,
  generationHistory,
} from '../catalogue/history';
import { implement } from './route';

/**
 * Generation history, newest first (docs/product.md#calls); messages are HTML that the client sanitises. The same for every
 * operator, and kept whole while the catalogue's version stands (a run's change that a history shows moves it,
 * migration 0012).
 */
const historyRoutes: FastifyPluginAsyncZod = async (app) => {
  implement(app, historyApi, {
    list: { catalogueAnswer: true, handler: async (request) => generationHistory(app.db, request.query) },
    equipmentGeneration: {
      catalogueAnswer: true,
      handler: async (request) => equipmentGenerationHistory(app.db, request.query.subcategory),
    },
    equipments: { catalogueAnswer: true, handler: async (request) => equipmentsHistory(app.db, request.query.subcategory) },
    brandGeneration: { catalogueAnswer: true, handler: async (request) => brandGenerationHistory(app.db, request.query) },
    brands: { catalogueAnswer: true, handler: async () => brandsHistory(app.db) },
  });
};

export default historyRoutes;
