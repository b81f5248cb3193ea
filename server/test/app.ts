import { type AppConfig, loadConfig } from '../config';
import { buildApp } from '../app';
import type { DatabaseHandle } from '../db/client';
import { upsertOperator } from '../auth/users';
import { issueAccessToken } from '../auth/access-tokens';
import { changeBalance } from '../tokens/ledger';
import { type Engine, freshDatabase } from './databases';

export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  const base = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    SPA_DIR: '/nonexistent-spa',
    PUSHER_SECRET: 'test-secret',
    // The demo generator answers at once; a test that watches a run in progress asks for a delay.
    AI_DEMO_DELAY_MS: '0',
    // A test process loads databases in its one thread: its lags are not load to shed (load-shedding.test.ts turns it on).
    LOAD_SHED_EVENT_LOOP_DELAY_MS: '0',
  });
  return { ...base, ...overrides };
}

export interface TestApp {
  app: Awaited<ReturnType<typeof buildApp>>;
  database: DatabaseHandle;
  engine: Engine;
  /** Creates an operator with a balance and answers a bearer header for it. */
  signIn(input?: { email?: string; tokens?: number }): Promise<{ userId: number; headers: { authorization: string } }>;
  close(): Promise<void>;
}

let operatorCount = 0;

/** The real app over a fresh database of the given engine, for `app.inject` tests. */
export async function createTestApp(engine: Engine, overrides: Partial<AppConfig> = {}): Promise<TestApp> {
  const database = await freshDatabase(engine);
  return createTestAppOn(database, engine, overrides);
}

/** The real app over an already opened database (a second process's view of it); `close` closes both. */
export async function createTestAppOn(database: DatabaseHandle, engine: Engine, overrides: Partial<AppConfig> = {}): Promise<TestApp> {
  const config = testConfig(overrides);
  const app = await buildApp(config, { database, logger: false });
  await app.ready();
  return {
    app,
    database,
    engine,
    async signIn(input = {}) {
      operatorCount += 1;
      const email = input.email ?? `operator${operatorCount}-${Date.now()}@example.com`;
      const { id } = await upsertOperator(database.db, { email, password: 'password123' });
      if (input.tokens)
        await changeBalance(database.db, {
          userId: id,
          delta: input.tokens,
          reason: 'adjustment',
          reference: `test-${id}`,
          description: 'Balance adjustment',
        });
      const token = await issueAccessToken(database.db, id, 1);
      return { userId: id, headers: { authorization: `Bearer ${token}` } };
    },
    async close() {
      await app.close();
      await database.close();
    },
  };
}
