import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { EndpointReply } from '../../contract/endpoint';
import { apiReferencePath, openApiApi } from '../../contract/openapi';
import { implement } from '../routes/route';

export interface OpenApiOptions {
  /** Serve the interactive API reference at /api/reference (development only). */
  reference: boolean;
}

/**
 * The API described for its users: @fastify/swagger collects every route registered after this plugin, with the
 * zod schemas of its declaration (server/routes/route.ts), into an OpenAPI 3.1 document served at
 * GET /api/openapi.json behind the token like every other call. In development, Swagger UI at /api/reference.
 */
export default fp(
  async (app, options: OpenApiOptions) => {
    await app.register(fastifySwagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'Catalogue dashboard API',
          version: '1',
          description:
            'The API of the catalogue dashboard. Every call but sign-in needs `Authorization: Bearer <token>` (POST /api/login).',
        },
        components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
        security: [{ bearer: [] }],
      },
      transform: (input) => {
        const transformed = jsonSchemaTransform(input);
        // A path with literal braces (the token-era un-exclude, contract/exclusions.ts) would read as a template:
        // the document writes them as the client sends them, %7B and %7D.
        return { ...transformed, url: transformed.url.replaceAll('{', '%7B').replaceAll('}', '%7D') };
      },
      // Swagger UI's own routes are not the API.
      hideUntagged: true,
    });
    // Swagger's type covers Swagger 2 documents too; this one is OpenAPI 3.1 (the options above).
    implement(app, openApiApi, { document: async () => app.swagger() as EndpointReply<typeof openApiApi.document> });

    if (options.reference) {
      // A developer's page on their own machine: its routes (the page, its assets, the document it reads) answer
      // without a token, and only in development.
      await app.register(async (scope) => {
        scope.addHook('onRoute', (routeOptions) => {
          routeOptions.config = { ...routeOptions.config, public: true };
        });
        await scope.register(fastifySwaggerUi, { routePrefix: apiReferencePath });
      });
    }
  },
  { name: 'openapi' },
);
