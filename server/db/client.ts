import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { lockDataDirectory } from './data-directory-lock';
import { copyPgliteTemplate, pgliteOptions } from './pglite-template';
import * as schema from './schema';

export type Schema = typeof schema;
/** The Drizzle handle, whichever engine is underneath. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type Transaction = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Anything a query can run on: the database itself or an open transaction. */
export type Executor = Database | Transaction;

/** `from`: an in-memory PGlite starts as a copy of this dumped data directory (PGlite's `dumpDataDir`) instead of an empty one. */
export type DatabaseTarget = { url: string } | { dataDir: string } | { memory: true; from?: Blob };

export interface DatabaseHandle {
  db: Database;
  engine: 'pglite' | 'postgres';
  close(): Promise<void>;
}

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

const engines = new WeakMap<Database, DatabaseHandle['engine']>();

/** The engine under a database `openDatabase` opened. */
export function engineOf(db: Database): DatabaseHandle['engine'] | undefined {
  return engines.get(db);
}

const postgresUrls = new WeakMap<Database, string>();

/**
 * A connection of its own (not one of the pool's) to the PostgreSQL database `db` is on, not yet connected, for what
 * must last as long as a session does (a session-level lock); undefined on PGlite, which has one session.
 */
export function newPostgresSession(db: Database, applicationName: string): pg.Client | undefined {
  const url = postgresUrls.get(db);
  return url === undefined ? undefined : new pg.Client({ connectionString: url, application_name: applicationName });
}

/**
 * Opens the database (PGlite in a folder or in memory, or PostgreSQL) and applies the migrations. A PGlite folder is
 * locked for this process until `close` (server/db/data-directory-lock.ts): another process holding it makes this
 * throw DataDirectoryInUseError before anything is read or written.
 */
export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  if ('url' in target) {
    const pool = new pg.Pool({ connectionString: target.url, max: 10 });
    const db = drizzleNodePg(pool, { schema });
    await migrateNodePg(db, { migrationsFolder });
    engines.set(db as unknown as Database, 'postgres');
    postgresUrls.set(db as unknown as Database, target.url);
    return { db: db as unknown as Database, engine: 'postgres', close: () => pool.end() };
  }
  let client: PGlite;
  let release: () => Promise<void> = () => Promise.resolve();
  try {
    if ('dataDir' in target) {
      const cluster = path.join(target.dataDir, 'pglite');
      await mkdir(target.dataDir, { recursive: true });
      ({ release } = await lockDataDirectory(target.dataDir));
      if (!existsSync(cluster)) await copyPgliteTemplate(cluster);
      client = await PGlite.create(cluster, pgliteOptions);
    } else {
      client = await PGlite.create({ ...pgliteOptions, loadDataDir: target.from });
    }
  } catch (error) {
    await release();
    throw error;
  }
  const db = drizzlePglite(client, { schema });
  try {
    await migratePglite(db, { migrationsFolder });
  } catch (error) {
    await client.close();
    await release();
    throw error;
  }
  engines.set(db as unknown as Database, 'pglite');
  return {
    db: db as unknown as Database,
    engine: 'pglite',
    async close() {
      try {
        await client.close();
      } finally {
        await release();
      }
    },
  };
}
