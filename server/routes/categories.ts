import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  categoriesAnswer,
  categoriesQuery,
  categoriesWithSubcategoriesAnswer,
  categoriesWithSubcategoriesQuery,
  moveSubcategoryBody,
  moveSubcategoryVariantBody,
  renameAnswer,
  renameBody,
} from '../../contract/categories';
import { sendJson } from '../catalogue/answer-cache';
import {
  categoriesAnswerJson,
  categoriesWithSubcategoriesJson,
  moveSubcategory,
  renameCategory,
  renameSubcategory,
} from '../catalogue/categories';
import { notifierOf } from '../notify/notifier';

/** The category tree, its scoped variant, and renaming and moving categories and subcategories (SPEC 7). */
const categoryRoutes: FastifyPluginAsyncZod = async (app) => {
  // Both answer JSON text built from parts encoded by their contract schemas (the tree is kept in memory).
  app.get(
    '/api/categories',
    { schema: { querystring: categoriesQuery, response: { 200: categoriesAnswer } } },
    async (request, reply) => sendJson(reply, await categoriesAnswerJson(app.db, request.query)),
  );

  app.get(
    '/api/categories-with-subcategories',
    { schema: { querystring: categoriesWithSubcategoriesQuery, response: { 200: categoriesWithSubcategoriesAnswer } } },
    async (request, reply) => sendJson(reply, await categoriesWithSubcategoriesJson(app.db, request.query)),
  );

  app.post('/api/categories/update', { schema: { body: renameBody, response: { 200: renameAnswer } } }, async (request) =>
    renameCategory(app.db, notifierOf(app), request.body),
  );

  app.post('/api/subcategories/update', { schema: { body: renameBody, response: { 200: renameAnswer } } }, async (request) =>
    renameSubcategory(app.db, notifierOf(app), request.body),
  );

  app.post(
    '/api/equipments/subcategory/update',
    { schema: { body: moveSubcategoryBody, response: { 200: renameAnswer } } },
    async (request) => moveSubcategory(app.db, notifierOf(app), request.body),
  );

  app.post(
    '/api/subcategory/update-category',
    { schema: { body: moveSubcategoryVariantBody, response: { 200: renameAnswer } } },
    async (request) =>
      moveSubcategory(app.db, notifierOf(app), { subcategoryId: request.body.subcategoryId, newCategoryId: request.body.newCategory }),
  );
};

export default categoryRoutes;
