import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { equipmentStatusesAnswer, modelTypes, statusNames, type StatusRecord } from '../../contract/statuses';
import { statuses as statusRows } from '../db/schema';
import type { TestApp } from '../test/app';
import { catalogueApp, type CatalogueCall, type DemoIds } from '../test/catalogue';
import { availableEngines } from '../test/databases';

const engines = await availableEngines();

describe.each(engines)('statuses on %s', (engine) => {
  let t: TestApp;
  let call: CatalogueCall;
  let ids: DemoIds;
  beforeAll(async () => {
    ({ t, call, ids } = await catalogueApp(engine));
  });
  afterAll(() => t.close());

  const statuses = async (query = '') => {
    const res = await call<{ statuses: StatusRecord[] }>('GET', `/api/equipments/statuses${query}`);
    expect(res.status, query).toBe(200);
    expect(equipmentStatusesAnswer.safeParse(res.body).success).toBe(true);
    return res.body.statuses;
  };

  it('answers every brand equipment status, or those of one subcategory or category', async () => {
    const all = await statuses();
    expect(all.length).toBeGreaterThan(0);
    expect(all.every((s) => s.model_type === modelTypes.equipment && s.brand_id !== null)).toBe(true);

    const excavators = await ids.subcategory('Excavators');
    const ofExcavators = await statuses(`?subcategory_id=${excavators}`);
    expect(ofExcavators.length).toBeGreaterThan(0);
    expect(ofExcavators).toEqual(all.filter((s) => s.subcategory_id === excavators));

    const construction = await ids.category('Construction Equipment');
    const ofConstruction = await statuses(`?category_id=${construction}`);
    expect(ofConstruction.length).toBeGreaterThanOrEqual(ofExcavators.length);
    expect(ofConstruction.length).toBeLessThan(all.length);
    expect(ofConstruction.map((s) => s.id)).toEqual(expect.arrayContaining(ofExcavators.map((s) => s.id)));

    expect(await statuses('?subcategory_id=2147483647')).toEqual([]);
  });

  it('per_subcategory=true answers each subcategory its In Progress record, else its newest', async () => {
    const construction = await ids.category('Construction Equipment');
    const ofConstruction = await statuses(`?category_id=${construction}`);
    const newestOf = (id: number | null) => ofConstruction.find((s) => s.subcategory_id === id);
    const perSubcategory = await statuses(`?category_id=${construction}&per_subcategory=true`);
    const subcategoryIds = [...new Set(ofConstruction.map((s) => s.subcategory_id))];
    expect(perSubcategory.map((s) => s.subcategory_id).sort()).toEqual(subcategoryIds.sort());
    // Nothing running: each one is its subcategory's newest (the full answer is newest first).
    expect(perSubcategory.every((s) => s.id === newestOf(s.subcategory_id)?.id)).toBe(true);
    expect(await statuses(`?category_id=${construction}&per_subcategory=false`)).toEqual(ofConstruction);

    const excavators = await ids.subcategory('Excavators');
    const ofExcavators = ofConstruction.filter((s) => s.subcategory_id === excavators);
    expect(ofExcavators.length).toBeGreaterThan(1);
    const oldest = ofExcavators.at(-1)!;
    await t.database.db.update(statusRows).set({ name: statusNames.inProgress }).where(eq(statusRows.id, oldest.id));
    try {
      const running = await statuses(`?subcategory_id=${excavators}&per_subcategory=true`);
      expect(running.map((s) => [s.id, s.name])).toEqual([[oldest.id, statusNames.inProgress]]);
    } finally {
      await t.database.db.update(statusRows).set({ name: oldest.name }).where(eq(statusRows.id, oldest.id));
    }
  });

  it('refuses a malformed scope with 422', async () => {
    for (const query of ['?subcategory_id=abc', '?category_id=0', '?subcategory_id=-1', '?category_id=99999999999']) {
      expect((await call('GET', `/api/equipments/statuses${query}`)).status, query).toBe(422);
    }
    expect((await call('GET', '/api/equipments/statuses?per_subcategory=yes')).status).toBe(422);
    expect((await call('GET', '/api/statuses?per_brand=maybe')).status).toBe(422);
    expect((await call('GET', '/api/statuses?records=none')).status).toBe(422);
    for (const query of ['?subcategory_id=abc', '?category_id=0', '?per_brand=false&subcategory_id=-1']) {
      expect((await call('GET', `/api/statuses${query}`)).status, query).toBe(422);
    }
  });

  it('GET /api/statuses: every status, or per_brand=false without the per-brand equipment statuses', async () => {
    const every = await call<{ statuses: StatusRecord[] }>('GET', '/api/statuses');
    const withoutBrands = await call<{ statuses: StatusRecord[] }>('GET', '/api/statuses?per_brand=false');
    expect(every.status).toBe(200);
    expect(withoutBrands.status).toBe(200);
    const perBrand = every.body.statuses.filter((s) => s.model_type === modelTypes.equipment);
    expect(perBrand.length).toBeGreaterThan(0);
    expect(withoutBrands.body.statuses).toEqual(every.body.statuses.filter((s) => s.model_type !== modelTypes.equipment));
    expect(withoutBrands.body.statuses.length).toBeGreaterThan(0);
  });

  it("category_id / subcategory_id answer that category's event statuses / that subcategory's brand statuses (the empty screens' call)", async () => {
    const every = (await call<{ statuses: StatusRecord[]; in_progress: number }>('GET', '/api/statuses?per_brand=false')).body;
    const construction = await ids.category('Construction Equipment');
    const excavators = await ids.subcategory('Excavators');
    const events = every.statuses.filter((s) => s.model_type === modelTypes.event && s.category_id === construction);
    const brands = every.statuses.filter((s) => s.model_type === modelTypes.brand && s.subcategory_id === excavators);
    expect(events.length + brands.length).toBeGreaterThan(0);

    const ofCategory = await call<{ statuses: StatusRecord[]; in_progress: number }>(
      'GET',
      `/api/statuses?per_brand=false&category_id=${construction}`,
    );
    expect(ofCategory.status).toBe(200);
    expect(ofCategory.body).toEqual({ statuses: events, in_progress: every.in_progress });
    const ofSubcategory = await call<{ statuses: StatusRecord[] }>('GET', `/api/statuses?per_brand=false&subcategory_id=${excavators}`);
    expect(ofSubcategory.body.statuses).toEqual(brands);
    const both = await call<{ statuses: StatusRecord[] }>(
      'GET',
      `/api/statuses?per_brand=false&category_id=${construction}&subcategory_id=${excavators}`,
    );
    expect(both.body.statuses).toEqual(every.statuses.filter((s) => events.includes(s) || brands.includes(s)));
    expect((await call<{ statuses: StatusRecord[] }>('GET', '/api/statuses?per_brand=false&category_id=2147483647')).body.statuses).toEqual(
      [],
    );
  });

  it('counts the statuses In Progress of every kind, per-brand ones included, for the generating flag', async () => {
    const inProgress = async () => (await call<{ in_progress: number }>('GET', '/api/statuses?per_brand=false')).body.in_progress;
    // The header's call (records=false) answers the same count and no records.
    const countAlone = async () =>
      (await call<{ statuses: StatusRecord[]; in_progress: number }>('GET', '/api/statuses?per_brand=false&records=false')).body;
    expect(await countAlone()).toEqual({ statuses: [], in_progress: 0 });
    expect(await inProgress()).toBe(0);
    const komatsu = await ids.brand('Komatsu');
    await t.database.db
      .update(statusRows)
      .set({ name: statusNames.inProgress })
      .where(and(eq(statusRows.brandId, komatsu), eq(statusRows.modelType, modelTypes.equipment)));
    expect(await inProgress()).toBe(1);
    expect(await countAlone()).toEqual({ statuses: [], in_progress: 1 });
    await t.database.db
      .update(statusRows)
      .set({ name: statusNames.generated })
      .where(and(eq(statusRows.brandId, komatsu), eq(statusRows.modelType, modelTypes.equipment)));
    expect(await inProgress()).toBe(0);
  });
});
