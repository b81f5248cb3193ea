import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eventsPageAnswer, eventsPageQuery, generateEventsAnswer, generateEventsBody } from '../../contract/events';
import { currentUser } from '../auth/plugin';
import { listEventsPage } from '../catalogue/events';

/** The paged, sorted, filtered events of a category (extension), and generating them (SPEC 7). */
const eventRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/events', { schema: { querystring: eventsPageQuery, response: { 200: eventsPageAnswer } } }, async (request) =>
    listEventsPage(app.db, request.query),
  );

  app.post('/api/events/generate', { schema: { body: generateEventsBody, response: { 200: generateEventsAnswer } } }, async (request) =>
    app.generation.generateEvents(currentUser(request).id, request.body.category_id),
  );
};

export default eventRoutes;
