import { createDatabaseTemplates } from './database-templates';
import { postgresAdminUrl, postgresReachable } from './databases';

/** Vitest's global setup for the server tests: the migrated templates every test database is copied from. */
export default async function setup(): Promise<() => Promise<void>> {
  return createDatabaseTemplates((await postgresReachable()) ? postgresAdminUrl : undefined);
}
