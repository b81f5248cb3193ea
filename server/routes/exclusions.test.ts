import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Brand } from '../../contract/brands';
import type { Equipment } from '../../contract/equipments';
import { brandExclusionsAnswer, equipmentExclusionsAnswer, type BrandExclusion, type EquipmentExclusion } from '../../contract/exclusions';
import { channels, realtimeEvents } from '../../contract/realtime';
import { brandExclusions, brands, equipmentExclusions, users } from '../db/schema';
import type { TestApp } from '../test/app';
import { catalogueApp, databaseDigest, type CatalogueCall, type DemoIds } from '../test/catalogue';
import { availableEngines } from '../test/databases';

const engines = await availableEngines();

describe.each(engines)('exclusions on %s', (engine) => {
  let t: TestApp;
  let call: CatalogueCall;
  let ids: DemoIds;
  beforeAll(async () => {
    ({ t, call, ids } = await catalogueApp(engine));
  });
  afterAll(() => t.close());

  const excludedModels = async () => {
    const res = await call<Equipment[]>('GET', '/api/equipments/exclusions');
    expect(res.status).toBe(200);
    expect(equipmentExclusionsAnswer.safeParse(res.body).success).toBe(true);
    return res;
  };
  const excludedBrands = async () => {
    const res = await call<Brand[]>('GET', '/api/brands/exclusions');
    expect(res.status).toBe(200);
    expect(brandExclusionsAnswer.safeParse(res.body).success).toBe(true);
    return res;
  };

  it('lists the excluded models (a list, with the equipment fields) and brands, with their count', async () => {
    const models = await excludedModels();
    expect(models.body.map((e) => `${e.brand} - ${e.model}`).sort()).toEqual(['Caterpillar - M318', 'Komatsu - PC490LC-11']);
    expect(models.body.every((e) => e.excluded && e.category === 'Construction Equipment' && e.subcategory === 'Excavators')).toBe(true);
    expect(models.headers['x-total-count']).toBe('2');
    const brandList = await excludedBrands();
    expect(brandList.body).toMatchObject([
      {
        name: 'Hitachi',
        excluded: true,
        subcategory: { name: 'Excavators' },
        category: { name: 'Construction Equipment' },
        brand_informations: [
          { website: 'https://www.hitachicm.com', country: 'Japan', address: 'Japan headquarters', phone_number: null, email: null },
        ],
      },
    ]);
    expect(brandList.headers['x-total-count']).toBe('1');
    const paged = await call<Equipment[]>('GET', '/api/equipments/exclusions?limit=1&offset=1');
    expect(paged.body).toHaveLength(1);
    expect((await call('GET', '/api/equipments/exclusions?limit=0')).status).toBe(422);
  });

  it("excludes a model (idempotent) and un-excludes it, with the spec's messages", async () => {
    const id = await ids.equipment('Volvo CE', 'EC220E');
    const add = await call('POST', `/api/equipments/exclusions/${id}`);
    expect(add).toMatchObject({ status: 200, body: { message: 'Volvo CE - EC220E added to the exclusion list.' } });
    expect((await call('POST', `/api/equipments/exclusions/${id}`)).status).toBe(200);
    const rows = await t.database.db.select().from(equipmentExclusions).where(eq(equipmentExclusions.equipmentId, id));
    expect(rows).toHaveLength(1);
    expect((await excludedModels()).body[0]).toMatchObject({ id, excluded: true });

    const remove = await call('DELETE', `/api/equipments/exclusions/${id}`);
    expect(remove).toMatchObject({ status: 200, body: { message: 'Volvo CE - EC220E removed from the exclusion list.' } });
    expect((await call('DELETE', `/api/equipments/exclusions/${id}`)).status).toBe(200);
    expect((await excludedModels()).body.some((e) => e.id === id)).toBe(false);
  });

  it('un-excludes by brand and model through the literal {id} path, encoded or not, and through /remove', async () => {
    const id = await ids.equipment('Genelec', '8341A');
    for (const url of ['/api/equipments/exclusions/%7Bid%7D', '/api/equipments/exclusions/{id}', '/api/equipments/exclusions/remove']) {
      await call('POST', `/api/equipments/exclusions/${id}`);
      const res = await call('POST', url, { data: { brand: 'Genelec', model: '8341A' } });
      expect(res, url).toMatchObject({ status: 200, body: { message: 'Genelec - 8341A removed from the exclusion list.' } });
      expect(
        (await excludedModels()).body.some((e) => e.id === id),
        url,
      ).toBe(false);
    }
  });

  it('says who excluded each row (name, else email; null when unknown) and when', async () => {
    const [operator] = await t.database.db
      .select({ id: users.id, name: users.name, email: users.email })
      .from(users)
      .orderBy(desc(users.id))
      .limit(1);
    const modelId = await ids.equipment('Volvo CE', 'EC220E');
    const brandId = await ids.brand('Genelec');
    const before = Date.now();
    await call('POST', `/api/equipments/exclusions/${modelId}`);
    await call('POST', '/api/brands/exclusions', { name: 'Genelec' });
    try {
      const model = (await excludedModels()).body.find((e) => e.id === modelId) as EquipmentExclusion | undefined;
      const brand = (await excludedBrands()).body.find((b) => b.id === brandId) as BrandExclusion | undefined;
      for (const row of [model, brand]) {
        expect(row?.excluded_by).toBe(operator?.name);
        expect(Date.parse(row?.excluded_at ?? '')).toBeGreaterThanOrEqual(before - 1000);
        expect(row?.excluded_at).toBe(new Date(row?.excluded_at ?? 0).toISOString());
      }
      // A nameless operator is shown by email; a deleted one (or a seeded exclusion) is unknown.
      await t.database.db.update(users).set({ name: '' }).where(eq(users.id, operator!.id));
      expect((await excludedBrands()).body.find((b) => b.id === brandId)).toMatchObject({ excluded_by: operator?.email });
      await t.database.db.update(brandExclusions).set({ createdBy: null }).where(eq(brandExclusions.brandId, brandId));
      expect((await excludedBrands()).body.find((b) => b.id === brandId)).toMatchObject({ excluded_by: null });
    } finally {
      await t.database.db.update(users).set({ name: operator!.name }).where(eq(users.id, operator!.id));
      await call('DELETE', `/api/equipments/exclusions/${modelId}`);
      await call('DELETE', `/api/brands/exclusions/${brandId}`);
    }
  });

  it('refuses the literal {id} path without brand and model (422) and for an unknown model (404)', async () => {
    const before = await databaseDigest(t.database.db);
    for (const body of [
      {},
      { data: {} },
      { brand: 'Caterpillar', model: 'M318' },
      { data: { brand: 'Caterpillar' } },
      { data: { brand: '', model: 'M318' } },
    ]) {
      expect((await call('POST', '/api/equipments/exclusions/%7Bid%7D', body)).status, JSON.stringify(body)).toBe(422);
    }
    const unknown = await call<{ message: string }>('POST', '/api/equipments/exclusions/%7Bid%7D', {
      data: { brand: 'Caterpillar', model: 'D11' },
    });
    expect(unknown.status).toBe(404);
    expect(await databaseDigest(t.database.db)).toBe(before);
  });

  it('refuses a missing model (404) and malformed ids (422), changing nothing', async () => {
    const before = await databaseDigest(t.database.db);
    expect((await call('POST', '/api/equipments/exclusions/987654')).status).toBe(404);
    expect((await call('DELETE', '/api/equipments/exclusions/987654')).status).toBe(404);
    for (const id of ['abc', '0', '-1', '2.5', '99999999999', '%7Bother%7D']) {
      expect((await call('POST', `/api/equipments/exclusions/${id}`)).status, id).toBe(422);
      expect((await call('DELETE', `/api/equipments/exclusions/${id}`)).status, id).toBe(422);
    }
    expect(await databaseDigest(t.database.db)).toBe(before);
  });

  it('excludes a brand by name (case-insensitive) and un-excludes it by id', async () => {
    const genelec = await ids.brand('Genelec');
    const add = await call('POST', '/api/brands/exclusions', { name: ' genelec ' });
    expect(add).toMatchObject({ status: 200, body: { message: 'Genelec added to the exclusion list.' } });
    expect((await call<{ brand: Brand }>('GET', `/api/brands/${genelec}`)).body.brand.excluded).toBe(true);
    expect((await excludedBrands()).body.map((b) => b.name)).toContain('Genelec');
    expect((await call('POST', '/api/brands/exclusions', { name: 'Genelec' })).status).toBe(200);

    const remove = await call('DELETE', `/api/brands/exclusions/${genelec}`);
    expect(remove).toMatchObject({ status: 200, body: { message: 'Genelec removed from exclusion list.' } });
    expect((await call<{ brand: Brand }>('GET', `/api/brands/${genelec}`)).body.brand.excluded).toBe(false);
  });

  it('asks for the subcategory when several brands share the name (422), and takes it when given', async () => {
    const excavators = await ids.subcategory('Excavators');
    const tractors = await ids.subcategory('Tractors');
    const [twin] = await t.database.db.insert(brands).values({ subcategoryId: tractors, name: 'Komatsu' }).returning();
    const before = await databaseDigest(t.database.db);
    const ambiguous = await call<{ message: string; errors: Record<string, string[]> }>('POST', '/api/brands/exclusions', {
      name: 'komatsu',
    });
    expect(ambiguous.status).toBe(422);
    expect(ambiguous.body.errors.subcategory_id).toBeDefined();
    expect(await databaseDigest(t.database.db)).toBe(before);

    const chosen = await call('POST', '/api/brands/exclusions', { name: 'Komatsu', subcategory_id: tractors });
    expect(chosen.status).toBe(200);
    expect((await call<{ brand: Brand }>('GET', `/api/brands/${twin?.id}`)).body.brand.excluded).toBe(true);
    expect((await call<{ brand: Brand }>('GET', `/api/brands/${await ids.brand('Komatsu')}`)).body.brand.excluded).toBe(false);
    expect((await call('POST', '/api/brands/exclusions', { name: 'Komatsu', subcategory_id: excavators + 1000 })).status).toBe(404);
    await call('DELETE', `/api/brands/exclusions/${twin?.id}`);
    await t.database.db.delete(brands).where(eq(brands.id, twin?.id ?? 0));
  });

  it('refuses unknown brands (404) and malformed bodies (422), changing nothing', async () => {
    const before = await databaseDigest(t.database.db);
    const unknown = await call<{ message: string }>('POST', '/api/brands/exclusions', { name: 'Nobody' });
    expect(unknown).toMatchObject({ status: 404, body: { message: 'Brand not found.' } });
    for (const body of [{}, { name: '' }, { name: 42 }, { name: 'x'.repeat(256) }, { name: 'Genelec', subcategory_id: 'first' }, []]) {
      expect((await call('POST', '/api/brands/exclusions', body)).status, JSON.stringify(body)).toBe(422);
    }
    expect((await call('DELETE', '/api/brands/exclusions/987654')).status).toBe(404);
    expect((await call('DELETE', '/api/brands/exclusions/abc')).status).toBe(422);
    expect(await databaseDigest(t.database.db)).toBe(before);
  });

  it('answers 401 without a token', async () => {
    for (const [method, url] of [
      ['GET', '/api/equipments/exclusions'],
      ['POST', '/api/equipments/exclusions/1'],
      ['DELETE', '/api/equipments/exclusions/1'],
      ['POST', '/api/equipments/exclusions/%7Bid%7D'],
      ['GET', '/api/brands/exclusions'],
      ['POST', '/api/brands/exclusions'],
      ['DELETE', '/api/brands/exclusions/1'],
    ] as const) {
      expect((await t.app.inject({ method, url })).statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('announces exclusions: the brand on the brand channel, models on the equipments channel', async () => {
    const publish = vi.spyOn(t.app.broadcaster, 'publish');
    const shure = await ids.brand('Shure');
    const microphones = await ids.subcategory('Microphones');
    const model = await ids.equipment('Shure', 'SM7dB');
    await call('POST', '/api/brands/exclusions', { name: 'Shure' });
    await call('DELETE', `/api/brands/exclusions/${shure}`);
    await call('POST', `/api/equipments/exclusions/${model}`);
    await call('POST', '/api/equipments/exclusions/%7Bid%7D', { data: { brand: 'Shure', model: 'SM7dB' } });
    expect(publish.mock.calls).toEqual([
      [channels.brand, realtimeEvents.updateBrand, { brand_id: shure }],
      [channels.brand, realtimeEvents.updateBrand, { brand_id: shure }],
      [channels.equipments, realtimeEvents.statusesChanged, { subcategory_ids: [microphones] }],
      [channels.equipments, realtimeEvents.statusesChanged, { subcategory_ids: [microphones] }],
    ]);
    publish.mockRestore();
  });
});
