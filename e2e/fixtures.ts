import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { eq, sql } from 'drizzle-orm';
import { storageKeys } from '../contract/auth';
import { issueAccessToken } from '../server/auth/access-tokens';
import { upsertOperator } from '../server/auth/users';
import { type AppConfig, loadConfig } from '../server/config';
import type { Database } from '../server/db/client';
import { users } from '../server/db/schema';
import { startServer } from '../server/server';
import { test as base, expect } from './csp-guard';
import { copyDataTemplate } from './database-templates';
import { demoOperator } from './demo-operator';

export { demoOperator } from './demo-operator';

export interface ServerOptions {
  /** Seed the demo operator and catalogue (default true). */
  seed?: boolean;
  /** Extra environment, as `npm start` would read it. */
  env?: Record<string, string>;
}

export interface TestServer {
  url: string;
  db: Database;
  config: AppConfig;
  /** Signs the page in without the UI: a real operator and a real token in localStorage. */
  loginAs(page: Page, operator?: { email: string; password?: string }): Promise<{ userId: number; token: string }>;
  /** Holds an exclusive lock on a table until release() - the server's queries on it wait, as under real load. */
  lockTable(table: string): Promise<{ release(): Promise<void> }>;
  /** Renames a table away, so every query on it fails as a broken database would. */
  breakTable(table: string): Promise<void>;
  /** Stops the server as a signal does (`app.close()`) and starts it again on the same port and data directory. */
  restart(): Promise<void>;
  close(): Promise<void>;
}

/** The built SPA; `SPA_DIR` lets parallel sessions test their own build (`vite build --outDir`). */
const spaDir = path.resolve(process.env.SPA_DIR ?? 'dist');

/** Starts the real server (PGlite in a fresh data directory) on a free port of 127.0.0.1. */
export async function startTestServer(options: ServerOptions = {}): Promise<TestServer> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'catalogue-e2e-'));
  await copyDataTemplate(dataDir, options.seed !== false, options.env);
  const config = loadConfig({
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: '0',
    DATA_DIR: dataDir,
    SPA_DIR: spaDir,
    LOG_LEVEL: 'warn',
    // Servers share the test worker's thread with the browser driver and other servers' seeding: no shedding.
    LOAD_SHED_EVENT_LOOP_DELAY_MS: '0',
    SEED_DEMO: options.seed === false ? 'false' : 'true',
    ...options.env,
  });
  const started = await startServer(config, { logger: false });
  let { app, database } = started;
  let db = database.db;
  const url = started.address.replace('0.0.0.0', '127.0.0.1');

  return {
    url,
    get db() {
      return db;
    },
    config,
    async loginAs(page, operator = demoOperator) {
      const { id } = await upsertOperator(db, { email: operator.email, password: operator.password ?? demoOperator.password });
      // The demo operator chose "don't ask again" for the cost confirmation (docs/decisions/0008-money-and-runs-in-sight.md): the specs that drive generation
      // click straight through, as before it existed. A covered run still asks anyone else (e2e/cost-confirmation.spec.ts).
      if (operator.email === demoOperator.email) await db.update(users).set({ confirmRunsFrom: 1_000_000_000 }).where(eq(users.id, id));
      const token = await issueAccessToken(db, id, 1);
      // Any document of the origin gives its localStorage; a static file does without starting the login screen.
      await page.goto(`${url}/favicon.svg`);
      await page.evaluate(
        ([keys, t, userId]) => {
          localStorage.setItem(keys.authToken, t);
          localStorage.setItem(keys.authUserId, String(userId));
        },
        [storageKeys, token, id] as const,
      );
      return { userId: id, token };
    },
    async lockTable(table) {
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      let locked!: () => void;
      const isLocked = new Promise<void>((resolve) => (locked = resolve));
      const done = db.transaction(async (tx) => {
        await tx.execute(sql.raw(`lock table "${table}" in access exclusive mode`));
        locked();
        await released;
      });
      await isLocked;
      return {
        async release() {
          release();
          await done;
        },
      };
    },
    async breakTable(table) {
      await db.execute(sql.raw(`alter table "${table}" rename to "${table}_broken"`));
      // A rename is no change of rows, so the answers the server keeps (decision 15) would still be served; a real
      // outage fails the version read too. A new number makes every later call reach the broken table.
      await db.execute(sql`select nextval('catalogue_version')`);
    },
    async restart() {
      await app.close();
      ({ app, database } = await startServer({ ...config, port: Number(new URL(url).port) }, { logger: false }));
      db = database.db;
    },
    async close() {
      // A request still in flight when closing begins leaves its keep-alive connection open afterwards, and the HTTP
      // server waits for it (up to Fastify's 72 s keep-alive timeout, past a test's own timeout). The test is over:
      // after a short grace, such connections are cut (`npm start` has its own 10 s limit on shutdown).
      const cutConnections = setTimeout(() => app.server.closeAllConnections(), 2_000);
      try {
        await app.close();
      } finally {
        clearTimeout(cutConnections);
      }
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

interface Fixtures {
  /** A fresh server for this test alone, with options. */
  makeServer(options?: ServerOptions): Promise<TestServer>;
  /** The worker's shared demo server (do not break it: use makeServer for destructive tests). */
  server: TestServer;
}

export const test = base.extend<Fixtures, { sharedServer: TestServer }>({
  sharedServer: [
    async ({}, use) => {
      const server = await startTestServer();
      await use(server);
      await server.close();
    },
    { scope: 'worker', timeout: 60_000 },
  ],
  server: async ({ sharedServer }, use) => {
    await use(sharedServer);
  },
  makeServer: async ({}, use) => {
    const started: TestServer[] = [];
    await use(async (options) => {
      const server = await startTestServer(options);
      started.push(server);
      return server;
    });
    await Promise.all(started.map((s) => s.close()));
  },
});

export { expect };
