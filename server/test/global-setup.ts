import { createDatabaseTemplates } from './database-templates';
import { postgresAdminUrl, requestedEngines, requirePostgresIfRequested } from './targets';

/**
 * Vitest's global setup for the server tests: PostgreSQL must answer unless TEST_DATABASES leaves it out (the run stops
 * here, before any file, with how to start it), then the migrated templates every test database is copied from.
 */
export default async function setup(): Promise<() => Promise<void>> {
  await requirePostgresIfRequested();
  return createDatabaseTemplates(requestedEngines().includes('postgres') ? postgresAdminUrl : undefined);
}
