import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type DatabaseHandle, openDatabase } from '../db/client';
import { pgliteTemplateDump, postgresTemplateName } from './database-templates';

/** The PostgreSQL server the integration tests also run on (ARCHITECTURE.md "Tests"). */
export const postgresAdminUrl = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export async function postgresReachable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: postgresAdminUrl, connectionTimeoutMillis: 2_000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

export type Engine = 'pglite' | 'postgres';

/**
 * The engines a test file runs on: PGlite always, PostgreSQL when its server answers. With CI=true a missing
 * PostgreSQL is an error rather than a quiet skip.
 */
export async function availableEngines(): Promise<Engine[]> {
  if (await postgresReachable()) return ['pglite', 'postgres'];
  if (process.env.CI) throw new Error(`PostgreSQL is not reachable at ${postgresAdminUrl}`);
  return ['pglite'];
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
