import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { exclusionsApi } from '../../contract/exclusions';
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
import { implement } from './route';

/** Excluding and un-excluding models and brands, and their lists (docs/product.md#calls). */
const exclusionRoutes: FastifyPluginAsyncZod = async (app) => {
  implement(app, exclusionsApi, {
    equipments: async (request, reply) => {
      const { equipments, total } = await listExcludedEquipments(app.db, request.query);
      reply.header('x-total-count', String(total));
      return equipments;
    },
    excludeEquipment: async (request) => excludeEquipment(app.db, app.notifier, { id: request.params.id, userId: currentUser(request).id }),
    unexcludeEquipment: async (request) =>
      unexcludeEquipment(app.db, app.notifier, { id: request.params.id, userId: currentUser(request).id }),
    // The token-era removal (its declaration says why): static paths, which Fastify's router tries before the numeric `:id` one.
    unexcludeEquipmentByName: async (request) =>
      unexcludeEquipmentByName(app.db, app.notifier, { ...request.body.data, userId: currentUser(request).id }),
    removeEquipmentByName: async (request) =>
      unexcludeEquipmentByName(app.db, app.notifier, { ...request.body.data, userId: currentUser(request).id }),

    brands: async (request, reply) => {
      const { brands, total } = await listExcludedBrands(app.db, request.query);
      reply.header('x-total-count', String(total));
      return brands;
    },
    excludeBrand: async (request) =>
      excludeBrandByName(app.db, app.notifier, {
        name: request.body.name,
        subcategoryId: request.body.subcategory_id,
        userId: currentUser(request).id,
      }),
    unexcludeBrand: async (request) => unexcludeBrand(app.db, app.notifier, { id: request.params.id, userId: currentUser(request).id }),
  });
};

export default exclusionRoutes;
