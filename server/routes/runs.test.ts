import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { channels, realtimeEvents } from '../../contract/realtime';
import { runAnswer, runsAnswer, type Run, type RunAnswer, type RunsAnswer } from '../../contract/runs';
import { statusNames } from '../../contract/statuses';
import { brands, generationRuns, tokenLedger, users } from '../db/schema';
import { heldAnswer, listAnswer, startFakeOpenAi, type FakeAnswer, type FakeOpenAi } from '../generation/test-support/fake-openai';
import { finishedRun, statusOf } from '../generation/test-support/queries';
import { catalogueApp, caller, databaseDigest, type CatalogueCall, type DemoIds } from '../test/catalogue';
import type { TestApp } from '../test/app';
import { availableEngines } from '../test/databases';
import { changeBalance } from '../tokens/ledger';

const engines = await availableEngines();

describe.each(engines)('the runs centre: GET /api/runs, cancel and retry on %s', (engine) => {
  let fake: FakeOpenAi;
  let t: TestApp;
  let call: CatalogueCall;
  let ids: DemoIds;
  let userId: number;

  const runRow = async (id: number) => (await t.database.db.select().from(generationRuns).where(eq(generationRuns.id, id)))[0]!;
  const latestRunOf = async (subcategoryId: number) =>
    (await t.database.db.select().from(generationRuns).where(eq(generationRuns.subcategoryId, subcategoryId))).sort(
      (a, b) => b.id - a.id,
    )[0]!;
  const brandCount = async (subcategoryId: number) =>
    (await t.database.db.select().from(brands).where(eq(brands.subcategoryId, subcategoryId))).length;
  const user = async (id = userId) => (await t.database.db.select().from(users).where(eq(users.id, id)))[0]!;

  beforeAll(async () => {
    // One place for work: a run whose provider call the test holds keeps the next one queued for as long as it needs.
    fake = await startFakeOpenAi();
    fake.always(listAnswer('brands', [{ name: 'Runs Centre Brand One' }, { name: 'Runs Centre Brand Two' }]));
    ({ t, call, ids, userId } = await catalogueApp(engine, {
      ai: { provider: 'openai', baseUrl: fake.baseUrl, apiKey: 'sk-test', model: 'test-model', timeoutMs: 600_000, maxOutputTokens: 4_000 },
      generation: { concurrency: 1, pollMs: 50, leaseMs: 30_000 },
    }));
    await changeBalance(t.database.db, {
      userId,
      delta: 500_000,
      reason: 'adjustment',
      reference: `runs-${userId}`,
      description: 'Balance adjustment',
    });
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  /** A provider call the test lets go of; the next call to the provider gets it. */
  const holdNextCall = () => {
    const held = heldAnswer(listAnswer('brands', [{ name: 'Held Runs Brand' }]));
    fake.enqueue(held.answer);
    return held;
  };

  /**
   * An operator of the test's own with four runs no other test counts: two generated, and two cancelled (one while
   * queued, one while its provider call was open).
   */
  async function operatorWithRuns() {
    const operator = await t.signIn({ tokens: 500_000 });
    const theirs = caller(t, operator.headers);
    /** Queues a run; `answer`, if given, is what its provider call gets (a run cancelled while queued makes none). */
    const generate = async (name: string, answer?: FakeAnswer) => {
      const subcategoryId = await ids.subcategory(name);
      if (answer) fake.enqueue(answer);
      expect((await theirs('POST', '/api/brands/generate', { subcategory_id: subcategoryId })).status).toBe(200);
      return latestRunOf(subcategoryId);
    };
    // Brands no earlier run stored: the run ends Generated.
    const newBrands = (name: string) => listAnswer('brands', [{ name: `Runs Brand ${operator.userId} ${name}` }]);
    await finishedRun(t.database.db, (await generate('Tractors', newBrands('Tractors'))).id);
    const open = heldAnswer(listAnswer('brands', [{ name: 'Held Runs Brand' }]));
    const inProgress = await generate('Combine Harvesters', open.answer);
    await open.arrived;
    const queued = await generate('Sprayers');
    for (const run of [queued, inProgress]) expect((await theirs('POST', `/api/runs/${run.id}/cancel`)).status).toBe(200);
    await open.abandoned;
    await finishedRun(t.database.db, (await generate('Treadmills', newBrands('Treadmills'))).id);
    return { ...operator, call: theirs };
  }

  it('answers 401 without a token', async () => {
    for (const [method, url] of [
      ['GET', '/api/runs'],
      ['POST', '/api/runs/1/cancel'],
      ['POST', '/api/runs/1/retry'],
    ] as const) {
      expect((await t.app.inject({ method, url })).statusCode).toBe(401);
    }
  });

  it('cancels a run in progress: its provider call is aborted, nothing is stored or charged, every screen is told', async () => {
    const subcategory = await ids.subcategory('Bulldozers');
    const before = { brands: await brandCount(subcategory), user: await user() };
    const publish = vi.spyOn(t.app.broadcaster, 'publish');
    const providerCall = holdNextCall();
    expect((await call('POST', '/api/brands/generate', { subcategory_id: subcategory })).status).toBe(200);
    const run = await latestRunOf(subcategory);
    await providerCall.arrived;
    expect((await user()).heldTokens).toBeGreaterThan(0);
    const listed = await call<RunsAnswer>('GET', '/api/runs?status=active');
    expect(listed.body.runs.map((r) => [r.id, r.status, r.queued])).toEqual([[run.id, statusNames.inProgress, false]]);

    const res = await call<RunAnswer>('POST', `/api/runs/${run.id}/cancel`);
    expect(res.status).toBe(200);
    expect(runAnswer.safeParse(res.body).success).toBe(true);
    const email = (await user()).email;
    expect(res.body.run).toMatchObject({ id: run.id, status: statusNames.cancelled, charged_tokens: 0, items_added: 0, queued: false });
    expect(res.body.run.message).toBe(`<p>Cancelled by ${email}</p>`);
    expect(res.body.run.finished_at).not.toBeNull();

    // The provider call is aborted, and its answer, sent after that, goes nowhere. With one place for work, another
    // operator's next run starts only once the cancelled run's work has ended: whatever it would store, it has by then.
    await providerCall.abandoned;
    providerCall.release();
    const later = caller(t, (await t.signIn({ tokens: 500_000 })).headers);
    const excavators = await ids.subcategory('Excavators');
    expect((await later('POST', '/api/brands/generate', { subcategory_id: excavators })).status).toBe(200);
    await finishedRun(t.database.db, (await latestRunOf(excavators)).id);
    expect(await brandCount(subcategory)).toBe(before.brands);
    expect(await user()).toMatchObject({ tokens: before.user.tokens, heldTokens: 0 });
    expect(await t.database.db.select().from(tokenLedger).where(eq(tokenLedger.runId, run.id))).toEqual([]);
    expect(await runRow(run.id)).toMatchObject({ status: statusNames.cancelled, chargedTokens: 0, heldTokens: 0 });
    expect((await statusOf(t.database.db, { modelType: 'App\\Models\\Brand', subcategoryId: subcategory }))?.name).toBe(
      statusNames.cancelled,
    );

    const sent = publish.mock.calls
      .filter(([channel]) => channel === channels.user(userId))
      .map(([, event, payload]) => [event, (payload as { run?: Run }).run?.status]);
    expect(sent).toContainEqual([realtimeEvents.runChanged, statusNames.cancelled]);
    expect(
      publish.mock.calls.some(
        ([channel, event, payload]) =>
          channel === channels.statuses &&
          event === realtimeEvents.changeAnyStatus &&
          (payload as { status: { name: string } }).status.name === statusNames.cancelled,
      ),
    ).toBe(true);
    publish.mockRestore();
  });

  it('cancels a queued run at once, and retries it: a new run of the same target that finishes', async () => {
    const busy = await ids.subcategory('Tower Cranes');
    const queuedTarget = await ids.subcategory('Wheel Loaders');
    const busyCall = holdNextCall();
    expect((await call('POST', '/api/brands/generate', { subcategory_id: busy })).status).toBe(200);
    await busyCall.arrived;
    expect((await call('POST', '/api/brands/generate', { subcategory_id: queuedTarget })).status).toBe(200);
    const queued = await latestRunOf(queuedTarget);
    const active = await call<RunsAnswer>('GET', '/api/runs?status=active');
    expect(active.body.runs.find((r) => r.id === queued.id)).toMatchObject({ queued: true, started_at: null });

    const cancelled = await call<RunAnswer>('POST', `/api/runs/${queued.id}/cancel`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.run).toMatchObject({ status: statusNames.cancelled, started_at: null, max_tokens: 0 });
    expect((await call('POST', `/api/runs/${queued.id}/cancel`)).status).toBe(409);

    const retried = await call<RunAnswer>('POST', `/api/runs/${queued.id}/retry`);
    expect(retried.status).toBe(200);
    expect(retried.body.run).toMatchObject({
      type: 'Brands',
      subcategory: { id: queuedTarget, name: 'Wheel Loaders' },
      status: statusNames.inProgress,
    });
    expect(retried.body.run.id).not.toBe(queued.id);
    // A second retry while the new run is under way: the target is busy.
    expect((await call('POST', `/api/runs/${queued.id}/retry`)).status).toBe(409);
    busyCall.release();
    const done = await finishedRun(t.database.db, retried.body.run.id);
    expect([statusNames.generated, statusNames.noNewResults]).toContain(done.status);
    expect(done.chargedTokens).toBeGreaterThan(0);
    expect(done.maxTokens).toBeGreaterThanOrEqual(done.chargedTokens);
    expect(done.itemsAdded).toBe((await brandCount(queuedTarget)) - 2);
    await finishedRun(t.database.db, (await latestRunOf(busy)).id);
  });

  it('lists only the operator’s own runs, newest first, filtered by status and type', async () => {
    const { call } = await operatorWithRuns();
    const all = await call<RunsAnswer>('GET', '/api/runs');
    expect(runsAnswer.safeParse(all.body).success).toBe(true);
    expect(all.body.total).toBe(4);
    expect(all.body.runs.map((r) => r.id)).toEqual([...all.body.runs.map((r) => r.id)].sort((a, b) => b - a));
    expect((await call<RunsAnswer>('GET', '/api/runs?status=Cancelled')).body.runs.every((r) => r.status === statusNames.cancelled)).toBe(
      true,
    );
    expect((await call<RunsAnswer>('GET', '/api/runs?status=Cancelled')).body.total).toBe(2);
    expect((await call<RunsAnswer>('GET', '/api/runs?status=finished')).body.runs.every((r) => r.finished_at !== null)).toBe(true);
    expect((await call<RunsAnswer>('GET', '/api/runs?type=Events')).body.total).toBe(0);
    const one = all.body.runs[2]!;
    expect((await call<RunsAnswer>('GET', `/api/runs?id=${one.id}`)).body.runs.map((r) => r.id)).toEqual([one.id]);
    const ofTarget = await call<RunsAnswer>('GET', `/api/runs?subcategory_id=${one.subcategory!.id}`);
    expect(ofTarget.body.runs.length).toBeGreaterThan(0);
    expect(ofTarget.body.runs.every((r) => r.subcategory?.id === one.subcategory!.id)).toBe(true);
    const page = await call<RunsAnswer>('GET', '/api/runs?limit=1&offset=1');
    expect(page.body.runs.map((r) => r.id)).toEqual([all.body.runs[1]?.id]);

    const other = await t.signIn();
    const theirs = await t.app.inject({ method: 'GET', url: '/api/runs', headers: other.headers });
    expect(theirs.json<RunsAnswer>()).toEqual({ runs: [], total: 0 });
  });

  it('refuses another operator’s run and a missing one with 404, a finished or successful one with 409, changing nothing', async () => {
    const { call } = await operatorWithRuns();
    const [mine] = (await call<RunsAnswer>('GET', '/api/runs?status=Generated')).body.runs;
    const [cancelled] = (await call<RunsAnswer>('GET', '/api/runs?status=Cancelled')).body.runs;
    const other = caller(t, (await t.signIn({ tokens: 500_000 })).headers);
    const before = await databaseDigest(t.database.db);
    expect((await other('POST', `/api/runs/${cancelled!.id}/cancel`)).status).toBe(404);
    expect((await other('POST', `/api/runs/${cancelled!.id}/retry`)).status).toBe(404);
    expect((await call('POST', '/api/runs/2147483647/cancel')).status).toBe(404);
    expect((await call('POST', '/api/runs/2147483647/retry')).status).toBe(404);
    const finished = await call<{ message: string }>('POST', `/api/runs/${mine!.id}/cancel`);
    expect(finished).toMatchObject({ status: 409, body: { message: 'This generation has already ended.' } });
    const notRetryable = await call<{ message: string }>('POST', `/api/runs/${mine!.id}/retry`);
    expect(notRetryable).toMatchObject({ status: 409, body: { message: 'Only a failed, cancelled or unpaid generation can be retried.' } });
    expect(await databaseDigest(t.database.db)).toBe(before);
  });

  it('retries under the balance rules: 402 when the balance does not cover one run', async () => {
    const { call } = await operatorWithRuns();
    const [cancelled] = (await call<RunsAnswer>('GET', '/api/runs?status=Cancelled')).body.runs;
    const poor = await t.signIn({ tokens: 10 });
    // The run is the poor operator's own: reassign it to them for this check.
    await t.database.db
      .update(generationRuns)
      .set({ userId: poor.userId })
      .where(and(eq(generationRuns.id, cancelled!.id)));
    const before = await databaseDigest(t.database.db);
    const res = await caller(t, poor.headers)<{ message: string }>('POST', `/api/runs/${cancelled!.id}/retry`);
    expect(res.status).toBe(402);
    expect(res.body.message).toMatch(/^Insufficient tokens/);
    expect(await databaseDigest(t.database.db)).toBe(before);
  });

  it.each([
    ['GET', '/api/runs?status=Done'],
    ['GET', '/api/runs?type=Models'],
    ['GET', '/api/runs?limit=201'],
    ['POST', '/api/runs/abc/cancel'],
    ['POST', '/api/runs/0/retry'],
  ] as const)('%s %s is refused with a 422', async (method, url) => {
    expect((await call(method, url)).status).toBe(422);
  });
});
