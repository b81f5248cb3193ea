import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { z } from 'zod';
import { categoriesAnswer, categoriesWithSubcategoriesAnswer, type CategoriesAnswer, type Category } from '../../contract/categories';
import { channels, realtimeEvents } from '../../contract/realtime';
import type { statusesAnswer } from '../../contract/statuses';
import { modelTypes } from '../../contract/statuses';
import { brands, categories, equipments, events, statuses, subcategories } from '../db/schema';
import type { TestApp } from '../test/app';
import { catalogueApp, databaseDigest, type CatalogueCall, type DemoIds } from '../test/catalogue';
import { availableEngines } from '../test/databases';

const engines = await availableEngines();

describe.each(engines)('categories on %s', (engine) => {
  let t: TestApp;
  let call: CatalogueCall;
  let ids: DemoIds;
  beforeAll(async () => {
    ({ t, call, ids } = await catalogueApp(engine));
  });
  afterAll(() => t.close());

  const tree = async () => {
    const { status, body } = await call<CategoriesAnswer>('GET', '/api/categories');
    expect(status).toBe(200);
    return body.categories;
  };
  const findSubcategory = (list: Category[], id: number) => list.flatMap((c) => c.subcategories).find((s) => s.id === id);

  it('answers the tree with counts and statuses, and no catalogue unless scoped', async () => {
    const { status, body } = await call<CategoriesAnswer>('GET', '/api/categories');
    expect(status).toBe(200);
    expect(categoriesAnswer.safeParse(body).success).toBe(true);
    expect(body.brands).toEqual([]);
    expect(body.events).toEqual([]);
    const construction = body.categories.find((c) => c.name === 'Construction Equipment');
    expect(construction).toMatchObject({ status: 'Generated', events_count: 3 });
    expect(construction?.subcategories.find((s) => s.name === 'Excavators')).toMatchObject({
      status: 'Generated',
      brands_count: 4,
      equipments_count: 6,
    });
    expect(body.categories.find((c) => c.name === 'Drones')).toMatchObject({ status: null, events_count: 0, subcategories: [] });
    // The tree's statuses: those of categories and subcategories, none of a brand.
    expect(body.statuses.length).toBeGreaterThan(0);
    expect(body.statuses.every((s) => s.brand_id === null)).toBe(true);
  });

  it("leaves the status records out with statuses=false (the SPA header's tree), the tree itself unchanged", async () => {
    const whole = await call<CategoriesAnswer>('GET', '/api/categories');
    const treeOnly = await call<CategoriesAnswer>('GET', '/api/categories?statuses=false');
    expect(treeOnly.status).toBe(200);
    expect(treeOnly.body).toEqual({ ...whole.body, statuses: [] });
    expect((await call<CategoriesAnswer>('GET', '/api/categories?statuses=true')).body).toEqual(whole.body);
    const scoped = await call<CategoriesAnswer>(
      'GET',
      `/api/categories?statuses=false&subcategory_id=${await ids.subcategory('Excavators')}`,
    );
    expect(scoped.body.statuses).toEqual([]);
    expect(scoped.body.brands.length).toBeGreaterThan(0);
  });

  it("sends each subcategory as a row with compact=true (the SPA header's tree), read back as the whole tree", async () => {
    const whole = await call<CategoriesAnswer>('GET', '/api/categories?statuses=false');
    const compact = await call<{ categories: { subcategories: unknown[] }[] }>('GET', '/api/categories?statuses=false&compact=true');
    expect(compact.status).toBe(200);
    const excavators = await ids.subcategory('Excavators');
    const sent = compact.body.categories.flatMap((c) => c.subcategories).find((s) => Array.isArray(s) && s[0] === excavators);
    expect(sent).toEqual([excavators, 'Excavators', 'Generated', 4, 6]);
    expect(categoriesAnswer.parse(compact.body)).toEqual(whole.body);
    expect(JSON.stringify(compact.body).length).toBeLessThan(JSON.stringify(whole.body).length);
    expect((await call<CategoriesAnswer>('GET', '/api/categories?statuses=false&compact=false')).body).toEqual(whole.body);
  });

  it('counts what the database holds, whatever wrote it', async () => {
    const excavators = await ids.subcategory('Excavators');
    const db = t.database.db;
    const [count] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(equipments)
      .where(eq(equipments.subcategoryId, excavators));
    expect(findSubcategory(await tree(), excavators)?.equipments_count).toBe(count?.n);

    // A writer that knows nothing of the counters (as a generation job): the next answer shows its rows.
    const [brand] = await db.insert(brands).values({ subcategoryId: excavators, name: 'Doosan' }).returning();
    const [subcategoryRow] = await db.select().from(subcategories).where(eq(subcategories.id, excavators));
    await db.insert(equipments).values(
      ['DX225', 'DX300'].map((model) => ({
        categoryId: subcategoryRow?.categoryId ?? 0,
        subcategoryId: excavators,
        brandId: brand?.id ?? null,
        brand: 'Doosan',
        model,
      })),
    );
    expect(findSubcategory(await tree(), excavators)).toMatchObject({ brands_count: 5, equipments_count: 8 });
    await db.delete(brands).where(eq(brands.id, brand?.id ?? 0));
    await db.delete(equipments).where(eq(equipments.brand, 'Doosan'));
    expect(findSubcategory(await tree(), excavators)).toMatchObject({ brands_count: 4, equipments_count: 6 });

    const construction = await ids.category('Construction Equipment');
    await db.insert(events).values({ categoryId: construction, name: 'World of Concrete 2028' });
    expect((await tree()).find((c) => c.id === construction)?.events_count).toBe(4);
    await db.delete(events).where(eq(events.name, 'World of Concrete 2028'));
    expect((await tree()).find((c) => c.id === construction)?.events_count).toBe(3);
  });

  it('answers a status written outside the API at once (the kept answers follow the database)', async () => {
    const sprayers = await ids.subcategory('Sprayers');
    expect(findSubcategory(await tree(), sprayers)?.status).toBeNull();
    const before = await call<z.input<typeof statusesAnswer>>('GET', '/api/statuses');
    await t.database.db.insert(statuses).values({ name: 'In Progress', modelType: modelTypes.brand, subcategoryId: sprayers });
    expect(findSubcategory(await tree(), sprayers)?.status).toBe('In Progress');
    const after = await call<z.input<typeof statusesAnswer>>('GET', '/api/statuses');
    expect(after.body.statuses.length).toBe(before.body.statuses.length + 1);
    expect(after.body.statuses.some((s) => s.subcategory_id === sprayers && s.name === 'In Progress')).toBe(true);
    await t.database.db.delete(statuses).where(eq(statuses.subcategoryId, sprayers));
    expect(findSubcategory(await tree(), sprayers)?.status).toBeNull();
  });

  it("scoped by subcategory: that subcategory's brands with their models, information, exclusion and status", async () => {
    const excavators = await ids.subcategory('Excavators');
    const { status, body } = await call<CategoriesAnswer>('GET', `/api/categories?subcategory_id=${excavators}`);
    expect(status).toBe(200);
    expect(categoriesAnswer.safeParse(body).success).toBe(true);
    expect(body.brands.map((b) => b.name).sort()).toEqual(['Caterpillar', 'Hitachi', 'Komatsu', 'Volvo CE']);
    expect(body.brands_total).toBe(4);
    const caterpillar = body.brands.find((b) => b.name === 'Caterpillar');
    expect(caterpillar).toMatchObject({
      subcategory: { id: excavators, name: 'Excavators' },
      category: { name: 'Construction Equipment' },
      equipments_count: 3,
      excluded: false,
      status: { name: 'Generated', brand_id: caterpillar?.id },
    });
    expect(caterpillar?.equipments.map((e) => e.model)).toEqual(['320 GC', '336 Next Gen', 'M318']);
    expect(caterpillar?.equipments.find((e) => e.model === 'M318')?.excluded).toBe(true);
    expect(caterpillar?.brand_informations).toEqual([
      { website: 'https://www.cat.com', country: 'United States', address: null, phone_number: null, email: 'info@cat.com' },
    ]);
    expect(body.brands.find((b) => b.name === 'Hitachi')).toMatchObject({ excluded: true, equipments: [], status: null });
    expect(body.statuses.some((s) => s.brand_id === caterpillar?.id)).toBe(true);
    expect(body.events).toEqual([]);
  });

  it("scoped by category: that category's events by start date", async () => {
    const construction = await ids.category('Construction Equipment');
    const { body } = await call<CategoriesAnswer>('GET', `/api/categories?category_id=${construction}`);
    expect(body.events.map((e) => e.name)).toEqual(['Intermat Paris 2027', 'bauma 2028', 'CONEXPO-CON/AGG 2029']);
    expect(body.events_total).toBe(3);
    expect(body.events[0]).toMatchObject({
      category_id: construction,
      category: { name: 'Construction Equipment' },
      start_date: '2027-04-19',
    });
    expect(body.brands).toEqual([]);
  });

  it('scoped to something missing: empty lists, not an error', async () => {
    const { status, body } = await call<CategoriesAnswer>('GET', '/api/categories?subcategory_id=999999&category_id=999999');
    expect(status).toBe(200);
    expect(body).toMatchObject({ brands: [], events: [], brands_total: 0, events_total: 0 });
  });

  it('refuses malformed scopes with 422', async () => {
    for (const query of [
      'subcategory_id=abc',
      'subcategory_id=-1',
      'category_id=1.5',
      'category_id=99999999999',
      'subcategory_id=',
      'statuses=no',
      'compact=yes',
    ]) {
      expect((await call('GET', `/api/categories?${query}`)).status).toBe(422);
    }
  });

  it("categories-with-subcategories: the tree, and a subcategory's models when scoped", async () => {
    const excavators = await ids.subcategory('Excavators');
    const plain = await call<z.input<typeof categoriesWithSubcategoriesAnswer>>('GET', '/api/categories-with-subcategories');
    expect(plain.status).toBe(200);
    expect(categoriesWithSubcategoriesAnswer.safeParse(plain.body).success).toBe(true);
    expect(plain.body.equipments).toEqual([]);
    const scoped = await call<z.input<typeof categoriesWithSubcategoriesAnswer>>(
      'GET',
      `/api/categories-with-subcategories?subcategory_id=${excavators}`,
    );
    expect(scoped.body.equipments?.map((e) => `${e.brand} ${e.model}`)).toEqual([
      'Caterpillar 320 GC',
      'Caterpillar 336 Next Gen',
      'Caterpillar M318',
      'Komatsu PC210LC-11',
      'Komatsu PC490LC-11',
      'Volvo CE EC220E',
    ]);
    expect(scoped.body.equipments?.every((e) => e.subcategory === 'Excavators')).toBe(true);
  });

  it("renames a category (trimmed) and answers the spec's message; the tree shows it at once", async () => {
    const audio = await ids.category('Audio Equipment');
    const { status, body } = await call('POST', '/api/categories/update', { id: audio, name: '  Pro Audio  ' });
    expect(status).toBe(200);
    expect(body).toMatchObject({ message: 'Category updated successfully!', category: { id: audio, name: 'Pro Audio' } });
    expect((await tree()).find((c) => c.id === audio)?.name).toBe('Pro Audio');
    // Ids given as numeric text (older clients) are accepted.
    expect((await call('POST', '/api/categories/update', { id: String(audio), name: 'Audio Equipment' })).status).toBe(200);
  });

  it('renames a subcategory', async () => {
    const monitors = await ids.subcategory('Studio Monitors');
    const { status, body } = await call('POST', '/api/subcategories/update', { id: monitors, name: 'Nearfield Monitors' });
    expect(status).toBe(200);
    expect(body).toMatchObject({ message: 'Subcategory updated successfully!', subcategory: { id: monitors, name: 'Nearfield Monitors' } });
    expect(findSubcategory(await tree(), monitors)?.name).toBe('Nearfield Monitors');
    await call('POST', '/api/subcategories/update', { id: monitors, name: 'Studio Monitors' });
  });

  it('refuses bad renames with 422 or 404 and changes nothing', async () => {
    const audio = await ids.category('Audio Equipment');
    const monitors = await ids.subcategory('Studio Monitors');
    const before = await databaseDigest(t.database.db);
    for (const url of ['/api/categories/update', '/api/subcategories/update']) {
      const id = url.includes('sub') ? monitors : audio;
      for (const body of [
        { id, name: '' },
        { id, name: '   ' },
        { id, name: 'x'.repeat(256) },
        { id },
        { name: 'No id' },
        { id: 0, name: 'x' },
        { id: 'one', name: 'x' },
      ]) {
        const res = await call<{ message: string; errors: Record<string, string[]> }>('POST', url, body);
        expect(res.status, JSON.stringify(body)).toBe(422);
        expect(res.body.errors).toBeTypeOf('object');
      }
      const empty = await call<{ errors: Record<string, string[]> }>('POST', url, { id, name: '' });
      expect(empty.body.errors.name).toEqual(['The name is required.']);
      const long = await call<{ errors: Record<string, string[]> }>('POST', url, { id, name: 'x'.repeat(256) });
      expect(long.body.errors.name).toEqual(['The name may not be longer than 255 characters.']);
      const missing = await call<{ message: string }>('POST', url, { id: 987654, name: 'Ghost' });
      expect(missing.status).toBe(404);
      expect(missing.body.message).toBe(url.includes('sub') ? 'Subcategory not found.' : 'Category not found.');
    }
    expect(await databaseDigest(t.database.db)).toBe(before);
  });

  it("refuses a rename to a sibling's name, whatever its case, with 422 at the name field, and changes nothing", async () => {
    const audio = await ids.category('Audio Equipment');
    const monitors = await ids.subcategory('Studio Monitors');
    const before = await databaseDigest(t.database.db);
    type Refusal = { message: string; errors: Record<string, string[]> };
    for (const name of ['Drones', 'drones', '  MEDICAL devices  ']) {
      const res = await call<Refusal>('POST', '/api/categories/update', { id: audio, name });
      expect(res.status, name).toBe(422);
      const sibling = name.trim().toLowerCase() === 'drones' ? 'Drones' : 'Medical Devices';
      expect(res.body.message).toBe(`A category named "${sibling}" already exists.`);
      expect(res.body.errors.name).toEqual([`A category named "${sibling}" already exists.`]);
    }
    for (const name of ['Microphones', 'MIXING consoles']) {
      const res = await call<Refusal>('POST', '/api/subcategories/update', { id: monitors, name });
      expect(res.status, name).toBe(422);
      const sibling = name === 'Microphones' ? 'Microphones' : 'Mixing Consoles';
      expect(res.body.errors.name).toEqual([`This category already has a subcategory named "${sibling}".`]);
    }
    expect(await databaseDigest(t.database.db)).toBe(before);
    expect((await tree()).find((c) => c.id === audio)?.name).toBe('Audio Equipment');
  });

  it('lets a name differ only in case from its own, and a subcategory take the name of one in another category', async () => {
    const audio = await ids.category('Audio Equipment');
    const treadmills = await ids.subcategory('Treadmills');
    expect((await call('POST', '/api/categories/update', { id: audio, name: 'AUDIO equipment' })).status).toBe(200);
    expect((await tree()).find((c) => c.id === audio)?.name).toBe('AUDIO equipment');
    expect((await call('POST', '/api/categories/update', { id: audio, name: 'Audio Equipment' })).status).toBe(200);

    // Fitness Equipment's Treadmills may be called Microphones (Audio Equipment's Microphones is no sibling)...
    expect((await call('POST', '/api/subcategories/update', { id: treadmills, name: 'Microphones' })).status).toBe(200);
    // ...but cannot then move into Audio Equipment, which has one of that name.
    const before = await databaseDigest(t.database.db);
    const move = await call<{ errors: Record<string, string[]> }>('POST', '/api/equipments/subcategory/update', {
      subcategoryId: treadmills,
      newCategoryId: audio,
    });
    expect(move.status).toBe(422);
    expect(move.body.errors.newCategoryId).toEqual(['The selected category already has a subcategory named "Microphones".']);
    expect(await databaseDigest(t.database.db)).toBe(before);
    expect((await call('POST', '/api/subcategories/update', { id: treadmills, name: 'Treadmills' })).status).toBe(200);
  });

  it('moves a subcategory with its equipment rows to another category (both move routes)', async () => {
    const patientMonitors = await ids.subcategory('Patient Monitors');
    const medical = await ids.category('Medical Devices');
    const fitness = await ids.category('Fitness Equipment');
    const res = await call('POST', '/api/equipments/subcategory/update', { subcategoryId: patientMonitors, newCategoryId: fitness });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      message: 'Subcategory updated successfully!',
      subcategory: { id: patientMonitors, category_id: fitness },
    });
    const rows = await t.database.db
      .select({ categoryId: equipments.categoryId })
      .from(equipments)
      .where(eq(equipments.subcategoryId, patientMonitors));
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.categoryId === fitness)).toBe(true);
    const moved = (await tree()).find((c) => c.id === fitness)?.subcategories.map((s) => s.id);
    expect(moved).toContain(patientMonitors);

    const back = await call('POST', '/api/subcategory/update-category', { subcategoryId: patientMonitors, newCategory: medical });
    expect(back.status).toBe(200);
    const rowsBack = await t.database.db
      .select({ categoryId: equipments.categoryId })
      .from(equipments)
      .where(eq(equipments.subcategoryId, patientMonitors));
    expect(rowsBack.every((r) => r.categoryId === medical)).toBe(true);
  });

  it('refuses moves to its own or a missing category (422) and of a missing subcategory (404), changing nothing', async () => {
    const patientMonitors = await ids.subcategory('Patient Monitors');
    const medical = await ids.category('Medical Devices');
    const before = await databaseDigest(t.database.db);
    const own = await call<{ message: string; errors: Record<string, string[]> }>('POST', '/api/equipments/subcategory/update', {
      subcategoryId: patientMonitors,
      newCategoryId: medical,
    });
    expect(own.status).toBe(422);
    expect(own.body.errors.newCategoryId).toBeDefined();
    const missingCategory = await call('POST', '/api/equipments/subcategory/update', {
      subcategoryId: patientMonitors,
      newCategoryId: 987654,
    });
    expect(missingCategory.status).toBe(422);
    const variantMissing = await call('POST', '/api/subcategory/update-category', { subcategoryId: patientMonitors, newCategory: 987654 });
    expect(variantMissing.status).toBe(422);
    const missingSubcategory = await call('POST', '/api/equipments/subcategory/update', { subcategoryId: 987654, newCategoryId: medical });
    expect(missingSubcategory.status).toBe(404);
    for (const body of [
      {},
      { subcategoryId: patientMonitors },
      { subcategoryId: 'x', newCategoryId: medical },
      { subcategoryId: -3, newCategoryId: 2 },
    ]) {
      expect((await call('POST', '/api/equipments/subcategory/update', body)).status).toBe(422);
    }
    expect(await databaseDigest(t.database.db)).toBe(before);
  });

  it('answers 401 without a token', async () => {
    for (const [method, url] of [
      ['GET', '/api/categories'],
      ['GET', '/api/categories-with-subcategories'],
      ['POST', '/api/categories/update'],
      ['POST', '/api/subcategories/update'],
      ['POST', '/api/equipments/subcategory/update'],
      ['POST', '/api/subcategory/update-category'],
    ] as const) {
      const res = await t.app.inject({ method, url, payload: method === 'POST' ? { id: 1, name: 'x' } : undefined });
      expect(res.statusCode, url).toBe(401);
    }
  });

  it('announces renames and moves on their channels after they are stored', async () => {
    const publish = vi.spyOn(t.app.broadcaster, 'publish');
    const audio = await ids.category('Audio Equipment');
    const monitors = await ids.subcategory('Studio Monitors');
    await call('POST', '/api/categories/update', { id: audio, name: 'Audio Equipment' });
    await call('POST', '/api/subcategories/update', { id: monitors, name: 'Studio Monitors' });
    await call('POST', '/api/categories/update', { id: audio, name: '' });
    expect(publish.mock.calls).toEqual([
      [channels.category, realtimeEvents.updateCategory, { category_id: audio }],
      [channels.subcategory, realtimeEvents.updateSubcategory, { subcategory_id: monitors }],
    ]);
    publish.mockRestore();
  });

  it('keeps the category ids of moved rows consistent with the tree', async () => {
    const rows = await t.database.db
      .select({ id: equipments.id })
      .from(equipments)
      .innerJoin(subcategories, eq(subcategories.id, equipments.subcategoryId))
      .where(sql`${subcategories.categoryId} <> ${equipments.categoryId}`);
    expect(rows).toEqual([]);
    const all = await t.database.db.select({ id: categories.id }).from(categories);
    expect(all.length).toBe(6);
  });
});
