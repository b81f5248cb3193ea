import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { categoriesApi } from '../../contract/categories';
import { sendJson } from '../catalogue/answer-cache';
import {
  categoriesAnswerJson,
  categoriesWithSubcategoriesJson,
  moveSubcategory,
  renameCategory,
  renameSubcategory,
} from '../catalogue/categories';
import { route } from './route';

/** The category tree, its scoped variant, and renaming and moving categories and subcategories (SPEC 7). */
const categoryRoutes: FastifyPluginAsyncZod = async (app) => {
  // Both answer JSON text built from parts encoded by their contract schemas (the tree is kept in memory).
  route(app, categoriesApi.list, async (request, reply) => sendJson(reply, await categoriesAnswerJson(app.db, request.query)), {
    catalogueAnswer: true,
  });
  route(
    app,
    categoriesApi.withSubcategories,
    async (request, reply) => sendJson(reply, await categoriesWithSubcategoriesJson(app.db, request.query)),
    { catalogueAnswer: true },
  );

  route(app, categoriesApi.renameCategory, async (request) => renameCategory(app.db, app.notifier, request.body));
  route(app, categoriesApi.renameSubcategory, async (request) => renameSubcategory(app.db, app.notifier, request.body));
  route(app, categoriesApi.moveSubcategory, async (request) => moveSubcategory(app.db, app.notifier, request.body));
  route(app, categoriesApi.moveSubcategoryVariant, async (request) =>
    moveSubcategory(app.db, app.notifier, { subcategoryId: request.body.subcategoryId, newCategoryId: request.body.newCategory }),
  );
};

export default categoryRoutes;
