import type { FastifyServerOptions } from 'fastify';
import { buildApp } from './app';
import type { AppConfig } from './config';
import { openDatabase } from './db/client';
import { seedDemo } from './seed/demo';

/**
 * Opens and migrates the database, seeds the demo operator and catalogue into an empty one, builds the app (which
 * then owns the database: it closes it last when it stops) and listens. The entry point and the end-to-end tests
 * start the product alike.
 */
export async function startServer(config: AppConfig, options: { logger?: FastifyServerOptions['logger'] } = {}) {
  const database = await openDatabase(config.database);
  let app;
  try {
    if (config.seed.demo) {
      await seedDemo(database.db, { email: config.seed.operatorEmail, password: config.seed.operatorPassword });
    }
    app = await buildApp(config, { database, ownsDatabase: true, ...options });
  } catch (error) {
    await database.close();
    throw error;
  }
  try {
    const address = await app.listen({ port: config.port, host: config.host });
    return { app, address, database };
  } catch (error) {
    await app.close();
    throw error;
  }
}
