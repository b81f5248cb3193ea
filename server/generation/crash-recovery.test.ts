import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { statusNames } from '../../contract/statuses';
import { type DatabaseHandle, openDatabase } from '../db/client';
import { generationRuns, tokenLedger, users } from '../db/schema';
import { demoOperatorTokens } from '../seed/demo';
import { availableEngines, freshDatabase } from '../test/databases';
import { startServerProcess, type ServerProcess } from '../test/server-process';
import { eventually } from './test-support/queries';

/**
 * Runs recover in seconds after a crash (docs/decisions/0003-runs-as-a-leased-job-table.md): the real server in a child process works on generation
 * runs, is killed with SIGKILL (no shutdown of any kind), and is started again on the same database. The runs the
 * dead process held are taken over at once, nothing stays In Progress, and no run is charged twice.
 */

const brandTargets = ['Bulldozers', 'Sprayers', 'Surgical Robots'];

interface Api {
  get<T>(path: string): Promise<T>;
  post(path: string, body: unknown): Promise<Response>;
}

async function signIn(server: ServerProcess): Promise<Api> {
  const login = await fetch(`${server.url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'demo@example.com', password: 'crash-test-password' }),
  });
  const { token } = (await login.json()) as { token: string };
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' };
  return {
    get: async <T>(path: string) => (await (await fetch(`${server.url}${path}`, { headers })).json()) as T,
    post: (path, body) => fetch(`${server.url}${path}`, { method: 'POST', headers, body: JSON.stringify(body) }),
  };
}

async function subcategoryIds(api: Api): Promise<number[]> {
  const { categories } = await api.get<{ categories: { subcategories: { id: number; name: string }[] }[] }>('/api/categories');
  const all = categories.flatMap((category) => category.subcategories);
  return brandTargets.map((name) => {
    const found = all.find((subcategory) => subcategory.name === name);
    if (!found) throw new Error(`no subcategory ${name}`);
    return found.id;
  });
}

describe.each(await availableEngines())('runs after a crash, on %s', (engine) => {
  const cleanups: Array<() => Promise<unknown>> = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('after kill -9 with runs under way and a restart, nothing stays In Progress and nothing is charged twice', async () => {
    let database: { env: Record<string, string>; open: () => Promise<DatabaseHandle> };
    if (engine === 'pglite') {
      const dataDir = await mkdtemp(path.join(tmpdir(), 'catalogue-crash-'));
      cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
      database = { env: { DATA_DIR: dataDir }, open: () => openDatabase({ dataDir }) };
    } else {
      const fresh = await freshDatabase('postgres');
      cleanups.push(() => fresh.close());
      database = { env: { DATABASE_URL: fresh.url ?? '' }, open: async () => ({ ...fresh, close: async () => undefined }) };
    }
    const env = {
      ...database.env,
      // `npm start` without the SPA (production: no build on start).
      NODE_ENV: 'production',
      SPA_DIR: '/nonexistent-spa',
      SEED_OPERATOR_PASSWORD: 'crash-test-password',
      GENERATION_CONCURRENCY: '2',
      GENERATION_POLL_SECONDS: '0.5',
    };

    // The provider takes a minute: the runs are under way when the process dies.
    const first = await startServerProcess({ ...env, AI_DEMO_DELAY_MS: '60000' });
    cleanups.push(() => first.kill());
    const api = await signIn(first);
    const targets = await subcategoryIds(api);
    for (const subcategory_id of targets) expect((await api.post('/api/brands/generate', { subcategory_id })).status).toBe(200);
    // Two runs work (each holding its most possible cost), the third waits its turn.
    await eventually(
      async () => ((await api.get<{ held_tokens: number }>('/api/user-tokens')).held_tokens > 8_000 ? true : undefined),
      30_000,
    );
    await first.kill();

    const second = await startServerProcess({ ...env, AI_DEMO_DELAY_MS: '200' });
    cleanups.push(() => second.kill());
    const again = await signIn(second);
    await eventually(
      async () => ((await again.get<{ in_progress: number }>('/api/statuses?per_brand=false')).in_progress === 0 ? true : undefined),
      60_000,
    );
    expect(await again.get('/api/user-tokens')).toMatchObject({ held_tokens: 0 });
    second.child.kill('SIGTERM');
    expect((await second.exited).code).toBe(0);

    const handle = await database.open();
    try {
      const runs = await handle.db.select().from(generationRuns).where(inArray(generationRuns.subcategoryId, targets));
      expect(runs).toHaveLength(3);
      expect(runs.map((run) => run.status)).toEqual([statusNames.generated, statusNames.generated, statusNames.generated]);
      // The two the dead process held were taken over (a second attempt); the queued one started once.
      expect(runs.map((run) => run.attempts).sort()).toEqual([1, 2, 2]);
      expect(runs.every((run) => run.heldTokens === 0 && run.chargedTokens > 0)).toBe(true);
      const charges = await handle.db
        .select()
        .from(tokenLedger)
        .where(
          inArray(
            tokenLedger.runId,
            runs.map((run) => run.id),
          ),
        );
      expect(charges.map((row) => row.reference).sort()).toEqual(runs.map((run) => `run:${run.id}`).sort());
      const [operator] = await handle.db.select().from(users).where(eq(users.email, 'demo@example.com'));
      const charged = runs.reduce((sum, run) => sum + run.chargedTokens, 0);
      // The demo seed's own runs were charged too (server/seed/demo-runs.ts): the balance is the ledger's sum.
      const ledger = await handle.db
        .select()
        .from(tokenLedger)
        .where(eq(tokenLedger.userId, operator?.id ?? 0));
      expect(ledger.reduce((sum, row) => sum + row.delta, 0)).toBe(operator?.tokens);
      expect(charges.reduce((sum, row) => sum - row.delta, 0)).toBe(charged);
      expect(operator).toMatchObject({ heldTokens: 0 });
      expect(ledger.find((row) => row.reason === 'seed')?.delta).toBe(demoOperatorTokens);
    } finally {
      await handle.close();
    }
  }, 240_000);
});
