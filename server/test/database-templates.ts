import { randomBytes } from 'node:crypto';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase } from '../db/client';

/**
 * Migrated empty databases that the test files copy instead of building their own (Vitest's global setup makes them
 * once a run): creating a PGlite database means running initdb in WebAssembly (seconds on a busy 2-core machine),
 * loading a dump of one is a fraction of it; PostgreSQL copies a template database faster than it migrates a new
 * one. Each test file still gets a database of its own; without the templates (a bench, a single file run outside
 * Vitest's setup) freshDatabase builds one as before.
 */
const templateEnv = { pglite: 'TEST_PGLITE_TEMPLATE', postgres: 'TEST_POSTGRES_TEMPLATE' } as const;

let pgliteTemplate: Promise<Blob | undefined> | undefined;

/** The dumped migrated PGlite data directory, read once a process. */
export function pgliteTemplateDump(): Promise<Blob | undefined> {
  const file = process.env[templateEnv.pglite];
  pgliteTemplate ??= file ? readFile(file).then((bytes) => new Blob([bytes])) : Promise.resolve(undefined);
  return pgliteTemplate;
}

/** The name of the migrated template database on the test PostgreSQL server, if the setup made one. */
export const postgresTemplateName = (): string | undefined => process.env[templateEnv.postgres];

/** Makes both templates (PostgreSQL when `postgresAdminUrl` answers) and answers how to remove them. */
export async function createDatabaseTemplates(postgresAdminUrl: string | undefined): Promise<() => Promise<void>> {
  const suffix = `${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const dumpFile = path.join(tmpdir(), `pglite-template-${suffix}.tar`);
  const pglite = await openDatabase({ memory: true });
  const client = (pglite.db as unknown as { $client: { dumpDataDir(compression: 'none'): Promise<Blob> } }).$client;
  await writeFile(dumpFile, new Uint8Array(await (await client.dumpDataDir('none')).arrayBuffer()));
  await pglite.close();
  process.env[templateEnv.pglite] = dumpFile;

  let templateDatabase: string | undefined;
  if (postgresAdminUrl) {
    templateDatabase = `test_template_${suffix}`;
    await adminQuery(postgresAdminUrl, `create database ${templateDatabase}`);
    const url = new URL(postgresAdminUrl);
    url.pathname = `/${templateDatabase}`;
    const migrated = await openDatabase({ url: url.toString() });
    await migrated.close();
    await untilUnused(postgresAdminUrl, templateDatabase);
    process.env[templateEnv.postgres] = templateDatabase;
  }

  return async () => {
    await rm(dumpFile, { force: true });
    if (postgresAdminUrl && templateDatabase)
      await adminQuery(postgresAdminUrl, `drop database if exists ${templateDatabase} with (force)`);
  };
}

/** A database is copied only while nobody is connected to it; pool.end() resolves before its sockets close. */
async function untilUnused(adminUrl: string, database: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    for (let tries = 0; tries < 100; tries += 1) {
      const { rows } = await admin.query<{ n: number }>('select count(*)::int as n from pg_stat_activity where datname = $1', [database]);
      if ((rows[0]?.n ?? 0) === 0) return;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  } finally {
    await admin.end();
  }
}

async function adminQuery(adminUrl: string, statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}
