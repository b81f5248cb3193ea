import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { statusNames } from '../../contract/statuses';
import { categories, generationRuns } from '../db/schema';
import { createTestApp, type TestApp } from '../test/app';
import { caller } from '../test/catalogue';
import { availableEngines } from '../test/databases';
import { eventually } from './test-support/queries';

/**
 * A call that runs its own run (`POST /api/events/generate`) waits for a place among GENERATION_CONCURRENCY. Its
 * run cancelled while it waits, it answers at once (409, nothing charged), not when a place frees: here the one place
 * stays taken by a run whose provider call would take ten minutes, until after the cancelled call has answered.
 */

describe.each(await availableEngines())('a generate call cancelled while it waits for a place, on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine, {
      ai: { provider: 'demo', demoDelayMs: 600_000, maxOutputTokens: 4000 },
      generation: { concurrency: 1, pollMs: 60_000, leaseMs: 30_000 },
    });
  });
  afterAll(() => t.close());

  const runOfCategory = async (categoryId: number) =>
    (await t.database.db.select().from(generationRuns).where(eq(generationRuns.categoryId, categoryId)))[0];

  it('answers 409 at once, while the place it waited for is still taken', { timeout: 60_000 }, async () => {
    const [working, waiting] = await t.database.db
      .insert(categories)
      .values([{ name: 'Holds the only place' }, { name: 'Waits for a place' }])
      .returning();
    const { headers } = await t.signIn({ tokens: 100_000 });
    const call = caller(t, headers);

    const first = call('POST', '/api/events/generate', { category_id: working!.id });
    const started = await eventually(async () => ((await runOfCategory(working!.id))?.startedAt ? runOfCategory(working!.id) : undefined));
    const second = call<{ message: string }>('POST', '/api/events/generate', { category_id: waiting!.id });
    const queued = await eventually(() => runOfCategory(waiting!.id));

    expect((await call('POST', `/api/runs/${queued.id}/cancel`)).status).toBe(200);
    const answered = await second;
    expect(answered.status).toBe(409);
    expect(answered.body.message).toBe('The generation was cancelled. Nothing was charged.');
    expect(await runOfCategory(working!.id)).toMatchObject({ id: started!.id, finishedAt: null });
    expect(await runOfCategory(waiting!.id)).toMatchObject({ status: statusNames.cancelled, chargedTokens: 0, heldTokens: 0 });

    // The place's own call ends the same way.
    expect((await call('POST', `/api/runs/${started!.id}/cancel`)).status).toBe(200);
    expect((await first).status).toBe(409);
  });
});
