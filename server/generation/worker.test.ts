import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { statusNames } from '../../contract/statuses';
import { buildApp } from '../app';
import type { GenerationConfig } from '../config';
import { generationRuns, tokenLedger } from '../db/schema';
import { seedDemo } from '../seed/demo';
import { testConfig } from '../test/app';
import { demoIds } from '../test/catalogue';
import { availableEngines, freshDatabase } from '../test/databases';
import { upsertOperator } from '../auth/users';
import { issueAccessToken } from '../auth/access-tokens';
import { changeBalance } from '../tokens/ledger';
import { heldAnswer, listAnswer, startFakeOpenAi, type FakeOpenAi } from './test-support/fake-openai';
import { eventually } from './test-support/queries';

/**
 * Two "processes" (two apps) over one database: a stopping process gives its run back, the other finishes it; a
 * process renews the lease of the run it works on, and stops working on one another process took over. The provider
 * call is held open by the fake provider for as long as each test needs: no test waits on the clock.
 */
describe.each(await availableEngines())('a stopping process on %s', (engine) => {
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  let fake: FakeOpenAi;
  let headers: { authorization: string };
  let ids: Awaited<ReturnType<typeof demoIds>>;

  beforeAll(async () => {
    fake = await startFakeOpenAi();
    database = await freshDatabase(engine);
    await seedDemo(database.db, { email: 'demo-seed@example.com', password: 'password123' });
    const { id: userId } = await upsertOperator(database.db, { email: 'worker@example.com', password: 'password123' });
    await changeBalance(database.db, {
      userId,
      delta: 100_000,
      reason: 'adjustment',
      reference: 'worker-test',
      description: 'Balance adjustment',
    });
    headers = { authorization: `Bearer ${await issueAccessToken(database.db, userId, 1)}` };
    ids = await demoIds(database.db);
  });
  afterAll(async () => {
    await database?.close();
    await fake?.close();
  });
  beforeEach(() => fake.reset());

  /** A process over the test's database, its provider the fake. */
  const processWith = (generation: GenerationConfig) =>
    buildApp(
      {
        ...testConfig(),
        ai: {
          provider: 'openai',
          baseUrl: fake.baseUrl,
          apiKey: 'sk-test',
          model: 'test-model',
          timeoutMs: 600_000,
          maxOutputTokens: 4000,
        },
        generation,
      },
      { database, logger: false },
    );
  const runOf = async (subcategoryId: number) =>
    (await database.db.select().from(generationRuns).where(eq(generationRuns.subcategoryId, subcategoryId)))[0];
  const generate = async (app: Awaited<ReturnType<typeof processWith>>, subcategoryId: number) => {
    const res = await app.inject({ method: 'POST', url: '/api/brands/generate', headers, payload: { subcategory_id: subcategoryId } });
    expect(res.statusCode).toBe(200);
  };

  it('gives back the run it holds, unfinished and still In Progress, and another process finishes it', async () => {
    const subcategory = await ids.subcategory('Sprayers');
    // The first process's provider call is never answered: stopping must not wait for it.
    const unanswered = heldAnswer(listAnswer('brands', [{ name: 'Never Stored Brand' }]));
    fake.enqueue(unanswered.answer);
    fake.always(listAnswer('brands', [{ name: 'Finished Brand' }]));
    const first = await processWith({ concurrency: 1, pollMs: 50, leaseMs: 30_000 });
    await first.ready();
    await generate(first, subcategory);
    await unanswered.arrived;
    expect(await runOf(subcategory)).toMatchObject({ attempts: 1, leaseUntil: expect.any(Date) });

    await first.close();
    await unanswered.abandoned;
    expect(await runOf(subcategory)).toMatchObject({ status: statusNames.inProgress, finishedAt: null, leaseUntil: null, attempts: 1 });

    const other = await processWith({ concurrency: 1, pollMs: 50, leaseMs: 30_000 });
    try {
      await other.ready();
      const finished = await eventually(async () => ((await runOf(subcategory))?.finishedAt ? runOf(subcategory) : undefined), 30_000);
      expect(finished).toMatchObject({ status: statusNames.generated, attempts: 2 });
      expect(finished?.chargedTokens).toBeGreaterThan(0);
    } finally {
      await other.close();
    }
  });

  it('keeps a run it works on past the end of its first lease (the heartbeat renews it), and finishes it', async () => {
    const subcategory = await ids.subcategory('Mixing Consoles');
    const call = heldAnswer(listAnswer('brands', [{ name: 'Kept Brand' }]));
    fake.enqueue(call.answer);
    // A 600 ms lease: the heartbeat renews it every 200 ms while the call waits.
    const slow = await processWith({ concurrency: 1, pollMs: 50, leaseMs: 600 });
    try {
      await slow.ready();
      await generate(slow, subcategory);
      await call.arrived;
      const claimed = await runOf(subcategory);
      const firstLeaseEnd = claimed?.leaseUntil ?? new Date(0);

      // Once the database's clock is past the first lease's end, the lease has been renewed beyond it, by this holder.
      await eventually(async () => {
        const clock = await database.db.execute(sql`select now() > ${firstLeaseEnd.toISOString()}::timestamptz as past`);
        return (clock as unknown as { rows: { past: boolean }[] }).rows[0]?.past ? true : undefined;
      }, 30_000);
      const renewed = await runOf(subcategory);
      expect(renewed?.leaseHolder).toBe(claimed?.leaseHolder);
      expect(renewed?.leaseUntil?.getTime()).toBeGreaterThan(firstLeaseEnd.getTime());

      call.release();
      const finished = await eventually(async () => ((await runOf(subcategory))?.finishedAt ? runOf(subcategory) : undefined), 30_000);
      expect(finished).toMatchObject({ status: statusNames.generated, attempts: 1 });
    } finally {
      await slow.close();
    }
  });

  it('stops working on a run another process took over: it stores and charges nothing', async () => {
    const subcategory = await ids.subcategory('Surgical Robots');
    const call = heldAnswer(listAnswer('brands', [{ name: 'Taken Over Brand' }]));
    fake.enqueue(call.answer);
    const slow = await processWith({ concurrency: 1, pollMs: 50, leaseMs: 600 });
    let closed = false;
    try {
      await slow.ready();
      await generate(slow, subcategory);
      await call.arrived;
      const started = await runOf(subcategory);
      await database.db
        .update(generationRuns)
        .set({ leaseHolder: 'elsewhere/1/taken-over', leaseUntil: new Date(Date.now() + 60_000) })
        .where(eq(generationRuns.id, started?.id ?? 0));

      // Its next heartbeat finds the run taken and aborts the provider call.
      await call.abandoned;
      // Whatever the abandoned work would still store or charge is done before the process has stopped: stopping waits for it.
      await slow.close();
      closed = true;
      expect(await runOf(subcategory)).toMatchObject({ finishedAt: null, leaseHolder: 'elsewhere/1/taken-over', chargedTokens: 0 });
      expect(
        await database.db
          .select()
          .from(tokenLedger)
          .where(eq(tokenLedger.reference, `run:${started?.id}`)),
      ).toEqual([]);
    } finally {
      if (!closed) await slow.close();
    }
  });
});
