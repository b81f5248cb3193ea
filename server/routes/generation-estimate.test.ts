import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { estimateAnswer, type EstimateAnswer } from '../../contract/estimate';
import { brandExclusions, generationRuns } from '../db/schema';
import { catalogueApp, caller, databaseDigest, type CatalogueCall, type DemoIds } from '../test/catalogue';
import type { TestApp } from '../test/app';
import { availableEngines } from '../test/databases';
import { changeBalance } from '../tokens/ledger';

const engines = await availableEngines();

describe.each(engines)('POST /api/generation/estimate and the preferences on %s', (engine) => {
  let t: TestApp;
  let call: CatalogueCall;
  let ids: DemoIds;
  let userId: number;
  const estimate = (body: unknown) => call<EstimateAnswer>('POST', '/api/generation/estimate', body);

  beforeAll(async () => {
    ({ t, call, ids, userId } = await catalogueApp(engine, { generation: { concurrency: 1, pollMs: 50, leaseMs: 30_000 } }));
    await changeBalance(t.database.db, {
      userId,
      delta: 499_000,
      reason: 'adjustment',
      reference: `estimate-${userId}`,
      description: 'Balance adjustment',
    });
  });
  afterAll(() => t.close());

  it('answers 401 without a token', async () => {
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/generation/estimate', payload: { type: 'Events', category_id: 1 } })).statusCode,
    ).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/preferences' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/generation/typical-costs' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/preferences', payload: { confirm_runs_from: 1 } })).statusCode).toBe(401);
  });

  it('before a run: its most possible cost (what the run then holds) and, without a history, that as the typical cost', async () => {
    const category = await ids.category('Drones');
    const before = await databaseDigest(t.database.db);
    const res = await estimate({ type: 'Events', category_id: category });
    expect(res.status).toBe(200);
    expect(estimateAnswer.safeParse(res.body).success).toBe(true);
    expect(await databaseDigest(t.database.db)).toBe(before);
    expect(res.body).toMatchObject({ runs: 1, balance: 500_000, affordable: true, skipped: { excluded: 0, in_progress: 0 } });
    expect(res.body.max_tokens).toBeGreaterThan(0);
    expect(res.body.expected_tokens).toBe(res.body.max_tokens);

    // The run holds exactly the maximum shown and is charged at most that.
    expect((await call('POST', '/api/events/generate', { category_id: category })).status).toBe(200);
    const [run] = await t.database.db
      .select()
      .from(generationRuns)
      .where(eq(generationRuns.categoryId, category))
      .orderBy(desc(generationRuns.id))
      .limit(1);
    expect(run!.maxTokens).toBe(res.body.max_tokens);
    expect(run!.chargedTokens).toBeLessThanOrEqual(res.body.max_tokens);

    const typical = await call<{ Events: number; Brands: number; Equipments: number }>('GET', '/api/generation/typical-costs');
    expect(typical.body.Events).toBe(run!.chargedTokens);
    // No brand runs yet: the most a run may cost stands in.
    expect(typical.body.Brands).toBeGreaterThan(run!.chargedTokens);

    // Now the operator has a history of event runs: the typical cost is its median.
    const after = await estimate({ type: 'Events', category_id: category });
    expect(after.body.expected_tokens).toBe(Math.min(run!.chargedTokens, after.body.max_tokens));
    expect(after.body.balance).toBe(500_000 - run!.chargedTokens);
  });

  it('Generate Equipments: one run a brand, the excluded and those under way skipped, the maximum for all of them', async () => {
    const excavators = await ids.subcategory('Excavators');
    const brandIds = await Promise.all(['Caterpillar', 'Komatsu', 'Volvo CE', 'Hitachi'].map((name) => ids.brand(name)));
    await t.database.db.insert(brandExclusions).values({ brandId: brandIds[3]! }).onConflictDoNothing();
    // Each brand is priced at its own most (its known models lengthen its prompt), and the call at their sum.
    const own = await Promise.all(
      brandIds.slice(0, 3).map(async (brand) => (await estimate({ type: 'Models', brand, subcategory_id: excavators })).body.max_tokens),
    );
    const all = await estimate({ type: 'Equipments', subcategory_id: excavators, brands: brandIds });
    expect(all.body).toMatchObject({ runs: 3, skipped: { excluded: 1, in_progress: 0 }, max_tokens: own[0]! + own[1]! + own[2]! });
    // The names form of the generate call is accepted too.
    const byNames = await estimate({ type: 'Equipments', category: 'Construction Equipment', subcategory: 'Excavators', brands: brandIds });
    expect(byNames.body).toEqual(all.body);

    // A run of one of them under way: skipped.
    const [held] = await t.database.db
      .insert(generationRuns)
      .values({
        type: 'Equipments',
        userId,
        categoryId: await ids.category('Construction Equipment'),
        subcategoryId: excavators,
        brandId: brandIds[1]!,
        status: 'In Progress',
        leaseUntil: new Date(Date.now() + 60_000),
        attempts: 1,
      })
      .returning();
    const busy = await estimate({ type: 'Equipments', subcategory_id: excavators, brands: brandIds });
    expect(busy.body).toMatchObject({ runs: 2, skipped: { excluded: 1, in_progress: 1 }, max_tokens: own[0]! + own[2]! });
    await t.database.db.delete(generationRuns).where(eq(generationRuns.id, held!.id));
    await t.database.db.delete(brandExclusions).where(eq(brandExclusions.brandId, brandIds[3]!));
  });

  it('says when the balance does not cover the maximum', async () => {
    const poor = caller(t, (await t.signIn({ tokens: 10 })).headers);
    const res = await poor<EstimateAnswer>('POST', '/api/generation/estimate', {
      type: 'Brands',
      subcategory_id: await ids.subcategory('Bulldozers'),
    });
    expect(res.body).toMatchObject({ runs: 1, balance: 10, affordable: false });
    expect(res.body.max_tokens).toBeGreaterThan(10);
  });

  it('refuses as the generate calls do: 404 for a missing target, 422 for bad input, changing nothing', async () => {
    const before = await databaseDigest(t.database.db);
    const excavators = await ids.subcategory('Excavators');
    const jcb = await ids.brand('JCB');
    expect((await estimate({ type: 'Events', category_id: 2_147_483_647 })).status).toBe(404);
    expect((await estimate({ type: 'Brands', subcategory_id: 2_147_483_647 })).status).toBe(404);
    expect((await estimate({ type: 'Models', brand: 2_147_483_647, subcategory_id: excavators })).status).toBe(404);
    expect((await estimate({ type: 'Equipments', category: 'Nope', subcategory: 'Nope', brands: [jcb] })).status).toBe(404);
    const foreign = await estimate({ type: 'Equipments', subcategory_id: excavators, brands: [jcb] });
    expect(foreign.status).toBe(422);
    expect((await estimate({ type: 'Models', brand: jcb, subcategory_id: excavators })).status).toBe(422);
    for (const body of [
      {},
      { type: 'Gifts' },
      { type: 'Events' },
      { type: 'Events', category_id: 'x' },
      { type: 'Equipments', brands: [jcb] },
      { type: 'Equipments', subcategory_id: excavators, brands: [] },
    ]) {
      const res = await estimate(body);
      expect(res.status).toBe(422);
    }
    expect(await databaseDigest(t.database.db)).toBe(before);
  });

  it('keeps "don\'t ask again for runs under N tokens" per operator', async () => {
    expect((await call('GET', '/api/preferences')).body).toEqual({ confirm_runs_from: 0 });
    expect((await call('POST', '/api/preferences', { confirm_runs_from: 5_000 })).body).toEqual({ confirm_runs_from: 5_000 });
    expect((await call('GET', '/api/preferences')).body).toEqual({ confirm_runs_from: 5_000 });
    const other = caller(t, (await t.signIn()).headers);
    expect((await other('GET', '/api/preferences')).body).toEqual({ confirm_runs_from: 0 });
    for (const body of [{}, { confirm_runs_from: -1 }, { confirm_runs_from: 'many' }, { confirm_runs_from: 1.5 }]) {
      expect((await call('POST', '/api/preferences', body)).status).toBe(422);
    }
    expect((await call('GET', '/api/preferences')).body).toEqual({ confirm_runs_from: 5_000 });
  });
});
