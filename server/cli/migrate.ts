import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { exitWithFailure } from './failure';

/** `npm run db:migrate`: applies the migrations to the configured database and exits. */
try {
  const config = loadConfig();
  const database = await openDatabase(config.database);
  await database.close();
  console.log(`Migrations applied (${database.engine}).`);
} catch (error) {
  exitWithFailure(error);
}
