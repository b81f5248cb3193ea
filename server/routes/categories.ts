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
import { implement } from './route';

/** The category tree, its scoped variant, and renaming and moving categories and subcategories (docs/product.md#calls). */
const categoryRoutes: FastifyPluginAsyncZod = async (app) => {
  implement(app, categoriesApi, {
    // Both answer JSON text built from parts encoded by their contract schemas (the tree is kept in memory).
    list: { catalogueAnswer: true, handler: async (request, reply) => sendJson(reply, await categoriesAnswerJson(app.db, request.query)) },
    withSubcategories: {
      catalogueAnswer: true,
      handler: async (request, reply) => sendJson(reply, await categoriesWithSubcategoriesJson(app.db, request.query)),
    },

    renameCategory: async (request) => renameCategory(app.db, app.notifier, request.body),
    renameSubcategory: async (request) => renameSubcategory(app.db, app.notifier, request.body),
    moveSubcategory: async (request) => moveSubcategory(app.db, app.notifier, request.body),
    moveSubcategoryVariant: async (request) =>
      moveSubcategory(app.db, app.notifier, { subcategoryId: request.body.subcategoryId, newCategoryId: request.body.newCategory }),
  });
};

export default categoryRoutes;
