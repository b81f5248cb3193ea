import type { FastifyServerOptions } from 'fastify';
import { buildApp } from './app';
import type { AppConfig } from './config';
import { openDatabase } from './db/client';
import { seedDemo } from './seed/demo';

/**
 * Opens and migrates the database, seeds the demo operator and catalogue into an empty one, builds the app and
 * listens. The entry point and the end-to-end tests start the product alike.
 */
export async function startServer(config: AppConfig, options: { logger?: FastifyServerOptions['logger'] } = {}) {
  const database = await openDatabase(config.database);
  try {
    if (config.seed.demo) {
      await seedDemo(database.db, { email: config.seed.operatorEmail, password: config.seed.operatorPassword });
    }
  } catch (error) {
    await database.close();
    throw error;
  }
  const app = await buildApp(config, { database, ...options });
  app.addHook('onClose', () => database.close());
  const address = await app.listen({ port: config.port, host: config.host });
  return { app, address, database };
}
