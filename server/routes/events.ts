import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eventsApi } from '../../contract/events';
import { currentUser } from '../auth/plugin';
import { listEventsPage } from '../catalogue/events';
import { implement } from './route';

/** The paged, sorted, filtered events of a category (extension), and generating them (docs/product.md#calls). */
const eventRoutes: FastifyPluginAsyncZod = async (app) => {
  implement(app, eventsApi, {
    list: { catalogueAnswer: true, handler: async (request) => listEventsPage(app.db, request.query) },
    generate: async (request) => app.generation.generateEvents(currentUser(request).id, request.body.category_id),
  });
};

export default eventRoutes;
