import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { endpoint } from '../../contract/endpoint';
import { implement, type RouteApp } from './route';

/** A table of two endpoints, as a contract file declares one (docs/decisions/0006-endpoints-declared-in-the-contract.md). */
const notesApi = {
  show: endpoint({
    name: 'notes.show',
    method: 'GET',
    path: '/api/notes/:id',
    summary: 'One note.',
    params: z.object({ id: z.coerce.number().int() }),
    answer: z.object({ id: z.number(), text: z.string() }),
    public: true,
  }),
  create: endpoint({
    name: 'notes.create',
    method: 'POST',
    path: '/api/notes',
    summary: 'Adds a note.',
    body: z.object({ text: z.string() }),
    answer: z.object({ id: z.number() }),
    public: true,
  }),
} as const;

function bareApp() {
  const app = Fastify({ logger: false }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  return app;
}

describe('implement(app, table, routes)', () => {
  it('registers every declaration of the table with its method, path, schemas and options', async () => {
    const app = bareApp();
    const registered: { url: string; method: unknown; endpoint?: string; catalogueAnswer?: boolean; bodyLimit?: number }[] = [];
    app.addHook('onRoute', (options) => {
      registered.push({
        url: options.url,
        method: options.method,
        endpoint: options.config?.endpoint,
        catalogueAnswer: options.config?.catalogueAnswer,
        bodyLimit: options.bodyLimit,
      });
    });
    await app.register(async (scope: RouteApp) => {
      implement(scope, notesApi, {
        show: { catalogueAnswer: true, handler: async (request) => ({ id: request.params.id, text: 'first' }) },
        create: { bodyLimit: 2048, handler: async (request) => ({ id: request.body.text.length }) },
      });
    });
    await app.ready();

    // Fastify adds a HEAD route beside each GET one by itself.
    expect(registered.filter((route) => route.method !== 'HEAD')).toEqual([
      { url: '/api/notes/:id', method: 'GET', endpoint: 'notes.show', catalogueAnswer: true, bodyLimit: undefined },
      { url: '/api/notes', method: 'POST', endpoint: 'notes.create', catalogueAnswer: false, bodyLimit: 2048 },
    ]);
    const shown = await app.inject({ url: '/api/notes/7' });
    expect(shown.json()).toEqual({ id: 7, text: 'first' });
    const created = await app.inject({ method: 'POST', url: '/api/notes', payload: { text: 'four' } });
    expect(created.json()).toEqual({ id: 4 });
    // The declared body is validated: a body without `text` never reaches the handler.
    const refused = await app.inject({ method: 'POST', url: '/api/notes', payload: {} });
    expect(refused.statusCode).toBe(400);
    await app.close();
  });

  it('refuses a table with a declaration no route implements, in tsc and at registration', async () => {
    const app = bareApp();
    await expect(
      app.register(async (scope: RouteApp) => {
        // @ts-expect-error `create` has no route: a declaration without its handler does not compile.
        implement(scope, notesApi, { show: async (request) => ({ id: request.params.id, text: 'first' }) });
      }),
    ).rejects.toThrow('notes.create: no route implements it');
    await app.close();
  });
});
