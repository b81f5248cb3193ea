import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { excludeBrandBody } from '../../contract/brands';
import { equipmentExclusionPathParams } from '../../contract/equipments';
import {
  brandExclusionsAnswer,
  equipmentExclusionsAnswer,
  exclusionsQuery,
  removeExclusionByNameBody,
} from '../../contract/exclusions';
import { idParams, messageAnswer } from '../../contract/http';
import { currentUser } from '../auth/plugin';
import { listExcludedBrands } from '../catalogue/brands';
import {
  excludeBrandByName,
  excludeEquipment,
  listExcludedEquipments,
  unexcludeBrand,
  unexcludeEquipment,
  unexcludeEquipmentByName,
} from '../catalogue/exclusions';
import { notifierOf } from '../notify/notifier';

/** Excluding and un-excluding models and brands, and their lists (SPEC 7 "Exclusions"). */
const exclusionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/equipments/exclusions',
    { schema: { querystring: exclusionsQuery, response: { 200: equipmentExclusionsAnswer } } },
    async (request, reply) => {
      const { equipments, total } = await listExcludedEquipments(app.db, request.query);
      reply.header('x-total-count', String(total));
      return equipments;
    },
  );

  // The token-era removal: the original client leaves `{id}` unsubstituted in the path (sent as %7Bid%7D) and
  // names the model in the body. A static route, so the numeric route below never sees (and refuses) it.
  const removeByName = { schema: { body: removeExclusionByNameBody, response: { 200: messageAnswer } } };
  const removeByNameHandler = async (request: { body: { data: { brand: string; model: string } } }) =>
    unexcludeEquipmentByName(app.db, notifierOf(app), request.body.data);
  app.post('/api/equipments/exclusions/{id}', removeByName, removeByNameHandler);
  app.post('/api/equipments/exclusions/remove', removeByName, removeByNameHandler);

  app.post(
    '/api/equipments/exclusions/:id',
    { schema: { params: equipmentExclusionPathParams, response: { 200: messageAnswer } } },
    async (request) => excludeEquipment(app.db, notifierOf(app), { id: request.params.id, userId: currentUser(request).id }),
  );

  app.delete(
    '/api/equipments/exclusions/:id',
    { schema: { params: equipmentExclusionPathParams, response: { 200: messageAnswer } } },
    async (request) => unexcludeEquipment(app.db, notifierOf(app), { id: request.params.id }),
  );

  app.get(
    '/api/brands/exclusions',
    { schema: { querystring: exclusionsQuery, response: { 200: brandExclusionsAnswer } } },
    async (request, reply) => {
      const { brands, total } = await listExcludedBrands(app.db, request.query);
      reply.header('x-total-count', String(total));
      return brands;
    },
  );

  app.post('/api/brands/exclusions', { schema: { body: excludeBrandBody, response: { 200: messageAnswer } } }, async (request) =>
    excludeBrandByName(app.db, notifierOf(app), {
      name: request.body.name,
      subcategoryId: request.body.subcategory_id,
      userId: currentUser(request).id,
    }),
  );

  app.delete('/api/brands/exclusions/:id', { schema: { params: idParams, response: { 200: messageAnswer } } }, async (request) =>
    unexcludeBrand(app.db, notifierOf(app), { id: request.params.id }),
  );
};

export default exclusionRoutes;
