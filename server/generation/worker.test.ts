import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { statusNames } from '../../contract/statuses';
import { buildApp } from '../app';
import { generationRuns } from '../db/schema';
import { seedDemo } from '../seed/demo';
import { testConfig } from '../test/app';
import { demoIds } from '../test/catalogue';
import { availableEngines, freshDatabase } from '../test/databases';
import { upsertOperator } from '../auth/users';
import { issueAccessToken } from '../auth/access-tokens';
import { changeBalance } from '../tokens/ledger';

/** Two "processes" (two apps) over one database: a stopping process gives its run back, the other finishes it. */
describe.each(await availableEngines())('a stopping process on %s', (engine) => {
  const opened: Array<{ close(): Promise<void> }> = [];
  afterAll(async () => {
    for (const handle of opened.reverse()) await handle.close();
  });

  it('gives back the run it holds, unfinished and still In Progress, and another process finishes it', async () => {
    const database = await freshDatabase(engine);
    opened.push(database);
    await seedDemo(database.db, { email: 'demo-seed@example.com', password: 'password123' });
    const { id: userId } = await upsertOperator(database.db, { email: 'worker@example.com', password: 'password123' });
    await changeBalance(database.db, { userId, delta: 100_000, reason: 'adjustment', reference: 'worker-test' });
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

    const other = await buildApp({ ...testConfig(), generation: { concurrency: 1, pollMs: 50 } }, { database, logger: false });
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
});
