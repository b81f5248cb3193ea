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
import { route } from './route';

/** Excluding and un-excluding models and brands, and their lists (SPEC 7 "Exclusions"). */
const exclusionRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, exclusionsApi.equipments, async (request, reply) => {
    const { equipments, total } = await listExcludedEquipments(app.db, request.query);
    reply.header('x-total-count', String(total));
    return equipments;
  });

  // The token-era removal (its declaration says why): static routes, so the numeric route below never sees them.
  route(app, exclusionsApi.unexcludeEquipmentByName, async (request) =>
    unexcludeEquipmentByName(app.db, app.notifier, { ...request.body.data, userId: currentUser(request).id }),
  );
  route(app, exclusionsApi.removeEquipmentByName, async (request) =>
    unexcludeEquipmentByName(app.db, app.notifier, { ...request.body.data, userId: currentUser(request).id }),
  );

  route(app, exclusionsApi.excludeEquipment, async (request) =>
    excludeEquipment(app.db, app.notifier, { id: request.params.id, userId: currentUser(request).id }),
  );
  route(app, exclusionsApi.unexcludeEquipment, async (request) =>
    unexcludeEquipment(app.db, app.notifier, { id: request.params.id, userId: currentUser(request).id }),
  );

  route(app, exclusionsApi.brands, async (request, reply) => {
    const { brands, total } = await listExcludedBrands(app.db, request.query);
    reply.header('x-total-count', String(total));
    return brands;
  });
  route(app, exclusionsApi.excludeBrand, async (request) =>
    excludeBrandByName(app.db, app.notifier, {
      name: request.body.name,
      subcategoryId: request.body.subcategory_id,
      userId: currentUser(request).id,
    }),
  );
  route(app, exclusionsApi.unexcludeBrand, async (request) =>
    unexcludeBrand(app.db, app.notifier, { id: request.params.id, userId: currentUser(request).id }),
  );
};

export default exclusionRoutes;
