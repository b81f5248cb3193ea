import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { equipmentsHistoryAnswer, historyListAnswer, type GenerationHistoryEntry } from '../../contract/history';
import { overviewAnswer, type OverviewAnswer } from '../../contract/overview';
import type { TestApp } from '../test/app';
import { catalogueApp, type CatalogueCall, type DemoIds } from '../test/catalogue';
import { availableEngines } from '../test/databases';

const engines = await availableEngines();

describe.each(engines)('history on %s', (engine) => {
  let t: TestApp;
  let call: CatalogueCall;
  let ids: DemoIds;
  beforeAll(async () => {
    ({ t, call, ids } = await catalogueApp(engine));
  });
  afterAll(() => t.close());

  const entries = async (url: string) => {
    const res = await call<GenerationHistoryEntry[]>('GET', url);
    expect(res.status, url).toBe(200);
    expect(Array.isArray(res.body), url).toBe(true);
    expect(historyListAnswer.safeParse(res.body).success, url).toBe(true);
    return res.body;
  };
  const newestFirst = (list: GenerationHistoryEntry[]) => list.every((e, i) => i === 0 || (list[i - 1]?.created_at ?? '') >= e.created_at);

  it('GET /api/history: the event runs of a category, or the brand and equipment runs of a subcategory', async () => {
    const construction = await ids.category('Construction Equipment');
    const excavators = await ids.subcategory('Excavators');
    const eventRuns = await entries(`/api/history?type=Events&category_id=${construction}`);
    expect(eventRuns).toHaveLength(1);
    expect(eventRuns[0]).toMatchObject({
      type: 'Events',
      category: { id: construction, name: 'Construction Equipment' },
      subcategory: null,
      input_tokens: 1850,
      output_tokens: 6420,
      total_tokens: 8270,
      status: 'Generated',
      message: '<p>Generation finished.</p>',
    });
    const equipmentRuns = await entries(`/api/history?type=Equipments&subcategory_id=${excavators}`);
    expect(equipmentRuns.map((e) => e.type).sort()).toEqual(['Brands', 'Equipments', 'Equipments', 'Equipments']);
    expect(newestFirst(equipmentRuns)).toBe(true);
    expect(equipmentRuns.find((e) => e.brand?.name === 'Komatsu')).toMatchObject({
      subcategory: { id: excavators, name: 'Excavators' },
      equipments_generated: 2,
      total_tokens: 900 + 2300 * 2,
    });
    expect(await entries('/api/history?type=Events&category_id=987654')).toEqual([]);
    expect((await call('GET', '/api/history')).status).toBe(422);
    expect((await call('GET', '/api/history?type=Brands')).status).toBe(422);
  });

  it('GET /api/equipment-generation-history and /api/equipments/history: equipment runs by subcategory name', async () => {
    const byName = await entries('/api/equipment-generation-history?subcategory=Excavators');
    expect(byName.map((e) => e.brand?.name).sort()).toEqual(['Caterpillar', 'Komatsu', 'Volvo CE']);
    expect(byName.every((e) => e.type === 'Equipments')).toBe(true);
    expect((await call('GET', '/api/equipment-generation-history')).status).toBe(422);

    const wrapped = await call<{ brands: GenerationHistoryEntry[] }>('GET', '/api/equipments/history?subcategory=Excavators');
    expect(wrapped.status).toBe(200);
    expect(wrapped.body.brands.map((e) => e.id)).toEqual(byName.map((e) => e.id));
    expect(equipmentsHistoryAnswer.parse(wrapped.body)).toHaveLength(3);
    const all = await call<{ brands: GenerationHistoryEntry[] }>('GET', '/api/equipments/history');
    expect(all.body.brands.length).toBeGreaterThan(3);
    expect(newestFirst(all.body.brands)).toBe(true);
  });

  it("GET /api/brand-generation-history: a brand's equipment runs, or the subcategory's brand runs", async () => {
    const excavators = await ids.subcategory('Excavators');
    const caterpillar = await ids.brand('Caterpillar');
    const brandRuns = await entries(`/api/brand-generation-history?subcategory_id=${excavators}&brand_id=${caterpillar}`);
    expect(brandRuns).toHaveLength(1);
    expect(brandRuns[0]).toMatchObject({ type: 'Equipments', brand_id: caterpillar, equipments_generated: 3 });
    const subcategoryRuns = await entries(`/api/brand-generation-history?subcategory_id=${excavators}`);
    // A brand run says how many brands it added (docs/product.md#keyboard-focus-and-feedback), where equipments_generated is 0.
    expect(subcategoryRuns).toMatchObject([{ type: 'Brands', status: 'Generated', equipments_generated: 0 }]);
    expect(subcategoryRuns[0]?.items_added).toBeGreaterThan(0);
    expect((await call('GET', '/api/brand-generation-history?brand_id=1')).status).toBe(422);
  });

  it('GET /api/brands/history: every brand run, newest first', async () => {
    const runs = await entries('/api/brands/history');
    expect(runs.length).toBe(8);
    expect(runs.every((e) => e.type === 'Brands')).toBe(true);
    expect(newestFirst(runs)).toBe(true);
  });

  it('GET /api/overview: balance, counts by status, latest runs with their cost', async () => {
    const { status, body } = await call<OverviewAnswer>('GET', '/api/overview');
    expect(status).toBe(200);
    expect(overviewAnswer.safeParse(body).success).toBe(true);
    expect(body.tokens).toBe(1000);
    expect(body.categories_by_status).toEqual({ Generated: 2, 'No New Results': 1, Failed: 1, 'Not Generated': 2 });
    const subcategoryTotal = Object.values(body.subcategories_by_status).reduce((a, b) => a + b, 0);
    expect(subcategoryTotal).toBe(16);
    expect(body.subcategories_by_status['Not Generated']).toBe(8);
    expect(body.latest_runs).toHaveLength(10);
    expect(newestFirst(body.latest_runs)).toBe(true);
  });

  it('answers 401 without a token', async () => {
    for (const url of [
      '/api/history?type=Events',
      '/api/equipment-generation-history?subcategory=Excavators',
      '/api/equipments/history',
      '/api/brand-generation-history?subcategory_id=1',
      '/api/brands/history',
      '/api/overview',
    ]) {
      expect((await t.app.inject({ url })).statusCode, url).toBe(401);
    }
  });
});
