import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { brandAnswer, brandsPageAnswer, brandsPageQuery, generateBrandsBody } from '../../contract/brands';
import { generateAnswer } from '../../contract/generation';
import { idParams } from '../../contract/http';
import { currentUser } from '../auth/plugin';
import { findBrand, listBrandsPage } from '../catalogue/brands';
import { notFound } from '../errors';

/** A brand by id (SPEC 7), the paged, sorted, filtered brands of a subcategory (extension), and generating them. */
const brandRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/brands', { schema: { querystring: brandsPageQuery, response: { 200: brandsPageAnswer } } }, async (request) =>
    listBrandsPage(app.db, request.query),
  );

  app.get('/api/brands/:id', { schema: { params: idParams, response: { 200: brandAnswer } } }, async (request) => {
    const brand = await findBrand(app.db, request.params.id);
    if (!brand) throw notFound('Brand');
    return { brand };
  });

  app.post('/api/brands/generate', { schema: { body: generateBrandsBody, response: { 200: generateAnswer } } }, async (request) =>
    app.generation.generateBrands(currentUser(request).id, request.body.subcategory_id),
  );
};

export default brandRoutes;
