import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryStorage } from '../test/memory-storage';
import { startCannedServer } from '../test/canned-server';
import {
  excludeBrand,
  excludeEquipment,
  getBrandExclusions,
  getEquipmentExclusions,
  unexcludeBrand,
  unexcludeEquipment,
  unexcludeEquipmentByName,
} from './exclusions';
import { configureHttp } from './http';

type Canned = Awaited<ReturnType<typeof startCannedServer>>;
let server: Canned;

const equipmentRow = (id: number) => ({
  id,
  category_id: 1,
  subcategory_id: 2,
  category: 'Tools',
  subcategory: 'Drills',
  brand_id: 3,
  brand: 'Makita',
  model: `DHP${id}`,
  year: 2021,
  specifications: null,
  description: null,
  tags: 'drill, cordless',
  is_manufactured: true,
  is_brand_still_manufactured: false,
  seo_title: null,
  seo_description: null,
  excluded: true,
  created_at: '2024-01-01T00:00:00.000Z',
});

const brandRow = {
  id: 9,
  name: 'Hitachi',
  subcategory_id: 2,
  subcategory: { id: 2, name: 'Drills' },
  category: { name: 'Tools' },
  seo_title: null,
  seo_description: null,
  created_at: '2024-01-01T00:00:00.000Z',
  logo: null,
  socials: null,
  excluded: true,
};

beforeAll(async () => {
  server = await startCannedServer();
  configureHttp({ baseUrl: server.url, onUnauthorized: () => {} });
});
afterAll(() => server.close());
beforeEach(() => {
  vi.stubGlobal('localStorage', new MemoryStorage());
  server.reset();
});
afterEach(() => vi.unstubAllGlobals());

const searchOf = (url: string) => Object.fromEntries(new URL(url, 'http://x').searchParams);

describe('exclusion lists', () => {
  it('read the excluded models in one call when the first page is not full, with tags as a list', async () => {
    server.answer('GET /api/equipments/exclusions', { body: [equipmentRow(1), equipmentRow(2)] });
    const rows = await getEquipmentExclusions();
    expect(rows.map((r) => r.id)).toEqual([1, 2]);
    expect(rows[0]?.tags).toEqual(['drill', 'cordless']);
    expect(server.seen).toHaveLength(1);
    expect(searchOf(server.seen[0]!.url)).toEqual({ offset: '0', limit: '1000' });
  });

  it('accept the wrapped shape too', async () => {
    server.answer('GET /api/brands/exclusions', { body: { exclusions: [brandRow] } });
    const rows = await getBrandExclusions();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: 9, name: 'Hitachi', equipments: [], brand_informations: [] });
  });

  it('ask for the next page while pages come back full, and stop at a bounded number of pages', async () => {
    server.answer('GET /api/brands/exclusions', { body: Array.from({ length: 1000 }, () => brandRow) });
    const rows = await getBrandExclusions();
    expect(server.seen.map((s) => searchOf(s.url).offset)).toEqual(Array.from({ length: 50 }, (_, i) => String(i * 1000)));
    expect(rows).toHaveLength(50_000);
  });
});

describe('exclusion changes', () => {
  const ok = { body: { message: 'done' } };

  it('exclude and un-exclude a model by id (the change to undo, if the server recorded one)', async () => {
    server.answer('POST /api/equipments/exclusions/5', { body: { message: 'done', undo: { change_id: 12 } } });
    server.answer('DELETE /api/equipments/exclusions/5', ok);
    expect(await excludeEquipment(5)).toEqual({ message: 'done', undo: { change_id: 12 } });
    // A server without undo answers the original message alone: nothing to undo.
    expect(await unexcludeEquipment(5)).toEqual({ message: 'done', undo: null });
    expect(server.seen.map((s) => `${s.method} ${s.url}`)).toEqual([
      'POST /api/equipments/exclusions/5',
      'DELETE /api/equipments/exclusions/5',
    ]);
  });

  it('exclude a brand by name and subcategory, and un-exclude it by id', async () => {
    server.answer('POST /api/brands/exclusions', { body: { message: 'Hitachi added to the exclusion list.' } });
    server.answer('DELETE /api/brands/exclusions/9', { body: { message: 'Hitachi removed from exclusion list.' } });
    expect(await excludeBrand({ name: 'Hitachi', subcategory_id: 2 })).toEqual({
      message: 'Hitachi added to the exclusion list.',
      undo: null,
    });
    expect(JSON.parse(server.seen[0]!.body)).toEqual({ name: 'Hitachi', subcategory_id: 2 });
    expect(await unexcludeBrand(9)).toEqual({ message: 'Hitachi removed from exclusion list.', undo: null });
  });

  it('remove a model by brand and model through the literal {id} path (docs/product.md#calls)', async () => {
    server.answer('POST /api/equipments/exclusions/%7Bid%7D', { body: { message: 'Makita - DHP1 removed from the exclusion list.' } });
    const answer = await unexcludeEquipmentByName({ brand: 'Makita', model: 'DHP1' });
    expect(answer.message).toBe('Makita - DHP1 removed from the exclusion list.');
    expect(server.seen[0]).toMatchObject({ method: 'POST', url: '/api/equipments/exclusions/%7Bid%7D' });
    expect(JSON.parse(server.seen[0]!.body)).toEqual({ data: { brand: 'Makita', model: 'DHP1' } });
  });
});
