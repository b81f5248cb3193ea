import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eventsPageAnswer, eventsPageQuery } from '../../contract/events';
import { listEventsPage } from '../catalogue/events';

/** The paged, sorted, filtered events of a category (extension). */
const eventRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/events', { schema: { querystring: eventsPageQuery, response: { 200: eventsPageAnswer } } }, async (request) =>
    listEventsPage(app.db, request.query),
  );
};

export default eventRoutes;
