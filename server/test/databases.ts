import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type DatabaseHandle, openDatabase } from '../db/client';
import { pgliteTemplateDump, postgresTemplateName } from './database-templates';
import { type Engine, postgresAdminUrl, requestedEngines, requirePostgresIfRequested } from './targets';

export { type Engine, postgresAdminUrl, postgresReachable } from './targets';

let checked: Promise<Engine[]> | undefined;

/**
 * The engines a test file runs on: both, unless TEST_DATABASES leaves one out (targets.ts). An engine asked for that
 * does not answer fails the file with how to start it, never a quiet run on the other one. Checked once a process.
 */
export function availableEngines(): Promise<Engine[]> {
  checked ??= requirePostgresIfRequested().then(() => requestedEngines());
  return checked;
}

/**
 * A fresh, migrated database: PGlite in memory, or a new PostgreSQL database dropped on close; a copy of the run's
 * migrated template when Vitest's setup made one (database-templates.ts). Migrating it again finds nothing to do.
 */
export async function freshDatabase(engine: Engine): Promise<DatabaseHandle & { url?: string }> {
  if (engine === 'pglite') return openDatabase({ memory: true, from: await pgliteTemplateDump() });
  const name = `test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const template = postgresTemplateName();
  const admin = new pg.Client({ connectionString: postgresAdminUrl });
  await admin.connect();
  await admin.query(template ? `create database ${name} template ${template}` : `create database ${name}`);
  await admin.end();
  const url = new URL(postgresAdminUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ url: url.toString() });
  return {
    ...handle,
    url: url.toString(),
    async close() {
      await handle.close();
      const dropper = new pg.Client({ connectionString: postgresAdminUrl });
      await dropper.connect();
      // pool.end() resolves before its clients' sockets are closed; forcing the drop while one still is would
      // kill it with an error nobody listens to any more. Let them go first (briefly), then force what remains.
      for (let tries = 0; tries < 50; tries += 1) {
        const { rows } = await dropper.query<{ n: number }>('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
        if ((rows[0]?.n ?? 0) === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}
