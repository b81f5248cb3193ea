import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { brandsApi } from '../../contract/brands';
import { currentUser } from '../auth/plugin';
import { findBrand, listBrandsPage } from '../catalogue/brands';
import { NotFoundError } from '../domain-errors';
import { route } from './route';

/** A brand by id (SPEC 7), the paged, sorted, filtered brands of a subcategory (extension), and generating them. */
const brandRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, brandsApi.list, async (request) => listBrandsPage(app.db, request.query), { catalogueAnswer: true });

  route(app, brandsApi.show, async (request) => {
    const brand = await findBrand(app.db, request.params.id);
    if (!brand) throw new NotFoundError('Brand');
    return { brand };
  }, { catalogueAnswer: true });

  route(app, brandsApi.generate, async (request) => app.generation.generateBrands(currentUser(request).id, request.body.subcategory_id));
};

export default brandRoutes;
