import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { GenerationHistoryEntry } from '../../contract/history';
import { statusNames } from '../../contract/statuses';
import { brandExclusions, brands, equipmentExclusions, equipments, events, generationRuns } from '../db/schema';
import type { TestApp } from '../test/app';
import type { CatalogueCall, DemoIds } from '../test/catalogue';
import { availableEngines } from '../test/databases';
import { listAnswer, type FakeOpenAi } from './test-support/fake-openai';
import { fakeOpenAiCatalogueApp } from './test-support/fake-openai-app';
import { generateThroughFake } from './test-support/generate-through-fake';

/**
 * Another spelling of a name already in the target (its normal form, server/catalogue/name-normal-form.ts), an
 * excluded item's included, or of a name earlier in the answer, is not stored: it is counted, and the run's message
 * says "skipped as duplicates". The very same name stays "already known".
 */

const engines = await availableEngines();

describe.each(engines)('duplicate names skipped on %s', (engine) => {
  let fake: FakeOpenAi;
  let t: TestApp;
  let call: CatalogueCall;
  let ids: DemoIds;
  let userId: number;
  const db = () => t.database.db;

  beforeAll(async () => {
    ({ fake, t, call, ids, userId } = await fakeOpenAiCatalogueApp(engine, 'duplicates'));
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });
  beforeEach(() => fake.reset());

  const { lastRun, generateBrands } = generateThroughFake(() => ({ fake, call, db: db() }));
  const brandNames = async (subcategory: number) =>
    (await db().select({ name: brands.name }).from(brands).where(eq(brands.subcategoryId, subcategory))).map((row) => row.name).sort();

  it('"Claas KGaA mbH" when "CLAAS" is there is not stored: "1 skipped as duplicates"', async () => {
    const subcategory = await ids.subcategory('Sprayers');
    await db().insert(brands).values({ subcategoryId: subcategory, name: 'CLAAS' });
    const run = await generateBrands(subcategory, ['Claas KGaA mbH']);
    expect(run).toMatchObject({ status: statusNames.noNewResults, itemsProposed: 1, itemsAdded: 0, itemsKnown: 1, itemsDropped: 0 });
    expect(run.message).toContain(
      '<p>No new results for the brands of Sprayers.</p><p>1 proposed: 1 skipped as duplicates; 300 tokens charged.</p>',
    );
    expect(await brandNames(subcategory)).toEqual(['CLAAS']);
    const history = await call<GenerationHistoryEntry[]>('GET', `/api/history?type=Equipments&subcategory_id=${subcategory}`);
    expect(history.body[0]?.message).toContain('1 proposed: 1 skipped as duplicates;');
  });

  it("an excluded brand's other spelling is skipped, as is one the answer repeats; its very name stays already known", async () => {
    const subcategory = await ids.subcategory('Bulldozers');
    const [excluded] = await db().insert(brands).values({ subcategoryId: subcategory, name: 'Hydrema A/S' }).returning({ id: brands.id });
    await db().insert(brandExclusions).values({ brandId: excluded!.id, createdBy: userId });
    const run = await generateBrands(subcategory, ['Fresh Dozer Works', 'hydrema a/s', 'HYDREMA', 'Fresh-Dozer Works GmbH']);
    expect(run).toMatchObject({ status: statusNames.generated, itemsProposed: 4, itemsAdded: 1, itemsKnown: 3 });
    expect(run.message).toContain('<p>4 proposed: 1 added, 1 already known, 2 skipped as duplicates; 300 tokens charged.</p>');
    expect(await brandNames(subcategory)).toEqual(['Fresh Dozer Works', 'Hydrema A/S']);
  });

  it("an excluded model's other spelling is skipped; a model one digit apart is added", async () => {
    const subcategory = await ids.subcategory('Combine Harvesters');
    const brand = await ids.brand('Claas');
    await db()
      .insert(equipmentExclusions)
      .values({ equipmentId: await ids.equipment('Claas', 'Lexion 8900'), createdBy: userId });
    fake.enqueue(listAnswer('models', [{ model: 'LEXION-8900' }, { model: 'Lexion 8800' }]));
    const res = await call('POST', '/api/equipments/generate', { subcategory_id: subcategory, brands: [brand] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const run = await lastRun(eq(generationRuns.brandId, brand));
    expect(run).toMatchObject({ status: statusNames.generated, itemsProposed: 2, itemsAdded: 1, itemsKnown: 1 });
    expect(run.message).toContain('<p>2 proposed: 1 added, 1 skipped as duplicates; 300 tokens charged.</p>');
    const models = await db().select({ model: equipments.model }).from(equipments).where(eq(equipments.brandId, brand));
    expect(models.map((m) => m.model).sort()).toEqual(['Lexion 8800', 'Lexion 8900']);
  });

  it('an event spelt otherwise is skipped; the same name is already known', async () => {
    const category = await ids.category('Construction Equipment');
    fake.enqueue(listAnswer('events', [{ name: 'bauma 2028' }, { name: 'BAUMA – 2028' }]));
    const res = await call<{ message: string }>('POST', '/api/events/generate', { category_id: category });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const run = await lastRun(and(eq(generationRuns.type, 'Events'), eq(generationRuns.categoryId, category)));
    expect(run).toMatchObject({ status: statusNames.noNewResults, itemsProposed: 2, itemsAdded: 0, itemsKnown: 2 });
    expect(run.message).toContain('<p>2 proposed: 1 already known, 1 skipped as duplicates; 300 tokens charged.</p>');
    const stored = await db().select({ name: events.name }).from(events).where(eq(events.categoryId, category));
    expect(stored.map((e) => e.name)).not.toContain('BAUMA – 2028');
  });
});
