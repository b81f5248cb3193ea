import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { gridExportsApi } from '../../contract/grid-exports';
import { brandExclusionsCsv, brandsCsv } from '../export/brand-csv';
import { equipmentExclusionsCsv, equipmentsCsv } from '../export/equipment-csv';
import { eventsCsv } from '../export/event-csv';
import { sendCsv } from '../export/send-csv';
import { implement } from './route';

/**
 * Export every grid (docs/product.md#export): what a grid's filter and sort select, all of it, streamed as CSV. Static
 * paths (the brands' `export` beside `:id`...): Fastify's router tries a static segment before a parametric one (`:id`), whatever
 * the order the routes were registered in.
 */
const gridExportRoutes: FastifyPluginAsyncZod = async (app) => {
  implement(app, gridExportsApi, {
    brands: async (request, reply) => {
      const { name, csv } = await brandsCsv(app.db, request.query);
      return sendCsv(reply, name, csv);
    },
    events: async (request, reply) => {
      const { name, csv } = await eventsCsv(app.db, request.query);
      return sendCsv(reply, name, csv);
    },
    equipments: async (request, reply) => {
      const { name, csv } = await equipmentsCsv(app.db, request.query);
      return sendCsv(reply, name, csv);
    },
    equipmentExclusions: async (request, reply) => sendCsv(reply, 'equipment-exclusions', equipmentExclusionsCsv(app.db, request.query)),
    brandExclusions: async (request, reply) => sendCsv(reply, 'brand-exclusions', brandExclusionsCsv(app.db, request.query)),
  });
};

export default gridExportRoutes;
