import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Brand } from '../../contract/brands';
import type { Equipment } from '../../contract/equipments';
import type { Event } from '../../contract/events';
import { brandExclusions, brandInformations, brands, equipmentExclusions, equipments, events, generationRuns } from '../db/schema';
import type { TestApp } from '../test/app';
import { catalogueApp, type DemoIds } from '../test/catalogue';
import { availableEngines } from '../test/databases';

const engines = await availableEngines();

describe.each(engines)('catalogue answers kept while the catalogue stands, on %s (docs/figures.md)', (engine) => {
  let t: TestApp;
  let headers: { authorization: string };
  let ids: DemoIds;
  let subcategoryId: number;
  let categoryId: number;

  beforeAll(async () => {
    ({ t, headers, ids } = await catalogueApp(engine));
    subcategoryId = await ids.subcategory('Excavators');
    categoryId = await ids.category('Construction Equipment');
  });
  afterAll(() => t.close());

  const get = async <T>(url: string, acceptEncoding?: string) => {
    const res = await t.app.inject({
      method: 'GET',
      url,
      headers: { ...headers, 'x-requested-with': 'XMLHttpRequest', ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) },
    });
    expect(res.statusCode, url).toBe(200);
    return { res, body: (res.headers['content-encoding'] ? undefined : res.json()) as T };
  };
  const brandsPage = () => get<{ brands: Brand[]; total: number }>(`/api/brands?subcategory_id=${subcategoryId}&limit=100`);
  const firstBrand = async () => (await brandsPage()).body.brands[0]!;

  it('answers a call asked again from the kept answer, until the catalogue takes a new version', async () => {
    const before = await brandsPage();
    // A brand written with the triggers off: the version stands, so the kept page is still the answer.
    await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.insert(brands).values({ subcategoryId, name: 'Aaa kept-answer probe' });
    });
    expect((await brandsPage()).body).toEqual(before.body);
    expect(before.body.brands.map((b) => b.name)).not.toContain('Aaa kept-answer probe');

    await t.database.db.execute(sql`select nextval('catalogue_version')`);
    expect((await brandsPage()).body.brands.map((b) => b.name)).toContain('Aaa kept-answer probe');
  });

  it('sends the kept answer compressed as the client accepts it, the same JSON once decoded', async () => {
    const url = `/api/equipments?subcategory_id=${subcategoryId}&limit=100`;
    const plain = await get<{ equipments: Equipment[] }>(url);
    const kept = await get(url);
    expect(kept.res.rawPayload.equals(plain.res.rawPayload)).toBe(true);
    expect(kept.res.headers['content-encoding']).toBeUndefined();
    expect(String(kept.res.headers['content-type'])).toMatch(/^application\/json/);

    for (const [encoding, decode] of [
      ['br', brotliDecompressSync],
      ['gzip', gunzipSync],
    ] as const) {
      const compressed = await get(url, encoding === 'br' ? 'gzip, deflate, br' : 'gzip');
      expect(compressed.res.headers['content-encoding']).toBe(encoding);
      expect(String(compressed.res.headers.vary)).toMatch(/accept-encoding/i);
      expect(compressed.res.rawPayload.length).toBeLessThan(plain.res.rawPayload.length / 2);
      expect(JSON.parse(decode(compressed.res.rawPayload).toString('utf8'))).toEqual(plain.body);
    }
  });

  it('keeps one answer per query as its schema reads it: the order of the parameters does not matter, their values do', async () => {
    const byName = await get<{ brands: Brand[] }>(`/api/brands?subcategory_id=${subcategoryId}&limit=5&sort=name&dir=desc`);
    const reordered = await get<{ brands: Brand[] }>(`/api/brands?dir=desc&sort=name&limit=5&subcategory_id=${subcategoryId}`);
    expect(reordered.body).toEqual(byName.body);
    const ascending = await get<{ brands: Brand[] }>(`/api/brands?subcategory_id=${subcategoryId}&limit=5&sort=name&dir=asc`);
    expect(ascending.body.brands.map((b) => b.id)).not.toEqual(byName.body.brands.map((b) => b.id));
  });

  it("shows at once a change to any row a catalogue answer is made of: events, models, brands' information, exclusions", async () => {
    // Events.
    const eventsUrl = `/api/events?category_id=${categoryId}&limit=100`;
    const event = (await get<{ events: Event[] }>(eventsUrl)).body.events[0]!;
    await t.database.db
      .update(events)
      .set({ name: `${event.name} (renamed)` })
      .where(eq(events.id, event.id));
    expect((await get<{ events: Event[] }>(eventsUrl)).body.events.find((e) => e.id === event.id)?.name).toBe(`${event.name} (renamed)`);

    // Equipment models, and their exclusion.
    const equipmentsUrl = `/api/equipments?subcategory_id=${subcategoryId}&limit=100`;
    const model = (await get<{ equipments: Equipment[] }>(equipmentsUrl)).body.equipments[0]!;
    await t.database.db.update(equipments).set({ year: 1901 }).where(eq(equipments.id, model.id));
    const renamed = (await get<{ equipments: Equipment[] }>(equipmentsUrl)).body.equipments.find((e) => e.id === model.id);
    expect(renamed?.year).toBe(1901);
    expect(renamed?.excluded).toBe(false);
    await t.database.db.insert(equipmentExclusions).values({ equipmentId: model.id });
    expect((await get<{ equipments: Equipment[] }>(equipmentsUrl)).body.equipments.find((e) => e.id === model.id)?.excluded).toBe(true);

    // A brand's information and its exclusion, on its own answer and on its subcategory's page.
    const brand = await firstBrand();
    const brandUrl = `/api/brands/${brand.id}`;
    await get(brandUrl);
    await t.database.db.insert(brandInformations).values({ brandId: brand.id, country: 'Kept-answer Land' });
    const shown = (await get<{ brand: Brand }>(brandUrl)).body.brand;
    expect(shown.brand_informations.map((i) => i.country)).toContain('Kept-answer Land');
    expect(shown.excluded).toBe(false);
    await t.database.db.insert(brandExclusions).values({ brandId: brand.id });
    expect((await get<{ brand: Brand }>(brandUrl)).body.brand.excluded).toBe(true);
    expect((await brandsPage()).body.brands.find((b) => b.id === brand.id)?.excluded).toBe(true);
  });

  it("shows at once a run's change in the histories and the dashboard home, and a lease renewed moves nothing", async () => {
    type Entry = { id: number; type: string; message: string };
    const [run] = (await get<{ latest_runs: Entry[] }>('/api/overview')).body.latest_runs;
    expect(run, 'the demo data has runs').toBeDefined();
    const historyUrl = `/api/history?type=${run!.type === 'Events' ? 'Events' : 'Equipments'}`;
    expect((await get<Entry[]>(historyUrl)).body.map((entry) => entry.id)).toContain(run!.id);

    const version = async () =>
      ((await t.database.db.execute(sql`select last_value::text as v from catalogue_version`)) as unknown as { rows: { v: string }[] })
        .rows[0]?.v;
    const before = await version();
    await t.database.db
      .update(generationRuns)
      .set({ leaseUntil: new Date(Date.now() + 60_000), leaseHolder: 'kept-answer-test', heldTokens: 5, startedAt: new Date() })
      .where(eq(generationRuns.id, run!.id));
    expect(await version()).toEqual(before);

    await t.database.db.update(generationRuns).set({ message: '<p>Kept-answer probe.</p>' }).where(eq(generationRuns.id, run!.id));
    const messageOf = (entries: Entry[]) => entries.find((entry) => entry.id === run!.id)?.message;
    expect(messageOf((await get<Entry[]>(historyUrl)).body)).toBe('<p>Kept-answer probe.</p>');
    expect(messageOf((await get<{ latest_runs: Entry[] }>('/api/overview')).body.latest_runs)).toBe('<p>Kept-answer probe.</p>');
  });

  // PGlite has one connection: a transaction holds it, so no answer is built while a write is under way.
  if (engine === 'postgres')
    it('keeps no answer built while a write is under way: it may commit under the same version', async () => {
      let commit!: () => void;
      const committing = new Promise<void>((resolve) => (commit = resolve));
      let written!: () => void;
      const writtenYet = new Promise<void>((resolve) => (written = resolve));
      const writer = t.database.db.transaction(async (tx) => {
        await tx.insert(brands).values({ subcategoryId, name: 'Aab uncommitted probe' });
        written();
        await committing;
      });
      await writtenYet;
      // The write took its version number already; the page built now cannot see it.
      expect((await brandsPage()).body.brands.map((b) => b.name)).not.toContain('Aab uncommitted probe');
      commit();
      await writer;
      expect((await brandsPage()).body.brands.map((b) => b.name)).toContain('Aab uncommitted probe');
    });

  it('keeps no refusal: a missing brand is still missing, then found once it exists', async () => {
    const missing = await t.app.inject({ method: 'GET', url: '/api/brands/987654', headers });
    expect(missing.statusCode).toBe(404);
    // Written with the triggers off: the version stands, so only an answer built anew can find it.
    await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.insert(brands).values({ id: 987654, subcategoryId, name: 'Late brand' });
    });
    const found = await get<{ brand: Brand }>('/api/brands/987654');
    expect(found.body.brand.name).toBe('Late brand');
  });
});
