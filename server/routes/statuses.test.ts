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

  it('refuses a malformed scope with 422', async () => {
    for (const query of ['?subcategory_id=abc', '?category_id=0', '?subcategory_id=-1', '?category_id=99999999999']) {
      expect((await call('GET', `/api/equipments/statuses${query}`)).status, query).toBe(422);
    }
    expect((await call('GET', '/api/statuses?per_brand=maybe')).status).toBe(422);
    expect((await call('GET', '/api/statuses?records=none')).status).toBe(422);
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

  it('counts the statuses In Progress of every kind, per-brand ones included, for the generating flag', async () => {
    const inProgress = async () => (await call<{ in_progress: number }>('GET', '/api/statuses?per_brand=false')).body.in_progress;
    // The header's call (records=false) answers the same count and no records.
    const countAlone = async () => (await call<{ statuses: StatusRecord[]; in_progress: number }>('GET', '/api/statuses?per_brand=false&records=false')).body;
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
