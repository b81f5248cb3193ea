import { and, asc, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { generateAnswer } from '../../contract/generation';
import { generateModelsAnswer } from '../../contract/equipments';
import { generateEventsAnswer } from '../../contract/events';
import { channels, realtimeEvents } from '../../contract/realtime';
import { modelTypes, statusNames } from '../../contract/statuses';
import { brandExclusions, brandInformations, brands, equipments, events, generationRuns, tokenLedger } from '../db/schema';
import { createTestApp, type TestApp } from '../test/app';
import { caller, databaseDigest, demoIds, type CatalogueCall, type DemoIds } from '../test/catalogue';
import { availableEngines } from '../test/databases';
import { seedDemo } from '../seed/demo';
import { balanceOf, eventually, finishedRun, statusOf as statusOfTarget, type StatusTarget } from './test-support/queries';

const engines = await availableEngines();

describe.each(engines)('generation with the demo generator on %s', (engine) => {
  let t: TestApp;
  let call: CatalogueCall;
  let ids: DemoIds;
  let userId: number;
  const balance = (id = userId) => balanceOf(t.database.db, id);
  const statusOf = (where: StatusTarget) => statusOfTarget(t.database.db, where);

  beforeAll(async () => {
    t = await createTestApp(engine, { generation: { concurrency: 2, pollMs: 100, leaseMs: 30_000 } });
    await seedDemo(t.database.db, { email: 'demo-seed@example.com', password: 'password123' });
    const session = await t.signIn({ tokens: 200_000 });
    userId = session.userId;
    call = caller(t, session.headers);
    ids = await demoIds(t.database.db);
  });
  afterAll(() => t.close());

  it('POST /api/events/generate: answers the new events, charges what the run used and records it', async () => {
    const category = await ids.category('Medical Devices');
    const before = await balance();
    const publish = vi.spyOn(t.app.broadcaster, 'publish');
    const res = await call<{ events: { name: string; category_id: number }[]; message: string }>('POST', '/api/events/generate', {
      category_id: category,
    });
    expect(res.status).toBe(200);
    expect(generateEventsAnswer.safeParse(res.body).success).toBe(true);
    expect(res.body.events).toHaveLength(8);
    expect(res.body.events.every((e) => e.category_id === category)).toBe(true);
    expect(res.body.message).toBe('Generated 8 new events.');

    const [run] = await t.database.db
      .select()
      .from(generationRuns)
      .where(and(eq(generationRuns.categoryId, category), eq(generationRuns.type, 'Events')))
      .orderBy(asc(generationRuns.id));
    const last = (await t.database.db.select().from(generationRuns).where(eq(generationRuns.categoryId, category))).sort(
      (a, b) => b.id - a.id,
    )[0];
    expect(run).toBeDefined();
    expect(last?.status).toBe(statusNames.generated);
    expect(last?.finishedAt).not.toBeNull();
    expect(last?.totalTokens).toBeGreaterThan(0);
    expect(last?.chargedTokens).toBe(last?.totalTokens);
    expect(last?.message).toContain('offline demo generator');
    expect(await balance()).toBe((before ?? 0) - (last?.chargedTokens ?? 0));
    const ledger = await t.database.db
      .select()
      .from(tokenLedger)
      .where(eq(tokenLedger.reference, `run:${last?.id}`));
    expect(ledger).toEqual([expect.objectContaining({ userId, delta: -(last?.chargedTokens ?? 0), reason: 'generation' })]);
    expect((await statusOf({ modelType: modelTypes.event, categoryId: category }))?.name).toBe(statusNames.generated);

    // In Progress and the hold on the balance, then the result, then the balance: each after its transaction.
    const runSteps = publish.mock.calls
      .filter(([, event]) => event === realtimeEvents.runChanged)
      .map(([channel, , payload]) => {
        const { run } = payload as { run: { status: string; started_at: string | null } };
        return [channel, run.status, run.started_at !== null];
      });
    expect(runSteps).toEqual([
      [channels.user(userId), statusNames.inProgress, false],
      [channels.user(userId), statusNames.inProgress, true],
      [channels.user(userId), statusNames.generated, true],
    ]);
    const calls = publish.mock.calls.filter(([, event]) => event !== realtimeEvents.runChanged);
    const sent = calls.map(([channel, event, payload]) => [channel, event, (payload as { status?: { name: string } }).status?.name]);
    expect(sent).toEqual([
      [channels.statuses, realtimeEvents.changeAnyStatus, statusNames.inProgress],
      [channels.user(userId), realtimeEvents.changeTokens, undefined],
      [channels.statuses, realtimeEvents.changeAnyStatus, statusNames.generated],
      [channels.events, realtimeEvents.updateEvents, undefined],
      [channels.review, realtimeEvents.reviewChanged, undefined],
      [channels.user(userId), realtimeEvents.changeTokens, undefined],
    ]);
    const most = (calls[1]?.[2] as { user: { held_tokens: number } }).user.held_tokens;
    expect(most).toBeGreaterThanOrEqual(last?.chargedTokens ?? 0);
    expect(calls[1]?.[2]).toEqual({ user: { id: userId, tokens: before, held_tokens: most } });
    expect(calls[3]?.[2]).toEqual({ category_id: category });
    expect(calls[5]?.[2]).toEqual({ user: { id: userId, tokens: await balance(), held_tokens: 0 } });
    publish.mockRestore();
  });

  it("escapes the names it puts in a run's HTML message", async () => {
    const category = await ids.category('Drones');
    const renamed = await call('POST', '/api/categories/update', { id: category, name: 'Drones <img src=x onerror=alert(1)>' });
    expect(renamed.status).toBe(200);
    expect((await call('POST', '/api/events/generate', { category_id: category })).status).toBe(200);
    const [run] = await t.database.db
      .select()
      .from(generationRuns)
      .where(and(eq(generationRuns.categoryId, category), eq(generationRuns.type, 'Events')))
      .orderBy(desc(generationRuns.id))
      .limit(1);
    expect(run?.message).toContain('for Drones &lt;img src=x onerror=alert(1)&gt;.</p>');
    expect(run?.message).not.toContain('<img');
  });

  it('never adds a name twice; a target with nothing new left ends "No New Results" and still pays for the call', async () => {
    const category = await ids.category('Fitness Equipment');
    let last: { events: { name: string }[]; message: string } | undefined;
    for (let i = 0; i < 7; i += 1) {
      const res = await call<{ events: { name: string }[]; message: string }>('POST', '/api/events/generate', { category_id: category });
      expect(res.status).toBe(200);
      last = res.body;
    }
    expect(last?.events).toEqual([]);
    expect(last?.message).toBe('No new results.');
    const names = (await t.database.db.select({ name: events.name }).from(events).where(eq(events.categoryId, category))).map((e) =>
      e.name.toLowerCase(),
    );
    expect(new Set(names).size).toBe(names.length);
    expect((await statusOf({ modelType: modelTypes.event, categoryId: category }))?.name).toBe(statusNames.noNewResults);
    const [run] = await t.database.db
      .select()
      .from(generationRuns)
      .where(and(eq(generationRuns.categoryId, category), eq(generationRuns.type, 'Events')))
      .orderBy(desc(generationRuns.id))
      .limit(1);
    expect(run?.status).toBe(statusNames.noNewResults);
    expect(run?.chargedTokens).toBeGreaterThan(0);
  });

  it('refuses, changing nothing: a missing target 404, bad input 422, a running target 409, a low balance 402, no token 401', async () => {
    const category = await ids.category('Construction Equipment');
    const before = await databaseDigest(t.database.db);
    expect((await call('POST', '/api/events/generate', { category_id: 987654 })).status).toBe(404);
    expect((await call('POST', '/api/brands/generate', { subcategory_id: 987654 })).status).toBe(404);
    expect((await call('POST', '/api/equipments/generate-models', { brand: 987654, subcategory_id: 1 })).status).toBe(404);
    for (const body of [{}, { category_id: 'x' }, { category_id: -1 }, { category_id: 1.5 }]) {
      expect((await call('POST', '/api/events/generate', body)).status).toBe(422);
    }
    expect((await call('POST', '/api/equipments/generate', { subcategory_id: 1, brands: [] })).status).toBe(422);
    expect((await call('POST', '/api/equipments/generate', { subcategory_id: 1, brands: ['a'] })).status).toBe(422);
    const noToken = await t.app.inject({ method: 'POST', url: '/api/events/generate', payload: { category_id: category } });
    expect(noToken.statusCode).toBe(401);

    const poor = await t.signIn({ tokens: 10 });
    const poorCall = caller(t, poor.headers);
    const refused = await poorCall<{ message: string }>('POST', '/api/events/generate', { category_id: category });
    expect(refused.status).toBe(402);
    expect(refused.body.message).toMatch(/^Insufficient tokens: this generation needs up to [\d,]+ tokens; the balance is 10\.$/);
    const afterPoor = await databaseDigest(t.database.db);

    // A run of the target is unfinished (another request, another process): a second one is refused.
    const [held] = await t.database.db
      .insert(generationRuns)
      .values({
        type: 'Events',
        userId,
        categoryId: category,
        status: statusNames.inProgress,
        leaseUntil: new Date(Date.now() + 60_000),
        attempts: 1,
      })
      .returning();
    const busy = await call<{ message: string }>('POST', '/api/events/generate', { category_id: category });
    expect(busy.status).toBe(409);
    expect(busy.body.message).toBe('A generation of the events of Construction Equipment is already in progress.');
    await t.database.db.delete(generationRuns).where(eq(generationRuns.id, held?.id ?? 0));
    expect(await databaseDigest(t.database.db)).toBe(afterPoor);
    expect(before).not.toBe(afterPoor); // only the new operator
  });

  it('POST /api/brands/generate queues the run; a worker fills the subcategory and the screens hear of each step', async () => {
    const subcategory = await ids.subcategory('Bulldozers');
    const publish = vi.spyOn(t.app.broadcaster, 'publish');
    const res = await call('POST', '/api/brands/generate', { subcategory_id: subcategory });
    expect(res.status).toBe(200);
    const [queued] = await t.database.db
      .select({ id: generationRuns.id })
      .from(generationRuns)
      .where(and(eq(generationRuns.subcategoryId, subcategory), eq(generationRuns.type, 'Brands')))
      .orderBy(desc(generationRuns.id))
      .limit(1);
    // The run it queued, by id: the SPA follows its end (docs/decisions/0014-generate-for-all-matching.md).
    expect(generateAnswer.parse(res.body)).toEqual({ success: true, message: 'Generating brands for Bulldozers.', run_ids: [queued?.id] });
    const done = await eventually(async () => {
      const status = await statusOf({ modelType: modelTypes.brand, subcategoryId: subcategory });
      return status?.name === statusNames.inProgress ? undefined : status;
    });
    expect(done.name).toBe(statusNames.generated);
    expect(done.message).toBe('Generated 10 new brands.');
    const added = await t.database.db.select().from(brands).where(eq(brands.subcategoryId, subcategory));
    expect(added).toHaveLength(10);
    const informations = await t.database.db
      .select()
      .from(brandInformations)
      .where(eq(brandInformations.brandId, added[0]?.id ?? 0));
    expect(informations).toHaveLength(1);
    expect(informations[0]?.website).toMatch(/^https:\/\/example\.com\/brands\//);
    // The run's last word (finished, on the operator's channel) is published after the status row is written.
    const lastRunEvent = `${channels.user(userId)} ${realtimeEvents.runChanged}`;
    const events = await eventually(async () => {
      const published = publish.mock.calls.map(([channel, event]) => `${channel} ${event}`);
      return published.length >= 9 && published.at(-1) === lastRunEvent ? published : undefined;
    });
    // The run itself on the operator's channel: queued, started, finished (the runs centre).
    expect(events).toEqual([
      `${channels.user(userId)} ${realtimeEvents.runChanged}`,
      `${channels.statuses} ${realtimeEvents.changeAnyStatus}`,
      `${channels.user(userId)} ${realtimeEvents.changeTokens}`,
      `${channels.user(userId)} ${realtimeEvents.runChanged}`,
      `${channels.statuses} ${realtimeEvents.changeAnyStatus}`,
      `${channels.equipments} ${realtimeEvents.statusesChanged}`,
      `${channels.review} ${realtimeEvents.reviewChanged}`,
      `${channels.user(userId)} ${realtimeEvents.changeTokens}`,
      `${channels.user(userId)} ${realtimeEvents.runChanged}`,
    ]);
    publish.mockRestore();
  });

  it('POST /api/equipments/generate queues one run a brand, skips excluded brands, refuses brands of another subcategory', async () => {
    const excavators = await ids.subcategory('Excavators');
    const [caterpillar, komatsu, hitachi] = await Promise.all([ids.brand('Caterpillar'), ids.brand('Komatsu'), ids.brand('Hitachi')]);
    const jcb = await ids.brand('JCB');
    await t.database.db.insert(brandExclusions).values({ brandId: hitachi }).onConflictDoNothing();

    const foreign = await call<{ message: string }>('POST', '/api/equipments/generate', {
      subcategory_id: excavators,
      brands: [caterpillar, jcb],
    });
    expect(foreign.status).toBe(422);
    expect(foreign.body.message).toBe(`These brands are not in Excavators: ${jcb}.`);

    const res = await call('POST', '/api/equipments/generate', { subcategory_id: excavators, brands: [caterpillar, komatsu, hitachi] });
    expect(res.status).toBe(200);
    expect(generateAnswer.parse(res.body).message).toBe('Generating models for 2 brands of Excavators. (1 excluded brand skipped.)');
    for (const brandId of [caterpillar, komatsu]) {
      const status = await eventually(async () => {
        const row = await statusOf({ modelType: modelTypes.equipment, brandId, subcategoryId: excavators });
        return row?.name === statusNames.inProgress ? undefined : row;
      });
      expect(status.name).toBe(statusNames.generated);
    }
    const models = await t.database.db.select().from(equipments).where(eq(equipments.brandId, komatsu));
    expect(models.length).toBe(2 + 6);
    expect(models.every((m) => m.subcategoryId === excavators && m.brand === 'Komatsu')).toBe(true);
    const hitachiRuns = await t.database.db.select().from(generationRuns).where(eq(generationRuns.brandId, hitachi));
    expect(hitachiRuns).toEqual([]);

    // The older call by names reaches the same subcategory.
    const byNames = await call('POST', '/api/equipments/generate', {
      category: 'Construction Equipment',
      subcategory: 'Excavators',
      brands: [komatsu],
    });
    expect(byNames.status).toBe(200);
    const missing = await call('POST', '/api/equipments/generate', { category: 'Nowhere', subcategory: 'Excavators', brands: [komatsu] });
    expect(missing.status).toBe(404);
    await eventually(async () =>
      (await statusOf({ modelType: modelTypes.equipment, brandId: komatsu }))?.name === statusNames.inProgress ? undefined : true,
    );
  });

  it('POST /api/equipments/generate-models answers the new models of one brand', async () => {
    const subcategory = await ids.subcategory('Microphones');
    const brand = await ids.brand('Shure');
    const res = await call<{ models: { brand: string; model: string; brand_id: number }[] }>('POST', '/api/equipments/generate-models', {
      brand,
      subcategory_id: subcategory,
    });
    expect(res.status).toBe(200);
    expect(generateModelsAnswer.safeParse(res.body).success).toBe(true);
    expect(res.body.models).toHaveLength(6);
    expect(res.body.models.every((m) => m.brand === 'Shure' && m.brand_id === brand)).toBe(true);
    const other = await ids.subcategory('Excavators');
    expect((await call('POST', '/api/equipments/generate-models', { brand, subcategory_id: other })).status).toBe(422);
  });

  it('a queued run the balance no longer covers when its turn comes ends "Insufficient tokens", at no cost', async () => {
    const komatsu = await ids.brand('Komatsu');
    const excavators = await ids.subcategory('Excavators');
    const operator = await t.signIn({ tokens: 10 });
    // Queued while the balance sufficed (another run has spent it since).
    const [queued] = await t.database.db
      .insert(generationRuns)
      .values({
        type: 'Equipments',
        userId: operator.userId,
        categoryId: await ids.category('Construction Equipment'),
        subcategoryId: excavators,
        brandId: komatsu,
        status: statusNames.inProgress,
      })
      .returning();
    const run = await finishedRun(t.database.db, queued?.id ?? 0);
    expect(run.status).toBe(statusNames.insufficientTokens);
    expect(run.chargedTokens).toBe(0);
    expect(run.message).toMatch(/^<p>This generation needs up to [\d,]+ tokens; the balance is 10\.<\/p>$/);
    expect((await statusOf({ modelType: modelTypes.equipment, brandId: komatsu, subcategoryId: excavators }))?.name).toBe(
      statusNames.insufficientTokens,
    );
    expect(await balance(operator.userId)).toBe(10);
  });

  it('takes over a run whose process stopped (its lease ran out), and gives up after three interrupted attempts', async () => {
    const category = await ids.category('Audio Equipment');
    const [orphan] = await t.database.db
      .insert(generationRuns)
      .values({
        type: 'Events',
        userId,
        categoryId: category,
        status: statusNames.inProgress,
        leaseUntil: new Date(Date.now() - 1000),
        attempts: 1,
      })
      .returning();
    const finished = await finishedRun(t.database.db, orphan?.id ?? 0);
    expect(finished.status).toBe(statusNames.generated);
    expect(finished.attempts).toBe(2);

    const [doomed] = await t.database.db
      .insert(generationRuns)
      .values({
        type: 'Events',
        userId,
        categoryId: category,
        status: statusNames.inProgress,
        leaseUntil: new Date(Date.now() - 1000),
        attempts: 3,
      })
      .returning();
    const failed = await finishedRun(t.database.db, doomed?.id ?? 0);
    expect(failed.status).toBe(statusNames.failed);
    expect(failed.message).toBe('<p>Stopped after 3 attempts that were interrupted.</p>');
    expect(failed.chargedTokens).toBe(0);
  });
});
