import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorAnswer } from '../../contract/http';
import type { RunsAnswer } from '../../contract/runs';
import { statusNames } from '../../contract/statuses';
import { brands, categories, equipments, generationRuns, subcategories } from '../db/schema';
import { heldAnswer, listAnswer, startFakeOpenAi, type FakeOpenAi } from '../generation/test-support/fake-openai';
import { finishedRun } from '../generation/test-support/queries';
import { createTestApp, type TestApp } from '../test/app';
import { caller, type CatalogueCall } from '../test/catalogue';
import { availableEngines } from '../test/databases';

/**
 * Moving a subcategory moves its runs (docs/decisions/0003-runs-as-a-leased-job-table.md): a run in flight while its
 * subcategory moves stores its items in the category the subcategory is in when they are stored, and its target
 * keeps its one unfinished run, so a second generate after the move is 409. The provider is the fake OpenAI
 * endpoint on loopback, holding each run's request until the test lets it answer.
 */
describe.each(await availableEngines())('moving a subcategory with runs in flight, on %s', (engine) => {
  let fake: FakeOpenAi;
  let t: TestApp;
  let call: CatalogueCall;
  let from: number;
  let to: number;
  let subcategory: number;
  let brand: number;

  beforeAll(async () => {
    fake = await startFakeOpenAi();
    t = await createTestApp(engine, {
      ai: { provider: 'openai', baseUrl: fake.baseUrl, apiKey: 'sk-test', model: 'test-model', timeoutMs: 20_000, maxOutputTokens: 4_000 },
      generation: { concurrency: 2, pollMs: 50, leaseMs: 30_000 },
    });
    const db = t.database.db;
    [from, to] = (
      await db
        .insert(categories)
        .values([{ name: 'Move from' }, { name: 'Move to' }])
        .returning({ id: categories.id })
    ).map((row) => row.id) as [number, number];
    [{ id: subcategory }] = (await db
      .insert(subcategories)
      .values({ categoryId: from, name: 'Moving subcategory' })
      .returning({ id: subcategories.id })) as [{ id: number }];
    [{ id: brand }] = (await db
      .insert(brands)
      .values({ subcategoryId: subcategory, name: 'Moving brand' })
      .returning({ id: brands.id })) as [{ id: number }];
    call = caller(t, (await t.signIn({ tokens: 100_000 })).headers);
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  const unfinishedRuns = () =>
    t.database.db
      .select()
      .from(generationRuns)
      .where(and(eq(generationRuns.subcategoryId, subcategory), isNull(generationRuns.finishedAt)));

  it('the runs follow the move: a second generate is 409, and the items land in the new category', async () => {
    // One brands run and one models run of the subcategory, each waiting on its provider.
    const brandsAnswer = heldAnswer(listAnswer('brands', [{ name: 'Arrived Brand' }]));
    fake.enqueue(brandsAnswer.answer);
    expect((await call('POST', '/api/brands/generate', { subcategory_id: subcategory })).status).toBe(200);
    await brandsAnswer.arrived;
    const modelsAnswer = heldAnswer(listAnswer('models', [{ model: 'Arrived Model' }]));
    fake.enqueue(modelsAnswer.answer);
    expect((await call('POST', '/api/equipments/generate', { subcategory_id: subcategory, brands: [brand] })).status).toBe(200);
    await modelsAnswer.arrived;
    const inFlight = await unfinishedRuns();
    expect(inFlight.map((run) => run.type).sort()).toEqual(['Brands', 'Equipments']);

    const moved = await call('POST', '/api/equipments/subcategory/update', { subcategoryId: subcategory, newCategoryId: to });
    expect(moved.status).toBe(200);
    expect((await unfinishedRuns()).map((run) => [run.id, run.categoryId]).sort()).toEqual(inFlight.map((run) => [run.id, to]).sort());

    // Generating again after the move: the same targets, still under way.
    const brandsAgain = await call<ErrorAnswer>('POST', '/api/brands/generate', { subcategory_id: subcategory });
    expect(brandsAgain.status).toBe(409);
    expect(brandsAgain.body.message).toBe('A generation of the brands of Moving subcategory is already in progress.');
    expect((await call<ErrorAnswer>('POST', '/api/equipments/generate', { subcategory_id: subcategory, brands: [brand] })).status).toBe(
      409,
    );
    expect((await call<ErrorAnswer>('POST', '/api/equipments/generate-models', { brand, subcategory_id: subcategory })).status).toBe(409);
    expect((await unfinishedRuns()).map((run) => run.id).sort()).toEqual(inFlight.map((run) => run.id).sort());

    // The runs centre shows them in their new category.
    const active = await call<RunsAnswer>('GET', `/api/runs?status=active&category_id=${to}`);
    expect(active.body.runs.map((run) => run.id).sort()).toEqual(inFlight.map((run) => run.id).sort());
    expect((await call<RunsAnswer>('GET', `/api/runs?category_id=${from}`)).body.total).toBe(0);

    brandsAnswer.release();
    modelsAnswer.release();
    for (const run of inFlight) expect((await finishedRun(t.database.db, run.id)).status).toBe(statusNames.generated);
    const stored = await t.database.db
      .select({ categoryId: equipments.categoryId, subcategoryId: equipments.subcategoryId })
      .from(equipments)
      .where(eq(equipments.model, 'Arrived Model'));
    expect(stored).toEqual([{ categoryId: to, subcategoryId: subcategory }]);
    expect(
      await t.database.db.select({ subcategoryId: brands.subcategoryId }).from(brands).where(eq(brands.name, 'Arrived Brand')),
    ).toEqual([{ subcategoryId: subcategory }]);
    // Every run of the subcategory, finished or not, is in its category now.
    const all = await t.database.db
      .select({ categoryId: generationRuns.categoryId })
      .from(generationRuns)
      .where(eq(generationRuns.subcategoryId, subcategory));
    expect(all.every((run) => run.categoryId === to)).toBe(true);
  });
});
