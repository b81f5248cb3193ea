import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import errorHandler from '../../plugins/error-handler';
import broadcastingRoutes from '../../routes/broadcasting';
import realtimePlugin, { type RealtimePluginOptions } from '../plugin';
import type { RealtimeConfig } from '../types';

/**
 * A minimal app around the realtime plugin for tests, the two-process test and the bench.
 * Its stand-in for the real auth hook: `Authorization: Bearer user-<id>` is user <id>; routes declared
 * `config: { public: true }` skip it, every other route answers 401 without it (as the app's hook does).
 */

export const testRealtimeConfig: RealtimeConfig = {
  driver: 'embedded',
  appId: '1001',
  key: 'test-key',
  secret: 'test-secret',
  cluster: 'mt1',
};

export async function buildRealtimeTestApp(options: Partial<RealtimePluginOptions> = {}): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(errorHandler);
  app.addHook('onRequest', async (request, reply) => {
    if (request.is404 || request.routeOptions.config.public === true) return;
    const match = /^Bearer user-(\d+)$/.exec(request.headers.authorization ?? '');
    if (!match) return reply.code(401).send({ message: 'Unauthenticated.' });
    request.user = { id: Number(match[1]), tokenId: 0 };
  });
  await app.register(realtimePlugin, { ...options, config: options.config ?? testRealtimeConfig });
  await app.register(broadcastingRoutes);
  return app;
}
