import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { z } from 'zod';
import { equipmentBrandsAnswer, equipmentsAnswer, type Equipment } from '../../contract/equipments';
import { channels, realtimeEvents } from '../../contract/realtime';
import { equipments } from '../db/schema';
import type { TestApp } from '../test/app';
import { catalogueApp, databaseDigest, type CatalogueCall, type DemoIds } from '../test/catalogue';
import { availableEngines } from '../test/databases';

const engines = await availableEngines();

describe.each(engines)('equipments on %s', (engine) => {
  let t: TestApp;
  let call: CatalogueCall;
  let ids: DemoIds;
  beforeAll(async () => {
    ({ t, call, ids } = await catalogueApp(engine));
  });
  afterAll(() => t.close());

  const list = async (query: string) => {
    const res = await call<{ equipments: Equipment[]; total: number; next_cursor: string | null }>('GET', `/api/equipments?${query}`);
    expect(res.status, query).toBe(200);
    expect(equipmentsAnswer.safeParse(res.body).success).toBe(true);
    return res.body;
  };
  const row = async (brand: string, model: string) => {
    const { equipments: found } = await list(`brand_id=${await ids.brand(brand)}`);
    const item = found.find((e) => e.model === model);
    if (!item) throw new Error(`${brand} ${model} not listed`);
    return item;
  };

  it('GET /api/equipments?subcategory={name}: the models by brand then model, with names, tags and exclusion', async () => {
    const body = await list('subcategory=Tractors');
    expect(body.total).toBe(4);
    expect(body.equipments.map((e) => `${e.brand} ${e.model}`)).toEqual([
      'Fendt 942 Vario',
      'John Deere 6M 150',
      'John Deere 8R 410',
      'Kubota M7-173',
    ]);
    expect(body.equipments[0]).toEqual({
      id: expect.any(Number),
      category_id: await ids.category('Agricultural Machinery'),
      subcategory_id: await ids.subcategory('Tractors'),
      category: 'Agricultural Machinery',
      subcategory: 'Tractors',
      brand_id: await ids.brand('Fendt'),
      brand: 'Fendt',
      model: '942 Vario',
      year: 2023,
      specifications: "942 Vario: see the manufacturer's data sheet.",
      description: 'Fendt 942 Vario, 2023.',
      tags: ['CVT', 'high horsepower'],
      is_manufactured: true,
      is_brand_still_manufactured: true,
      seo_title: 'Fendt 942 Vario - Tractors Catalog',
      seo_description: 'Fendt 942 Vario specifications.',
      excluded: false,
      created_at: expect.stringMatching(/Z$/),
      review: { state: 'accepted', reason: null, comment: null, reviewed_by: null, reviewed_at: null, run_id: null },
    });
    expect((await row('Caterpillar', 'M318')).excluded).toBe(true);
    expect(await list('subcategory=Nothing%20Like%20This')).toEqual({ equipments: [], total: 0, next_cursor: null });
  });

  it('GET /api/equipments: by subcategory id or brand id, paged', async () => {
    const excavators = await ids.subcategory('Excavators');
    const all = await list(`subcategory_id=${excavators}`);
    expect(all.total).toBe(6);
    const paged = await list(`subcategory_id=${excavators}&limit=2&offset=4`);
    expect(paged.total).toBe(6);
    expect(paged.equipments.map((e) => e.id)).toEqual(all.equipments.slice(4).map((e) => e.id));
    const caterpillar = await list(`brand_id=${await ids.brand('Caterpillar')}`);
    expect(caterpillar).toMatchObject({ total: 3 });
    const both = await list(`subcategory_id=${excavators}&brand_id=${await ids.brand('Komatsu')}&limit=1`);
    expect(both.total).toBe(2);
    expect(both.equipments).toHaveLength(1);
  });

  it('GET /api/equipments: keyset paging - each next_cursor leads to the following page, the last page has none', async () => {
    const excavators = await ids.subcategory('Excavators');
    const all = await list(`subcategory_id=${excavators}`);
    const seen: number[] = [];
    let after: string | null | undefined;
    let pages = 0;
    do {
      const page = await list(`subcategory_id=${excavators}&limit=4${after ? `&after=${encodeURIComponent(after)}` : ''}`);
      expect(page.total).toBe(6);
      seen.push(...page.equipments.map((e) => e.id));
      after = page.next_cursor;
      pages += 1;
    } while (after && pages < 5);
    expect(pages).toBe(2);
    expect(seen).toEqual(all.equipments.map((e) => e.id));
    // A cursor past the last row answers an empty last page.
    const last = all.equipments.at(-1)!;
    expect(
      await list(`subcategory_id=${excavators}&after=${encodeURIComponent(JSON.stringify([last.brand, last.model, last.id]))}`),
    ).toMatchObject({
      equipments: [],
      next_cursor: null,
    });
  });

  it('GET /api/equipments: refuses a call without a subcategory and malformed paging with 422', async () => {
    for (const query of [
      '',
      'subcategory=',
      'subcategory_id=abc',
      'subcategory_id=1&limit=0',
      'subcategory_id=1&limit=1001',
      'brand_id=-2',
      'subcategory_id=1&after=nonsense',
      'subcategory_id=1&after=%5B%22a%22%2C%22b%22%5D',
      'subcategory_id=1&after=%5B%22a%22%2C%22b%22%2C-1%5D',
    ]) {
      expect((await call('GET', `/api/equipments?${query}`)).status, query).toBe(422);
    }
  });

  it("GET /api/equipments/brands: the subcategory's brands by name with their status, as { brands }", async () => {
    const excavators = await ids.subcategory('Excavators');
    const res = await call<{ brands: unknown }>('GET', `/api/equipments/brands?subcategory_id=${excavators}`);
    expect(res.status).toBe(200);
    expect(res.body.brands).toEqual([
      { id: await ids.brand('Caterpillar'), name: 'Caterpillar', status: 'Generated' },
      { id: await ids.brand('Hitachi'), name: 'Hitachi', status: null },
      { id: await ids.brand('Komatsu'), name: 'Komatsu', status: 'Generated' },
      { id: await ids.brand('Volvo CE'), name: 'Volvo CE', status: 'Generated' },
    ]);
    expect(equipmentBrandsAnswer.parse(res.body)).toHaveLength(4);
    const filtered = await call<z.input<typeof equipmentBrandsAnswer>>(
      'GET',
      `/api/equipments/brands?subcategory_id=${excavators}&q=vol&limit=1`,
    );
    expect(equipmentBrandsAnswer.parse(filtered.body).map((b) => b.name)).toEqual(['Volvo CE']);
    expect((await call('GET', '/api/equipments/brands')).status).toBe(422);
  });

  it('POST /api/equipments/update: saves the full row and answers it as stored (tags as text too)', async () => {
    const before = await row('John Deere', '6M 150');
    const edited = {
      ...before,
      model: '6M 155',
      year: '2024',
      tags: 'utility, loader-ready , ',
      description: null,
      is_manufactured: false,
    };
    const res = await call<Equipment>('POST', '/api/equipments/update', edited);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      ...before,
      model: '6M 155',
      year: 2024,
      tags: ['utility', 'loader-ready'],
      description: null,
      is_manufactured: false,
    });
    expect(await row('John Deere', '6M 155')).toEqual(res.body);
  });

  it('POST /api/equipments/update: moves a row to another subcategory of its category and links its brand there', async () => {
    const item = await row('Kubota', 'M7-173');
    const harvesters = await ids.subcategory('Combine Harvesters');
    const res = await call<Equipment>('POST', '/api/equipments/update', { ...item, subcategory_id: harvesters, brand: 'Claas' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      subcategory_id: harvesters,
      subcategory: 'Combine Harvesters',
      brand: 'Claas',
      brand_id: await ids.brand('Claas'),
    });
    const unknownBrand = await call<Equipment>('POST', '/api/equipments/update', { ...res.body, brand: 'Nobody Makes This' });
    expect(unknownBrand.body.brand_id).toBeNull();
    const restored = await call<Equipment>('POST', '/api/equipments/update', { ...item });
    expect(restored.body).toEqual(item);
  });

  it('POST /api/equipments/update: 404 for a missing row, 422 for a bad category/subcategory pair, and nothing changes', async () => {
    const item = await row('Fendt', '942 Vario');
    const imaging = await ids.subcategory('Imaging Systems');
    const before = await databaseDigest(t.database.db);
    const missing = await call('POST', '/api/equipments/update', { ...item, id: 987654 });
    expect(missing.status).toBe(404);
    const cases: [Record<string, unknown>, string][] = [
      [{ ...item, category_id: 987654 }, 'category_id'],
      [{ ...item, subcategory_id: 987654 }, 'subcategory_id'],
      [{ ...item, subcategory_id: imaging }, 'subcategory_id'],
      [{ ...item, model: '  ' }, 'model'],
      [{ ...item, brand: '' }, 'brand'],
      [{ ...item, year: 'next year' }, 'year'],
      [{ ...item, year: 1200 }, 'year'],
      [{ ...item, tags: [1, 2] }, 'tags'],
      [{ ...item, is_manufactured: 'yes' }, 'is_manufactured'],
      [{ ...item, seo_title: 'x'.repeat(256) }, 'seo_title'],
      [{ ...item, description: 'bad \u0000 text' }, 'description'],
    ];
    for (const [body, field] of cases) {
      const res = await call<{ errors: Record<string, string[]> }>('POST', '/api/equipments/update', body);
      expect(res.status, field).toBe(422);
      expect(Object.keys(res.body.errors), field).toContain(field);
    }
    const { id: _id, ...withoutId } = item;
    expect((await call('POST', '/api/equipments/update', withoutId)).status).toBe(422);
    expect(await databaseDigest(t.database.db)).toBe(before);
    const [stored] = await t.database.db.select().from(equipments).where(eq(equipments.id, item.id));
    expect(stored?.model).toBe('942 Vario');
  });

  it('answers 401 without a token', async () => {
    for (const [method, url] of [
      ['GET', '/api/equipments?subcategory=Tractors'],
      ['POST', '/api/equipments/update'],
      ['GET', '/api/equipments/brands?subcategory_id=1'],
    ] as const) {
      expect((await t.app.inject({ method, url })).statusCode, url).toBe(401);
    }
  });

  it('announces an edit on the equipments channel with the subcategories it touched', async () => {
    const publish = vi.spyOn(t.app.broadcaster, 'publish');
    const item = await row('Claas', 'Lexion 8900');
    await call('POST', '/api/equipments/update', { ...item, year: 2024 });
    expect(publish).toHaveBeenCalledWith(channels.equipments, realtimeEvents.statusesChanged, { subcategory_ids: [item.subcategory_id] });
    publish.mockRestore();
  });
});
