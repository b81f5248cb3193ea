import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { brandAnswer, brandsPageAnswer, brandsPageQuery } from '../../contract/brands';
import { idParams } from '../../contract/http';
import { findBrand, listBrandsPage } from '../catalogue/brands';
import { notFound } from '../errors';

/** A brand by id (SPEC 7) and the paged, sorted, filtered brands of a subcategory (extension). */
const brandRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/brands', { schema: { querystring: brandsPageQuery, response: { 200: brandsPageAnswer } } }, async (request) =>
    listBrandsPage(app.db, request.query),
  );

  app.get('/api/brands/:id', { schema: { params: idParams, response: { 200: brandAnswer } } }, async (request) => {
    const brand = await findBrand(app.db, request.params.id);
    if (!brand) throw notFound('Brand');
    return { brand };
  });
};

export default brandRoutes;
