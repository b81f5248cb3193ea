import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { brandAnswer, brandsPageAnswer, type Brand } from '../../contract/brands';
import { eq } from 'drizzle-orm';
import { modelTypes } from '../../contract/statuses';
import { brands, statuses } from '../db/schema';
import type { TestApp } from '../test/app';
import { catalogueApp, databaseDigest, type CatalogueCall, type DemoIds } from '../test/catalogue';
import { availableEngines } from '../test/databases';

const engines = await availableEngines();

type Page = { brands: Brand[]; total: number };

describe.each(engines)('brands on %s', (engine) => {
  let t: TestApp;
  let call: CatalogueCall;
  let ids: DemoIds;
  let excavators: number;
  beforeAll(async () => {
    ({ t, call, ids } = await catalogueApp(engine));
    excavators = await ids.subcategory('Excavators');
  });
  afterAll(() => t.close());

  const page = async (query: string) => {
    const res = await call<Page>('GET', `/api/brands?${query}`);
    expect(res.status, query).toBe(200);
    expect(brandsPageAnswer.safeParse(res.body).success).toBe(true);
    return res.body;
  };

  it('GET /api/brands/{id}: the brand with its models, information, exclusion and status', async () => {
    const komatsu = await ids.brand('Komatsu');
    const { status, body } = await call<z.input<typeof brandAnswer>>('GET', `/api/brands/${komatsu}`);
    expect(status).toBe(200);
    expect(brandAnswer.safeParse(body).success).toBe(true);
    expect(body.brand).toMatchObject({
      id: komatsu,
      name: 'Komatsu',
      subcategory_id: excavators,
      subcategory: { id: excavators, name: 'Excavators' },
      category: { name: 'Construction Equipment' },
      seo_title: 'Komatsu Excavators',
      equipments_count: 2,
      excluded: false,
      brand_informations: [
        { website: 'https://www.komatsu.com', country: 'Japan', address: 'Japan headquarters', phone_number: null, email: null },
      ],
      status: { name: 'Generated', model_type: 'App\\Models\\Equipment', brand_id: komatsu, brand: { id: komatsu, name: 'Komatsu' } },
    });
    expect(body.brand.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(body.brand.equipments?.map((e) => [e.model, e.excluded])).toEqual([
      ['PC210LC-11', false],
      ['PC490LC-11', true],
    ]);
    expect(body.brand.equipments?.[0]).toMatchObject({
      category: 'Construction Equipment',
      subcategory: 'Excavators',
      brand: 'Komatsu',
      tags: ['crawler'],
    });
    expect(JSON.parse(body.brand.socials ?? '[]')).toEqual([{ type: 'linkedin', url: 'https://www.linkedin.com/company/komatsu' }]);
  });

  it('GET /api/brands/{id}: an excluded brand without models or status', async () => {
    const { body } = await call<{ brand: Brand }>('GET', `/api/brands/${await ids.brand('Hitachi')}`);
    expect(body.brand).toMatchObject({ name: 'Hitachi', excluded: true, equipments: [], equipments_count: 0, status: null });
  });

  it('GET /api/brands/{id}: 404 for a missing brand, 422 for a malformed id', async () => {
    const missing = await call<{ message: string }>('GET', '/api/brands/987654');
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('Brand not found.');
    for (const id of ['abc', '0', '-4', '1.5', '99999999999']) expect((await call('GET', `/api/brands/${id}`)).status, id).toBe(422);
  });

  it("GET /api/brands: a page of a subcategory's brands by name, with the total", async () => {
    const body = await page(`subcategory_id=${excavators}`);
    expect(body.total).toBe(4);
    expect(body.brands.map((b) => b.name)).toEqual(['Caterpillar', 'Hitachi', 'Komatsu', 'Volvo CE']);
    // A page carries the model count; the models come with GET /api/equipments?brand_id= (or when asked).
    expect(body.brands.map((b) => [b.equipments_count, b.equipments.length])).toEqual([
      [3, 0],
      [0, 0],
      [2, 0],
      [1, 0],
    ]);
    const withModels = await page(`subcategory_id=${excavators}&with_equipments=true`);
    expect(withModels.brands.map((b) => b.equipments.length)).toEqual([3, 0, 2, 1]);
  });

  it("GET /api/brands: each row carries its brand's equipment generation status (the brands screen reads no other)", async () => {
    const komatsu = await ids.brand('Komatsu');
    const hitachi = await ids.brand('Hitachi');
    const statusOf = (body: Page, name: string) => body.brands.find((b) => b.name === name)?.status;
    const before = await page(`subcategory_id=${excavators}`);
    expect(statusOf(before, 'Komatsu')).toMatchObject({
      name: 'Generated',
      model_type: modelTypes.equipment,
      brand_id: komatsu,
      subcategory_id: excavators,
      brand: { id: komatsu, name: 'Komatsu' },
    });
    expect(statusOf(before, 'Komatsu')?.updated_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(statusOf(before, 'Hitachi')).toBeNull();

    // A run queued for Hitachi (none ran yet): its row says so, in every page, sort and filter that holds it; the others keep theirs.
    const [row] = await t.database.db
      .insert(statuses)
      .values({ name: 'In Progress', message: 'Queued', modelType: modelTypes.equipment, brandId: hitachi, subcategoryId: excavators })
      .returning();
    try {
      for (const query of [
        `subcategory_id=${excavators}`,
        `subcategory_id=${excavators}&q=hit`,
        `subcategory_id=${excavators}&sort=equipments_count&dir=asc&limit=1`,
      ]) {
        const after = await page(query);
        expect(statusOf(after, 'Hitachi'), query).toMatchObject({
          id: row?.id,
          name: 'In Progress',
          message: 'Queued',
          brand: { id: hitachi, name: 'Hitachi' },
        });
      }
      expect(statusOf(await page(`subcategory_id=${excavators}`), 'Komatsu')?.name).toBe('Generated');
    } finally {
      await t.database.db.delete(statuses).where(eq(statuses.id, row?.id ?? 0));
    }
  });

  it('GET /api/brands: pages, sorts and filters on the server', async () => {
    const second = await page(`subcategory_id=${excavators}&limit=2&offset=2`);
    expect(second).toMatchObject({ total: 4 });
    expect(second.brands.map((b) => b.name)).toEqual(['Komatsu', 'Volvo CE']);
    const beyond = await page(`subcategory_id=${excavators}&offset=10`);
    expect(beyond).toEqual({ brands: [], total: 4 });

    const byCount = await page(`subcategory_id=${excavators}&sort=equipments_count&dir=desc`);
    expect(byCount.brands.map((b) => b.name)).toEqual(['Caterpillar', 'Komatsu', 'Volvo CE', 'Hitachi']);
    const byNameDesc = await page(`subcategory_id=${excavators}&dir=desc`);
    expect(byNameDesc.brands.map((b) => b.name)).toEqual(['Volvo CE', 'Komatsu', 'Hitachi', 'Caterpillar']);

    const filtered = await page(`subcategory_id=${excavators}&q=${encodeURIComponent('KOM')}`);
    expect(filtered).toMatchObject({ total: 1, brands: [{ name: 'Komatsu' }] });
    const contains = await page(`subcategory_id=${excavators}&q=a`);
    expect(contains.brands.map((b) => b.name)).toEqual(['Caterpillar', 'Hitachi', 'Komatsu']);
    expect(contains.total).toBe(3);
    const offsetPastMatches = await page(`subcategory_id=${excavators}&q=a&offset=5`);
    expect(offsetPastMatches).toEqual({ brands: [], total: 3 });
    // The filter's pattern characters are literal.
    expect(await page(`subcategory_id=${excavators}&q=${encodeURIComponent('%')}`)).toEqual({ brands: [], total: 0 });
    expect(await page(`subcategory_id=${excavators}&q=_`)).toEqual({ brands: [], total: 0 });
    expect(await page(`subcategory_id=987654`)).toEqual({ brands: [], total: 0 });
  });

  it('GET /api/brands: stable order for equal sort keys, and every sort field', async () => {
    const [subcategory] = await t.database.db.select({ id: brands.subcategoryId }).from(brands).limit(1);
    for (const sort of ['name', 'seo_title', 'seo_description', 'created_at', 'equipments_count']) {
      for (const dir of ['asc', 'desc']) {
        const all = await page(`subcategory_id=${subcategory?.id}&sort=${sort}&dir=${dir}`);
        const pieces = [...(await page(`subcategory_id=${subcategory?.id}&sort=${sort}&dir=${dir}&limit=1`)).brands];
        for (let offset = 1; offset < all.total; offset += 1) {
          pieces.push(...(await page(`subcategory_id=${subcategory?.id}&sort=${sort}&dir=${dir}&limit=1&offset=${offset}`)).brands);
        }
        expect(pieces.map((b) => b.id)).toEqual(all.brands.map((b) => b.id));
      }
    }
  });

  it('GET /api/brands: refuses malformed queries with 422 and changes nothing', async () => {
    const before = await databaseDigest(t.database.db);
    for (const query of [
      '',
      'subcategory_id=x',
      `subcategory_id=${excavators}&sort=logo`,
      `subcategory_id=${excavators}&dir=up`,
      `subcategory_id=${excavators}&limit=0`,
      `subcategory_id=${excavators}&limit=501`,
      `subcategory_id=${excavators}&offset=-1`,
      `subcategory_id=${excavators}&q=${'x'.repeat(201)}`,
      `subcategory_id=${excavators}&q=%00`,
      `subcategory_id=${excavators}&with_equipments=maybe`,
    ]) {
      const res = await call<{ message: string }>('GET', `/api/brands?${query}`);
      expect(res.status, query).toBe(422);
      expect(res.body.message).toBeTypeOf('string');
    }
    expect(await databaseDigest(t.database.db)).toBe(before);
  });

  it('answers 401 without a token', async () => {
    expect((await t.app.inject({ url: `/api/brands?subcategory_id=${excavators}` })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/brands/1' })).statusCode).toBe(401);
  });
});
