import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { statusNames } from '../../contract/statuses';
import { buildApp } from '../app';
import { generationRuns, tokenLedger } from '../db/schema';
import { seedDemo } from '../seed/demo';
import { testConfig } from '../test/app';
import { demoIds } from '../test/catalogue';
import { availableEngines, freshDatabase } from '../test/databases';
import { upsertOperator } from '../auth/users';
import { issueAccessToken } from '../auth/access-tokens';
import { changeBalance } from '../tokens/ledger';
import { eventually } from './test-support/queries';

/** Two "processes" (two apps) over one database: a stopping process gives its run back, the other finishes it. */
describe.each(await availableEngines())('a stopping process on %s', (engine) => {
  const opened: Array<{ close(): Promise<void> }> = [];
  afterAll(async () => {
    for (const handle of opened.reverse()) await handle.close();
  });

  it('gives back the run it holds, unfinished and still In Progress, and another process finishes it', { timeout: 60_000 }, async () => {
    const database = await freshDatabase(engine);
    opened.push(database);
    await seedDemo(database.db, { email: 'demo-seed@example.com', password: 'password123' });
    const { id: userId } = await upsertOperator(database.db, { email: 'worker@example.com', password: 'password123' });
    await changeBalance(database.db, { userId, delta: 100_000, reason: 'adjustment', reference: 'worker-test', description: 'Balance adjustment' });
    const headers = { authorization: `Bearer ${await issueAccessToken(database.db, userId, 1)}` };
    const subcategory = await (await demoIds(database.db)).subcategory('Sprayers');

    // The first process's provider takes 10 s: it is stopped meanwhile.
    const slow = await buildApp({ ...testConfig(), ai: { provider: 'demo', demoDelayMs: 10_000, maxOutputTokens: 4000 } }, { database, logger: false });
    await slow.ready();
    const res = await slow.inject({ method: 'POST', url: '/api/brands/generate', headers, payload: { subcategory_id: subcategory } });
    expect(res.statusCode).toBe(200);
    const runOf = async () => (await database.db.select().from(generationRuns).where(eq(generationRuns.subcategoryId, subcategory)))[0];
    for (let i = 0; i < 200 && (await runOf())?.attempts !== 1; i += 1) await new Promise((r) => setTimeout(r, 10));
    expect((await runOf())?.leaseUntil).not.toBeNull();

    const stopping = Date.now();
    await slow.close();
    expect(Date.now() - stopping).toBeLessThan(5000);
    const released = await runOf();
    expect(released).toMatchObject({ status: statusNames.inProgress, finishedAt: null, leaseUntil: null, attempts: 1 });

    const other = await buildApp({ ...testConfig(), generation: { concurrency: 1, pollMs: 50, leaseMs: 30_000 } }, { database, logger: false });
    opened.push(other);
    await other.ready();
    let finished = await runOf();
    for (let i = 0; i < 500 && !finished?.finishedAt; i += 1) {
      await new Promise((r) => setTimeout(r, 10));
      finished = await runOf();
    }
    expect(finished).toMatchObject({ status: statusNames.generated, attempts: 2 });
    expect(finished?.chargedTokens).toBeGreaterThan(0);
  });

  it('keeps a run it works on longer than its lease (the heartbeat renews it), and drops one another process took over', { timeout: 60_000 }, async () => {
    const database = await freshDatabase(engine);
    opened.push(database);
    await seedDemo(database.db, { email: 'demo-seed@example.com', password: 'password123' });
    const { id: userId } = await upsertOperator(database.db, { email: 'heartbeat@example.com', password: 'password123' });
    await changeBalance(database.db, { userId, delta: 100_000, reason: 'adjustment', reference: 'heartbeat-test', description: 'Balance adjustment' });
    const headers = { authorization: `Bearer ${await issueAccessToken(database.db, userId, 1)}` };
    const ids = await demoIds(database.db);
    const shortLease = { concurrency: 2, pollMs: 50, leaseMs: 600 };

    // Two processes watch the queue; the one working on the run takes 2 s, more than three leases.
    const slow = await buildApp({ ...testConfig(), ai: { provider: 'demo', demoDelayMs: 2000, maxOutputTokens: 4000 }, generation: shortLease }, { database, logger: false });
    const watcher = await buildApp({ ...testConfig(), generation: shortLease }, { database, logger: false });
    opened.push(watcher, slow);
    await slow.ready();
    const subcategory = await ids.subcategory('Mixing Consoles');
    expect((await slow.inject({ method: 'POST', url: '/api/brands/generate', headers, payload: { subcategory_id: subcategory } })).statusCode).toBe(200);
    await watcher.ready();
    const runOf = async (id: number) => (await database.db.select().from(generationRuns).where(eq(generationRuns.subcategoryId, id)))[0];
    const kept = await eventually(async () => ((await runOf(subcategory))?.finishedAt ? runOf(subcategory) : undefined), 20_000);
    expect(kept).toMatchObject({ status: statusNames.generated, attempts: 1 });

    // Another process takes the next run over (as if this one had been too slow to renew): this one stops working on it.
    const other = await ids.subcategory('Surgical Robots');
    await watcher.close();
    expect((await slow.inject({ method: 'POST', url: '/api/brands/generate', headers, payload: { subcategory_id: other } })).statusCode).toBe(200);
    const started = await eventually(async () => ((await runOf(other))?.startedAt ? runOf(other) : undefined));
    await database.db
      .update(generationRuns)
      .set({ leaseHolder: 'elsewhere/1/taken-over', leaseUntil: new Date(Date.now() + 60_000) })
      .where(eq(generationRuns.id, started?.id ?? 0));
    await new Promise((resolve) => setTimeout(resolve, 3000));
    expect(await runOf(other)).toMatchObject({ finishedAt: null, leaseHolder: 'elsewhere/1/taken-over', chargedTokens: 0 });
    expect(await database.db.select().from(tokenLedger).where(eq(tokenLedger.reference, `run:${started?.id}`))).toEqual([]);
  });
});
