import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GenerateEquipmentsAnswer } from '../../contract/equipments';
import type { EstimateAnswer } from '../../contract/estimate';
import { statusNames } from '../../contract/statuses';
import { brands, categories, equipments, generationRuns, subcategories } from '../db/schema';
import { createTestApp, type TestApp } from '../test/app';
import { caller, type CatalogueCall } from '../test/catalogue';
import { availableEngines } from '../test/databases';
import { heldAnswer, listAnswer, startFakeOpenAi, type FakeOpenAi } from './test-support/fake-openai';
import { eventually, finishedRun } from './test-support/queries';

/**
 * The estimate is the maximum (docs/decisions/0014-generate-for-all-matching.md): each run is priced at its own most,
 * its prompt listing the models its brand already has, and the runs' maxima are summed. A brand of 100 known models
 * costs far more than a new one, so pricing every brand at the first one's cost said "affordable" for runs that then
 * ended "Insufficient tokens". The provider is the fake OpenAI endpoint on loopback, holding both runs' requests so
 * that both hold their tokens at once.
 */
describe.each(await availableEngines())('the estimate prices each run at its own most, on %s', (engine) => {
  let fake: FakeOpenAi;
  let t: TestApp;
  let subcategory: number;
  let empty: number;
  let full: number;

  beforeAll(async () => {
    fake = await startFakeOpenAi();
    t = await createTestApp(engine, {
      ai: { provider: 'openai', baseUrl: fake.baseUrl, apiKey: 'sk-test', model: 'test-model', timeoutMs: 20_000, maxOutputTokens: 4_000 },
      generation: { concurrency: 2, pollMs: 50, leaseMs: 30_000 },
    });
    const db = t.database.db;
    const [category] = await db.insert(categories).values({ name: 'Priced category' }).returning({ id: categories.id });
    [{ id: subcategory }] = (await db
      .insert(subcategories)
      .values({ categoryId: category!.id, name: 'Priced subcategory' })
      .returning({ id: subcategories.id })) as [{ id: number }];
    // The brand without models first: it was the one every brand was priced at.
    [{ id: empty }] = (await db
      .insert(brands)
      .values({ subcategoryId: subcategory, name: 'Priced maker new' })
      .returning({ id: brands.id })) as [{ id: number }];
    [{ id: full }] = (await db
      .insert(brands)
      .values({ subcategoryId: subcategory, name: 'Priced maker known' })
      .returning({ id: brands.id })) as [{ id: number }];
    await db.insert(equipments).values(
      Array.from({ length: 100 }, (_, i) => ({
        categoryId: category!.id,
        subcategoryId: subcategory,
        brandId: full,
        brand: 'Priced maker known',
        model: `Known studio reference model number ${String(i).padStart(3, '0')}`,
      })),
    );
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  const estimate = (call: CatalogueCall, body: object) => call<EstimateAnswer>('POST', '/api/generation/estimate', body);

  it('sums each brand’s own maximum, for a filter and for a hand-picked list', async () => {
    const call = caller(t, (await t.signIn({ tokens: 1_000_000 })).headers);
    const ofEmpty = (await estimate(call, { type: 'Models', brand: empty, subcategory_id: subcategory })).body.max_tokens;
    const ofFull = (await estimate(call, { type: 'Models', brand: full, subcategory_id: subcategory })).body.max_tokens;
    // 100 known names in its prompt: about 1,200 tokens more.
    expect(ofFull - ofEmpty).toBeGreaterThan(1_000);

    const filtered = await estimate(call, { type: 'Equipments', subcategory_id: subcategory, filter: { q: 'priced maker' } });
    expect(filtered.body).toMatchObject({ runs: 2, max_tokens: ofEmpty + ofFull, expected_tokens: ofEmpty + ofFull, affordable: true });
    const picked = await estimate(call, { type: 'Equipments', subcategory_id: subcategory, brands: [full, empty] });
    expect(picked.body).toMatchObject({ runs: 2, max_tokens: ofEmpty + ofFull });
  });

  it('a balance the estimate calls affordable, exactly: both runs hold their most at once and neither ends "Insufficient tokens"', async () => {
    const probe = caller(t, (await t.signIn({ tokens: 1_000_000 })).headers);
    const { max_tokens: most } = (await estimate(probe, { type: 'Equipments', subcategory_id: subcategory, filter: { q: 'priced maker' } }))
      .body;
    const { userId, headers } = await t.signIn({ tokens: most });
    const call = caller(t, headers);
    expect((await estimate(call, { type: 'Equipments', subcategory_id: subcategory, filter: { q: 'priced maker' } })).body).toMatchObject({
      runs: 2,
      max_tokens: most,
      balance: most,
      affordable: true,
    });

    const answers = [
      heldAnswer(listAnswer('models', [{ model: 'Priced new model A' }])),
      heldAnswer(listAnswer('models', [{ model: 'Priced new model B' }])),
    ];
    fake.enqueue(...answers.map((held) => held.answer));
    const queued = await call<GenerateEquipmentsAnswer>('POST', '/api/equipments/generate', {
      subcategory_id: subcategory,
      filter: { q: 'priced maker' },
    });
    expect(queued.body).toMatchObject({ queued: 2 });
    const runs = await t.database.db.select().from(generationRuns).where(eq(generationRuns.userId, userId));
    expect(runs).toHaveLength(2);
    // Both runs have started (held their most) or ended; the provider holds every request it got.
    const started = await eventually(async () => {
      const rows = await t.database.db
        .select()
        .from(generationRuns)
        .where(
          inArray(
            generationRuns.id,
            runs.map((run) => run.id),
          ),
        );
      return rows.every((row) => row.startedAt !== null || row.finishedAt !== null) ? rows : undefined;
    });
    expect(started.map((run) => run.status)).toEqual([statusNames.inProgress, statusNames.inProgress]);
    expect(started.reduce((total, run) => total + run.maxTokens, 0)).toBe(most);

    for (const held of answers) held.release();
    for (const run of runs) expect((await finishedRun(t.database.db, run.id)).status).toBe(statusNames.generated);
  });
});
