import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eventsApi } from '../../contract/events';
import { currentUser } from '../auth/plugin';
import { listEventsPage } from '../catalogue/events';
import { route } from './route';

/** The paged, sorted, filtered events of a category (extension), and generating them (SPEC 7). */
const eventRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, eventsApi.list, async (request) => listEventsPage(app.db, request.query), { catalogueAnswer: true });
  route(app, eventsApi.generate, async (request) => app.generation.generateEvents(currentUser(request).id, request.body.category_id));
};

export default eventRoutes;
