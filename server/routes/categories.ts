import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { categoriesAnswer, categoriesQuery } from '../../contract/categories';
import { listCategories } from '../catalogue/categories';
import { listStatuses } from '../catalogue/statuses';

const categoryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/categories', { schema: { querystring: categoriesQuery, response: { 200: categoriesAnswer } } }, async () => {
    const [categories, statuses] = await Promise.all([listCategories(app.db), listStatuses(app.db)]);
    return { categories, brands: [], events: [], statuses };
  });
};

export default categoryRoutes;
