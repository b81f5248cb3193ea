import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { EstimateAnswer } from '../../contract/estimate';
import type { ErrorAnswer } from '../../contract/http';
import { channels, realtimeEvents } from '../../contract/realtime';
import { runMessages, type Run, type RunAnswer, type RunsAnswer } from '../../contract/runs';
import { statusNames } from '../../contract/statuses';
import { brandExclusions, generationRuns } from '../db/schema';
import { finishedRun } from '../generation/test-support/queries';
import { catalogueApp, caller, databaseDigest, type CatalogueCall, type DemoIds } from '../test/catalogue';
import type { TestApp } from '../test/app';
import { availableEngines } from '../test/databases';
import { changeBalance } from '../tokens/ledger';

/**
 * A retry is a paid action like any other (docs/decisions/0008-money-and-runs-in-sight.md): it has an estimate (the
 * estimate call's `Retry` body), it links the retried run to its retry, a run is retried once (409 after), and a run
 * of a brand excluded now is not retried (409 naming the exclusion), nor are that brand's models generated.
 */
describe.each(await availableEngines())('POST /api/runs/{id}/retry and its estimate on %s', (engine) => {
  let t: TestApp;
  let call: CatalogueCall;
  let ids: DemoIds;
  let userId: number;

  beforeAll(async () => {
    ({ t, call, ids, userId } = await catalogueApp(engine, { generation: { concurrency: 1, pollMs: 50, leaseMs: 30_000 } }));
    await changeBalance(t.database.db, {
      userId,
      delta: 499_000,
      reason: 'adjustment',
      reference: `retry-${userId}`,
      description: 'Balance adjustment',
    });
  });
  afterAll(() => t.close());

  /** A run of the operator's that ended without a result, as the runs centre lists it. */
  const endedRun = async (target: { subcategory: string; brand?: string }, status: string = statusNames.failed, owner = userId) => {
    const subcategoryId = await ids.subcategory(target.subcategory);
    const [run] = await t.database.db
      .insert(generationRuns)
      .values({
        type: target.brand ? 'Equipments' : 'Brands',
        userId: owner,
        categoryId: await ids.category('Construction Equipment'),
        subcategoryId,
        brandId: target.brand ? await ids.brand(target.brand) : null,
        status,
        message: '<p>The provider did not answer.</p>',
        attempts: 1,
        startedAt: new Date(Date.now() - 5_000),
        finishedAt: new Date(),
      })
      .returning();
    return run!;
  };
  const estimate = (body: object, as = call) => as<EstimateAnswer>('POST', '/api/generation/estimate', body);
  const listed = async (id: number) => (await call<RunsAnswer>('GET', `/api/runs?id=${id}`)).body.runs[0]!;

  it('estimates a retry as the generate call of its target, and links the retried run to its retry, live', async () => {
    const failed = await endedRun({ subcategory: 'Bulldozers' });
    const priced = await estimate({ type: 'Retry', run_id: failed.id });
    expect(priced.status).toBe(200);
    const generate = await estimate({ type: 'Brands', subcategory_id: await ids.subcategory('Bulldozers') });
    expect(priced.body).toEqual(generate.body);
    expect(priced.body).toMatchObject({ runs: 1, affordable: true });
    expect(await listed(failed.id)).toMatchObject({ retry_of: null, retried_by: null });

    const publish = vi.spyOn(t.app.broadcaster, 'publish');
    const retried = await call<RunAnswer>('POST', `/api/runs/${failed.id}/retry`);
    expect(retried.status).toBe(200);
    expect(retried.body.run).toMatchObject({ retry_of: failed.id, retried_by: null, status: statusNames.inProgress });
    expect(await listed(failed.id)).toMatchObject({ retried_by: retried.body.run.id });
    // The retried run's row changed too: every screen of the operator hears it.
    const told = publish.mock.calls
      .filter(([channel, event]) => channel === channels.user(userId) && event === realtimeEvents.runChanged)
      .map(([, , payload]) => (payload as { run: Run }).run);
    expect(told).toContainEqual(expect.objectContaining({ id: failed.id, retried_by: retried.body.run.id }));
    publish.mockRestore();

    const done = await finishedRun(t.database.db, retried.body.run.id);
    expect(done.maxTokens).toBe(priced.body.max_tokens);
  });

  it('a run is retried once: a second retry (or its estimate) is 409 naming the retry, also once that retry has ended', async () => {
    const failed = await endedRun({ subcategory: 'Wheel Loaders' }, statusNames.insufficientTokens);
    const first = await call<RunAnswer>('POST', `/api/runs/${failed.id}/retry`);
    expect(first.status).toBe(200);
    await finishedRun(t.database.db, first.body.run.id);
    const before = await databaseDigest(t.database.db);
    const again = await call<ErrorAnswer>('POST', `/api/runs/${failed.id}/retry`);
    expect(again).toMatchObject({ status: 409, body: { message: runMessages.alreadyRetried(first.body.run.id) } });
    expect(again.body.message).toBe(`This generation was already retried: run #${first.body.run.id}.`);
    expect((await estimate({ type: 'Retry', run_id: failed.id })).status).toBe(409);
    expect(await databaseDigest(t.database.db)).toBe(before);
  });

  it('two retries of one run at once: one is queued, the other is 409', async () => {
    const cancelled = await endedRun({ subcategory: 'Tower Cranes' }, statusNames.cancelled);
    const answers = await Promise.all([0, 1].map(() => call<RunAnswer | ErrorAnswer>('POST', `/api/runs/${cancelled.id}/retry`)));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const retries = await t.database.db.select().from(generationRuns).where(eq(generationRuns.retryOf, cancelled.id));
    expect(retries).toHaveLength(1);
    await finishedRun(t.database.db, retries[0]!.id);
  });

  it('a run of a brand excluded now is not retried: 409 naming the exclusion, for the retry and its estimate, changing nothing', async () => {
    const komatsu = await ids.brand('Komatsu');
    const failed = await endedRun({ subcategory: 'Excavators', brand: 'Komatsu' });
    const generated = await endedRun({ subcategory: 'Excavators', brand: 'Komatsu' }, statusNames.generated);
    await t.database.db.insert(brandExclusions).values({ brandId: komatsu });
    try {
      const before = await databaseDigest(t.database.db);
      for (const run of [failed, generated]) {
        const refused = await call<ErrorAnswer>('POST', `/api/runs/${run.id}/retry`);
        expect(refused).toMatchObject({ status: 409, body: { message: runMessages.brandExcluded('Komatsu') } });
        expect(refused.body.message).toMatch(/^Komatsu is excluded/);
        const priced = await estimate({ type: 'Retry', run_id: run.id });
        expect(priced).toMatchObject({ status: 409, body: { message: runMessages.brandExcluded('Komatsu') } });
      }
      // Nor are its models generated by the call that waits for them.
      const models = await call<ErrorAnswer>('POST', '/api/equipments/generate-models', {
        brand: komatsu,
        subcategory_id: await ids.subcategory('Excavators'),
      });
      expect(models).toMatchObject({ status: 409, body: { message: runMessages.brandExcluded('Komatsu') } });
      expect(await databaseDigest(t.database.db)).toBe(before);
    } finally {
      await t.database.db.delete(brandExclusions).where(eq(brandExclusions.brandId, komatsu));
    }
    // Once it is not excluded, the failed run can be retried.
    const retried = await call<RunAnswer>('POST', `/api/runs/${failed.id}/retry`);
    expect(retried.status).toBe(200);
    await finishedRun(t.database.db, retried.body.run.id);
  });

  it('refuses the estimate of a retry as the retry is refused: 404 for another operator’s run or a missing one, 409 for one under way or successful', async () => {
    const mine = await endedRun({ subcategory: 'Bulldozers' }, statusNames.generated);
    const other = await t.signIn({ tokens: 100_000 });
    const theirs = await endedRun({ subcategory: 'Bulldozers' }, statusNames.failed, other.userId);
    const before = await databaseDigest(t.database.db);
    expect((await estimate({ type: 'Retry', run_id: theirs.id })).status).toBe(404);
    expect((await estimate({ type: 'Retry', run_id: 2_147_483_647 })).status).toBe(404);
    expect(await estimate({ type: 'Retry', run_id: mine.id })).toMatchObject({ status: 409, body: { message: runMessages.notRetryable } });
    expect((await estimate({ type: 'Retry', run_id: theirs.id }, caller(t, other.headers))).status).toBe(200);
    for (const body of [{ type: 'Retry' }, { type: 'Retry', run_id: 0 }, { type: 'Retry', run_id: 'x' }]) {
      expect((await estimate(body)).status).toBe(422);
    }
    expect(await databaseDigest(t.database.db)).toBe(before);
  });
});
