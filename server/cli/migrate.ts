import { ConfigError, loadConfig } from '../config';
import { openDatabase } from '../db/client';

/** `npm run db:migrate`: applies the migrations to the configured database and exits. */
try {
  const config = loadConfig();
  const database = await openDatabase(config.database);
  await database.close();
  console.log(`Migrations applied (${database.engine}).`);
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}
