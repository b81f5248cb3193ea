import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { GenerationHistoryEntry } from '../../contract/history';
import { statusNames } from '../../contract/statuses';
import { brandInformations, brands, equipments, events, generationRuns } from '../db/schema';
import type { TestApp } from '../test/app';
import type { CatalogueCall, DemoIds } from '../test/catalogue';
import { availableEngines } from '../test/databases';
import { listAnswer, type FakeOpenAi } from './test-support/fake-openai';
import { fakeOpenAiCatalogueApp } from './test-support/fake-openai-app';
import { finishedRun } from './test-support/queries';

/**
 * One bad item never sinks a run (docs/decisions/0019-one-charging-rule.md): each generated item is checked as the
 * database will check it (real calendar dates of years 1 to 9999, lengths in characters), a bad one is dropped and
 * counted with its reason, and a row the database still refuses is dropped alone, the others kept.
 */

const engines = await availableEngines();

describe.each(engines)('generated items dropped one by one on %s', (engine) => {
  let fake: FakeOpenAi;
  let t: TestApp;
  let call: CatalogueCall;
  let ids: DemoIds;
  const db = () => t.database.db;

  beforeAll(async () => {
    ({ fake, t, call, ids } = await fakeOpenAiCatalogueApp(engine, 'dropped'));
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });
  beforeEach(() => fake.reset());

  const lastRun = async (where: SQL | undefined) => {
    const [run] = await db().select().from(generationRuns).where(where).orderBy(desc(generationRuns.id)).limit(1);
    if (!run) throw new Error('no run');
    return run;
  };

  it('dates the database would refuse (2024-02-30, 0000-01-01) drop their own events only: "8 proposed: 6 added, 2 dropped (start_date not a date)"', async () => {
    const category = await ids.category('Construction Equipment');
    const good = ['2027-03-01', '2028-02-29', '2027-12-31', '0001-01-01', '9999-12-31', ''].map((date, i) => ({
      name: `Good Dates Fair ${i}`,
      start_date: date,
    }));
    fake.enqueue(
      listAnswer(
        'events',
        [
          good[0],
          { name: 'Leap Slip Expo', start_date: '2024-02-30' },
          ...good.slice(1, 4),
          { name: 'Year Zero Summit', start_date: '0000-01-01' },
          ...good.slice(4),
        ],
        {
          prompt_tokens: 500,
          completion_tokens: 300,
        },
      ),
    );
    const res = await call<{ events: { name: string; start_date: string | null }[]; message: string }>('POST', '/api/events/generate', {
      category_id: category,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe('Generated 6 new events.');
    expect(res.body.events.map((e) => e.name)).toEqual(good.map((e) => e.name));
    expect(res.body.events.map((e) => e.start_date)).toEqual(['2027-03-01', '2028-02-29', '2027-12-31', '0001-01-01', '9999-12-31', null]);
    const stored = await db().select({ name: events.name }).from(events).where(eq(events.categoryId, category));
    expect(stored.map((e) => e.name)).not.toContain('Leap Slip Expo');
    expect(stored.map((e) => e.name)).not.toContain('Year Zero Summit');

    const run = await lastRun(eq(generationRuns.categoryId, category));
    expect(run).toMatchObject({
      status: statusNames.generated,
      itemsProposed: 8,
      itemsAdded: 6,
      itemsDropped: 2,
      droppedReasons: [{ reason: 'start_date not a date', count: 2 }],
      chargedTokens: 800,
    });
    const history = await call<GenerationHistoryEntry[]>('GET', `/api/history?type=Events&category_id=${category}`);
    expect(history.body[0]?.message).toContain('<p>8 proposed: 6 added, 2 dropped (start_date not a date); 800 tokens charged.</p>');
  });

  it('a model the database still refuses (a check it holds) is dropped alone; the run keeps the rest', async () => {
    const subcategory = await ids.subcategory('Excavators');
    const [brand] = await db().select({ id: brands.id }).from(brands).where(eq(brands.subcategoryId, subcategory)).limit(1);
    if (!brand) throw new Error('no brand');
    await db().execute(sql.raw(`alter table equipments add constraint refuses_one_model check (model <> 'Refused Digger 9') not valid`));
    try {
      fake.enqueue(
        listAnswer('models', [
          { model: 'Kept Digger 1', year: 2020 },
          { model: 'Refused Digger 9' },
          { model: 'Kept Digger 2', is_manufactured: 'perhaps' },
          { model: 'Kept Digger 3' },
        ]),
      );
      const res = await call('POST', '/api/equipments/generate', { subcategory_id: subcategory, brands: [brand.id] });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const queued = await lastRun(eq(generationRuns.brandId, brand.id));
      const run = await finishedRun(db(), queued.id);
      expect(run).toMatchObject({
        status: statusNames.generated,
        itemsProposed: 4,
        itemsAdded: 2,
        itemsDropped: 2,
        droppedReasons: [
          { reason: 'is_manufactured not true or false', count: 1 },
          { reason: 'refused by the database', count: 1 },
        ],
        chargedTokens: 300,
      });
      expect(run.message).toContain(
        '4 proposed: 2 added, 2 dropped (is_manufactured not true or false ×1, refused by the database ×1); 300 tokens charged.',
      );
    } finally {
      await db().execute(sql.raw('alter table equipments drop constraint refuses_one_model'));
    }
    const models = await db().select({ model: equipments.model }).from(equipments).where(eq(equipments.brandId, brand.id));
    expect(models.map((m) => m.model)).toEqual(expect.arrayContaining(['Kept Digger 1', 'Kept Digger 3']));
    expect(models.map((m) => m.model)).not.toContain('Refused Digger 9');
  });

  it('a brand whose information row the database refuses is dropped whole (no brand without its information), the others kept', async () => {
    const subcategory = await ids.subcategory('Bulldozers');
    await db().execute(
      sql.raw(`alter table brand_informations add constraint refuses_nowhere check (country is distinct from 'Nowhere') not valid`),
    );
    try {
      fake.enqueue(
        listAnswer('brands', [
          { name: 'Kept Dozer Works', country: 'Germany' },
          { name: 'Nowhere Dozers', country: 'Nowhere' },
          { name: 'Kept Track Co', country: 'Japan' },
        ]),
      );
      const res = await call('POST', '/api/brands/generate', { subcategory_id: subcategory });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const queued = await lastRun(and(eq(generationRuns.type, 'Brands'), eq(generationRuns.subcategoryId, subcategory)));
      const run = await finishedRun(db(), queued.id);
      expect(run).toMatchObject({ status: statusNames.generated, itemsProposed: 3, itemsAdded: 2, itemsDropped: 1 });
    } finally {
      await db().execute(sql.raw('alter table brand_informations drop constraint refuses_nowhere'));
    }
    const names = (await db().select({ name: brands.name }).from(brands).where(eq(brands.subcategoryId, subcategory))).map((b) => b.name);
    expect(names).toEqual(expect.arrayContaining(['Kept Dozer Works', 'Kept Track Co']));
    expect(names).not.toContain('Nowhere Dozers');
    const countries = (await db().select({ country: brandInformations.country }).from(brandInformations)).map((row) => row.country);
    expect(countries).not.toContain('Nowhere');
  });
});
