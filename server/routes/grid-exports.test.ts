import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Brand } from '../../contract/brands';
import type { Equipment } from '../../contract/equipments';
import type { Event } from '../../contract/events';
import {
  brandExclusionExportColumns,
  brandExportColumns,
  equipmentExclusionExportColumns,
  equipmentExportColumns,
  eventExportColumns,
} from '../../contract/grid-exports';
import { brands, equipments, subcategories } from '../db/schema';
import type { TestApp } from '../test/app';
import { catalogueApp, databaseDigest, type CatalogueCall, type DemoIds } from '../test/catalogue';
import { availableEngines } from '../test/databases';

const engines = await availableEngines();

describe.each(engines)('grid exports on %s', (engine) => {
  let t: TestApp;
  let call: CatalogueCall;
  let ids: DemoIds;
  let headers: { authorization: string };
  let excavators: number;
  let construction: number;
  beforeAll(async () => {
    ({ t, call, ids, headers } = await catalogueApp(engine));
    excavators = await ids.subcategory('Excavators');
    construction = await ids.category('Construction Equipment');
  });
  afterAll(() => t.close());

  const get = (url: string, as: Record<string, string> = headers) => t.app.inject({ method: 'GET', url, headers: as });
  /** The export's rows (the header row first), after checking it is a CSV attachment. */
  const csv = async (url: string): Promise<string[][]> => {
    const res = await get(url);
    expect(res.statusCode, `${url}: ${res.body.slice(0, 300)}`).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="[a-z0-9-]+-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    expect(res.body.endsWith('\r\n')).toBe(true);
    return parse(res.body, { bom: true }) as string[][];
  };
  const listBrands = async (query: string) =>
    (await call<{ brands: Brand[] }>('GET', `/api/brands?subcategory_id=${excavators}&limit=500&${query}`)).body.brands;

  it('GET /api/brands/export: every column by default, named as the grid names them, the rows of the grid', async () => {
    const rows = await csv(`/api/brands/export?subcategory_id=${excavators}`);
    expect(rows[0]).toEqual(Object.values(brandExportColumns));
    const listed = await listBrands('');
    expect(rows.slice(1).map((r) => r[0])).toEqual(listed.map((b) => b.name));
    const komatsu = rows.find((r) => r[0] === 'Komatsu');
    expect(komatsu).toEqual([
      'Komatsu',
      'Construction Equipment',
      'Excavators',
      'Komatsu Excavators',
      expect.any(String),
      expect.stringMatching(/^\d{4}-/),
      'Generated',
      'Accepted',
      '',
      '',
      '',
      '',
    ]);
  });

  it('GET /api/brands/export: the filter, the sort and the columns asked for, in their order', async () => {
    const rows = await csv(`/api/brands/export?subcategory_id=${excavators}&q=a&sort=name&dir=desc&columns=status,name`);
    expect(rows[0]).toEqual(['Status', 'Name']);
    const listed = await listBrands('q=a&sort=name&dir=desc');
    expect(listed.length).toBeGreaterThan(1);
    expect(rows.slice(1).map((r) => r[1])).toEqual(listed.map((b) => b.name));
    expect(rows.slice(1).every((r) => r[1]?.toLowerCase().includes('a'))).toBe(true);
  });

  it('GET /api/events/export: the grid filter and sort, all columns', async () => {
    const listed = (await call<{ events: Event[] }>('GET', `/api/events?category_id=${construction}&limit=500&sort=name&dir=desc`)).body
      .events;
    expect(listed.length).toBeGreaterThan(0);
    const rows = await csv(`/api/events/export?category_id=${construction}&sort=name&dir=desc`);
    expect(rows[0]).toEqual(Object.values(eventExportColumns));
    expect(rows.slice(1).map((r) => r[0])).toEqual(listed.map((e) => e.name));
    expect(rows[1]?.[1]).toBe('Construction Equipment');
    const first = listed[0]!;
    const filtered = await csv(
      `/api/events/export?category_id=${construction}&q=${encodeURIComponent(first.name)}&columns=name,start_date`,
    );
    expect(filtered).toEqual([
      ['Name', 'Start Date'],
      [first.name, first.start_date ?? ''],
    ]);
  });

  it('GET /api/equipments/export: a subcategory or a brand, in the list order, the browser grid filter and sort', async () => {
    const listed = (await call<{ equipments: Equipment[] }>('GET', `/api/equipments?subcategory_id=${excavators}&limit=1000`)).body
      .equipments;
    const rows = await csv(`/api/equipments/export?subcategory_id=${excavators}`);
    expect(rows[0]).toEqual(Object.values(equipmentExportColumns));
    expect(rows.slice(1).map((r) => `${r[0]} ${r[1]}`)).toEqual(listed.map((e) => `${e.brand} ${e.model}`));
    const pc210 = rows.find((r) => r[1] === 'PC210LC-11');
    expect(pc210?.slice(0, 5)).toEqual(['Komatsu', 'PC210LC-11', expect.any(String), 'Construction Equipment', 'Excavators']);
    expect(pc210?.[7]).toBe('crawler');
    expect(pc210?.[8]).toMatch(/^(Yes|No)$/);

    const komatsu = await ids.brand('Komatsu');
    const ofBrand = await csv(`/api/equipments/export?brand_id=${komatsu}&columns=model`);
    expect(ofBrand).toEqual([['Model'], ['PC210LC-11'], ['PC490LC-11']]);
    const sorted = await csv(`/api/equipments/export?subcategory_id=${excavators}&sort=model&dir=desc&columns=model`);
    const models = sorted.slice(1).map((r) => r[0] ?? '');
    expect(models).toEqual([...models].sort((a, b) => b.toLowerCase().localeCompare(a.toLowerCase())));
    const matching = await csv(`/api/equipments/export?subcategory_id=${excavators}&q=pc490&columns=brand,model`);
    expect(matching).toEqual([
      ['Brand', 'Model'],
      ['Komatsu', 'PC490LC-11'],
    ]);
  });

  it('GET /api/equipments/export: a long list in batches, every row once, in order, with and without a sort', async () => {
    const [subcategory] = await t.database.db
      .insert(subcategories)
      .values({ name: 'Export batches', categoryId: construction })
      .returning({ id: subcategories.id });
    const id = subcategory!.id;
    const values = Array.from({ length: 2_345 }, (_, i) => ({
      categoryId: construction,
      subcategoryId: id,
      brand: `Brand ${String(i % 7)}`,
      model: `M${String(i).padStart(5, '0')}`,
    }));
    await t.database.db.insert(equipments).values(values);
    const rows = (await csv(`/api/equipments/export?subcategory_id=${id}&columns=brand,model`)).slice(1);
    const expected = values.map((v) => [v.brand, v.model]).sort((a, b) => (a[0]! + a[1]!).localeCompare(b[0]! + b[1]!));
    expect(rows).toEqual(expected);
    const byModel = (await csv(`/api/equipments/export?subcategory_id=${id}&columns=model&sort=model&dir=desc`)).slice(1);
    expect(byModel.map((r) => r[0])).toEqual(values.map((v) => v.model).reverse());
  });

  it('GET /api/equipments/exclusions/export: the excluded models, newest first, filtered and sorted like the grid', async () => {
    const listed = (await call<Equipment[]>('GET', '/api/equipments/exclusions?limit=1000')).body;
    expect(listed.length).toBeGreaterThan(0);
    const rows = await csv('/api/equipments/exclusions/export');
    expect(rows[0]).toEqual(Object.values(equipmentExclusionExportColumns));
    expect(rows.slice(1).map((r) => r[3])).toEqual(listed.map((e) => e.model));
    const first = listed[0]!;
    const filtered = await csv(`/api/equipments/exclusions/export?q=${encodeURIComponent(first.model.toUpperCase())}&columns=model,brand`);
    expect(filtered).toContainEqual([first.model, first.brand]);
    expect(await csv('/api/equipments/exclusions/export?q=no-such-text&columns=model')).toEqual([['Model']]);
    const sorted = await csv('/api/equipments/exclusions/export?sort=brand&dir=asc&columns=brand');
    const names = sorted.slice(1).map((r) => r[0] ?? '');
    expect(names).toEqual([...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
  });

  it('GET /api/brands/exclusions/export: the excluded brands, with their logo and social links', async () => {
    const listed = (await call<Brand[]>('GET', '/api/brands/exclusions?limit=1000')).body;
    const rows = await csv('/api/brands/exclusions/export');
    expect(rows[0]).toEqual(Object.values(brandExclusionExportColumns));
    expect(rows.slice(1).map((r) => r[3])).toEqual(listed.map((b) => b.name));
    const hitachi = await csv('/api/brands/exclusions/export?q=hitachi&columns=name,subcategory');
    expect(hitachi).toEqual([
      ['Name', 'Subcategory'],
      ['Hitachi', 'Excavators'],
    ]);
  });

  it('static export paths are not taken for an :id (the router tries them first)', async () => {
    for (const path of ['/api/brands/export', '/api/events/export', '/api/equipments/export']) {
      const res = await get(path);
      expect(res.statusCode, path).toBe(422);
      expect(res.json()).toHaveProperty('errors');
    }
    expect((await get('/api/brands/exclusions/export')).statusCode).toBe(200);
    expect((await get('/api/equipments/exclusions/export')).statusCode).toBe(200);
  });

  it('quotes what needs quoting (RFC 4180) and keeps a formula from running in a spreadsheet', async () => {
    await t.database.db.insert(brands).values([
      { subcategoryId: excavators, name: 'Quote, "Brand"\nTwo', seoTitle: '=HYPERLINK("http://x")' },
      { subcategoryId: excavators, name: '+Plus', seoTitle: '@SUM(A1)' },
    ]);
    const res = await get(`/api/brands/export?subcategory_id=${excavators}&q=${encodeURIComponent('"')}&columns=name,seo_title`);
    expect(res.body).toContain('"Quote, ""Brand""\nTwo",');
    const rows = parse(res.body, { bom: true }) as string[][];
    expect(rows).toEqual([
      ['Name', 'SEO Title'],
      ['Quote, "Brand"\nTwo', '\'=HYPERLINK("http://x")'],
    ]);
    const plus = parse((await get(`/api/brands/export?subcategory_id=${excavators}&q=plus&columns=name,seo_title`)).body, {
      bom: true,
    }) as string[][];
    expect(plus[1]).toEqual(["'+Plus", "'@SUM(A1)"]);
  });

  it('refuses: 401 without a token, 404 for an unknown scope, 422 for an unknown column, and changes nothing', async () => {
    const before = await databaseDigest(t.database.db);
    const everyExport = [
      `/api/brands/export?subcategory_id=${excavators}`,
      `/api/events/export?category_id=${construction}`,
      `/api/equipments/export?subcategory_id=${excavators}`,
      '/api/equipments/exclusions/export',
      '/api/brands/exclusions/export',
    ];
    for (const url of everyExport) {
      expect((await get(url, {})).statusCode, url).toBe(401);
      const unknown = await get(`${url}${url.includes('?') ? '&' : '?'}columns=password`);
      expect(unknown.statusCode, url).toBe(422);
      expect(unknown.json().errors.columns[0]).toMatch(/^Unknown column: password\./);
      expect((await get(`${url}${url.includes('?') ? '&' : '?'}columns=${encodeURIComponent('model,model')}`)).statusCode, url).toBe(422);
    }
    for (const url of [
      '/api/brands/export?subcategory_id=999999',
      '/api/events/export?category_id=999999',
      '/api/equipments/export?subcategory_id=999999',
      '/api/equipments/export?brand_id=999999',
      '/api/equipments/export?subcategory=Nothing%20of%20that%20name',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
    }
    expect((await get('/api/equipments/exclusions/export?sort=secret')).statusCode).toBe(422);
    expect(await databaseDigest(t.database.db)).toBe(before);
  });
});
