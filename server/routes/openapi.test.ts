import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allEndpoints } from '../../contract/api';
import { buildApp } from '../app';
import { freshDatabase, availableEngines } from '../test/databases';
import { testConfig, type TestApp, createTestAppOn } from '../test/app';
import { recordingRoutes, routeNames } from '../test/routes';

const engines = await availableEngines();

/** Fastify's `/apps/:appId/events` as OpenAPI writes it, `/apps/{appId}/events`; literal braces percent-encoded. */
const openApiPath = (url: string) =>
  url
    .replaceAll('{', '%7B')
    .replaceAll('}', '%7D')
    .replace(/:([A-Za-z_]\w*)/g, '{$1}');
/** The routes that are not the API: the SPA's pages and assets. */
const isSpaRoute = (url: string) => !allEndpoints.some((e) => e.path === url) && !url.startsWith('/api/') && !url.startsWith('/apps/');

type Document = {
  openapi: string;
  paths: Record<string, Record<string, { operationId?: string; responses?: Record<string, unknown>; security?: unknown[] }>>;
};

describe.each(engines)('GET /api/openapi.json on %s', (engine) => {
  let t: TestApp;
  let registered: { name: string; url: string; method: string; endpoint?: string }[];
  beforeAll(async () => {
    const database = await freshDatabase(engine);
    const { routes } = await recordingRoutes(async () => {
      const app = await buildApp(testConfig(), { database, logger: false });
      await app.close();
    });
    registered = routeNames(routes).map(({ name, route }) => ({
      name,
      url: route.url,
      method: name.split(' ')[0]!,
      endpoint: route.config?.endpoint,
    }));
    t = await createTestAppOn(database, engine);
  });
  afterAll(() => t.close());

  const fetchDocument = async () => {
    const { headers } = await t.signIn();
    const res = await t.app.inject({ url: '/api/openapi.json', headers });
    expect(res.statusCode).toBe(200);
    return res.json<Document>();
  };

  it('needs a token', async () => {
    const res = await t.app.inject({ url: '/api/openapi.json' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Unauthenticated.' });
  });

  it('registers every API route from a declaration, and every declaration once', () => {
    const api = registered.filter((r) => !isSpaRoute(r.url) && r.method !== 'HEAD');
    expect(api.filter((r) => r.endpoint === undefined).map((r) => r.name)).toEqual([]);
    expect(api.map((r) => r.endpoint).sort()).toEqual(allEndpoints.map((e) => e.name).sort());
  });

  it('lists every registered API route with its method, its schemas and its answers', async () => {
    const document = await fetchDocument();
    expect(document.openapi).toBe('3.1.0');
    for (const declaration of allEndpoints) {
      const operation = document.paths[openApiPath(declaration.path)]?.[declaration.method.toLowerCase()];
      expect(operation, `${declaration.method} ${declaration.path}`).toBeDefined();
      expect(operation?.operationId).toBe(declaration.name);
      expect(Object.keys(operation?.responses ?? {})).toContain('200');
      if (declaration.public) expect(operation?.security).toEqual([]);
    }
    const operations = Object.values(document.paths).flatMap((methods) => Object.keys(methods));
    expect(operations).toHaveLength(allEndpoints.length);
  });

  it('describes a body, a query and path parameters from their zod schemas', async () => {
    const document = await fetchDocument();
    const generate = document.paths['/api/brands/generate']?.post as {
      requestBody?: { content: Record<string, { schema: { properties: object } }> };
    };
    expect(Object.keys(generate.requestBody?.content['application/json']?.schema.properties ?? {})).toEqual(['subcategory_id']);
    const show = document.paths['/api/brands/{id}']?.get as { parameters?: { in: string; name: string }[] };
    expect(show.parameters).toContainEqual(expect.objectContaining({ in: 'path', name: 'id' }));
    const list = document.paths['/api/brands']?.get as { parameters?: { in: string; name: string }[] };
    expect(list.parameters?.filter((p) => p.in === 'query').map((p) => p.name)).toContain('subcategory_id');
  });

  it('validates as an OpenAPI 3.1 document', async () => {
    const validator = new Validator();
    const result = await validator.validate(await fetchDocument());
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });
});
