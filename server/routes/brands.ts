import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { brandsApi } from '../../contract/brands';
import { currentUser } from '../auth/plugin';
import { findBrand, listBrandsPage } from '../catalogue/brands';
import { NotFoundError } from '../domain-errors';
import { implement } from './route';

/** A brand by id (docs/product.md#calls), the paged, sorted, filtered brands of a subcategory (extension), and generating them. */
const brandRoutes: FastifyPluginAsyncZod = async (app) => {
  implement(app, brandsApi, {
    list: { catalogueAnswer: true, handler: async (request) => listBrandsPage(app.db, request.query) },

    show: {
      catalogueAnswer: true,
      handler: async (request) => {
        const brand = await findBrand(app.db, request.params.id);
        if (!brand) throw new NotFoundError('Brand');
        return { brand };
      },
    },

    generate: async (request) => app.generation.generateBrands(currentUser(request).id, request.body.subcategory_id),
  });
};

export default brandRoutes;
