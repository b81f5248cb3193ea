import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reviewItemsAnswer, reviewStatsAnswer, reviewSummaryAnswer, type ReviewItemsAnswer } from '../../contract/review';
import { brandInformations, brands, equipments, events } from '../db/schema';
import { insertRun, insertUnreviewedBrands, insertUnreviewedEvents, insertUnreviewedModels } from '../review/test-support/review-rows';
import type { TestApp } from '../test/app';
import { catalogueApp, databaseDigest, type CatalogueCall, type DemoIds } from '../test/catalogue';
import { availableEngines } from '../test/databases';

const engines = await availableEngines();

describe.each(engines)('GET /api/review/items, /summary and /stats on %s', (engine) => {
  let t: TestApp;
  let call: CatalogueCall;
  let ids: DemoIds;
  let userId: number;
  const db = () => t.database.db;
  /** The queue's run ids, made once: an events run, a brands run, a models run and an older brands run of another operator. */
  const made = { eventsRun: 0, brandsRun: 0, modelsRun: 0, events: [] as number[], brands: [] as number[], models: [] as number[] };

  beforeAll(async () => {
    ({ t, call, ids, userId } = await catalogueApp(engine));
    const audio = await ids.category('Audio Equipment');
    const microphones = await ids.subcategory('Microphones');
    const shure = await ids.brand('Shure');
    made.eventsRun = await insertRun(db(), {
      type: 'Events',
      userId,
      categoryId: audio,
      chargedTokens: 900,
      figures: { proposed: 5, added: 2, known: 2, dropped: 1 },
    });
    made.events = await insertUnreviewedEvents(db(), made.eventsRun, audio, ['NAMM Show 2027', 'AES Convention 2027']);
    await db()
      .update(events)
      .set({ eventType: 'Trade Fair', startDate: '2027-01-21', website: 'https://namm.org' })
      .where(eq(events.id, made.events[0] ?? 0));
    made.brandsRun = await insertRun(db(), {
      type: 'Brands',
      userId,
      categoryId: audio,
      subcategoryId: microphones,
      providerModel: 'gpt-x',
    });
    made.brands = await insertUnreviewedBrands(db(), made.brandsRun, microphones, ['Rode', 'Neumann', 'Sennheiser']);
    await db()
      .insert(brandInformations)
      .values({ brandId: made.brands[0] ?? 0, website: 'https://rode.com', country: 'Australia' });
    await db()
      .update(brands)
      .set({ likelyDuplicateOf: shure, likelyDuplicateScore: 0.5 })
      .where(eq(brands.id, made.brands[1] ?? 0));
    made.modelsRun = await insertRun(db(), { type: 'Equipments', userId, categoryId: audio, subcategoryId: microphones, brandId: shure });
    made.models = await insertUnreviewedModels(db(), made.modelsRun, shure, ['SM58', 'Beta 58A']);
    await db()
      .update(equipments)
      .set({ year: 1966, tags: ['dynamic', 'vocal'], likelyDuplicateOf: await ids.equipment('Shure', 'SM7dB'), likelyDuplicateScore: 0.8 })
      .where(eq(equipments.id, made.models[0] ?? 0));
  });
  afterAll(() => t.close());

  const items = async (query = '') => {
    const res = await call<ReviewItemsAnswer>('GET', `/api/review/items${query}`);
    expect(res.status, query).toBe(200);
    expect(reviewItemsAnswer.safeParse(res.body).success).toBe(true);
    return res.body;
  };
  const keys = (answer: ReviewItemsAnswer) => answer.items.map((item) => `${item.kind}:${item.name}`);

  it('answers 401 without a token, on every review endpoint', async () => {
    for (const url of ['/api/review/items', '/api/review/summary', '/api/review/stats']) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(401);
    }
    expect((await t.app.inject({ method: 'POST', url: '/api/review/decisions', payload: {} })).statusCode).toBe(401);
  });

  it('lists every unreviewed item oldest run first, with its fields, likely duplicate and run, and the total', async () => {
    const answer = await items();
    expect(keys(answer)).toEqual([
      'event:NAMM Show 2027',
      'event:AES Convention 2027',
      'brand:Rode',
      'brand:Neumann',
      'brand:Sennheiser',
      'equipment:SM58',
      'equipment:Beta 58A',
    ]);
    expect(answer.total).toBe(7);
    expect(answer.next_cursor).toBeNull();
    const [namm] = answer.items;
    expect(namm?.fields.slice(0, 3)).toEqual([
      { label: 'Type', value: 'Trade Fair' },
      { label: 'Start', value: '2027-01-21' },
      { label: 'End', value: null },
    ]);
    expect(namm?.fields.map((field) => field.label)).toEqual([
      'Type',
      'Start',
      'End',
      'Address',
      'Website',
      'Description',
      'SEO Title',
      'SEO Description',
    ]);
    const rode = answer.items[2];
    expect(rode?.fields.slice(0, 2)).toEqual([
      { label: 'Website', value: 'https://rode.com' },
      { label: 'Country', value: 'Australia' },
    ]);
    expect(rode).toMatchObject({
      subcategory: { name: 'Microphones' },
      category: { name: 'Audio Equipment' },
      brand: null,
      run_id: made.brandsRun,
    });
    expect(answer.items[3]?.likely_duplicate).toEqual({ id: await ids.brand('Shure'), name: 'Shure', score: 0.5 });
    const sm58 = answer.items[5];
    expect(sm58?.brand).toEqual({ id: await ids.brand('Shure'), name: 'Shure' });
    expect(sm58?.fields.map((field) => field.label)).toEqual([
      'Year',
      'Specifications',
      'Description',
      'Tags',
      'SEO Title',
      'SEO Description',
    ]);
    expect(sm58?.fields[0]).toEqual({ label: 'Year', value: '1966' });
    expect(sm58?.fields[3]).toEqual({ label: 'Tags', value: 'dynamic, vocal' });
    expect(sm58?.likely_duplicate).toMatchObject({ name: 'SM7dB' });
    expect(sm58?.likely_duplicate?.score).toBeCloseTo(0.8, 5);

    expect(answer.runs.map((run) => [run.id, run.type, run.target])).toEqual([
      [made.eventsRun, 'Events', 'Audio Equipment'],
      [made.brandsRun, 'Brands', 'Microphones'],
      [made.modelsRun, 'Equipments', 'Shure - Microphones'],
    ]);
    expect(answer.runs[0]).toMatchObject({
      charged_tokens: 900,
      provider_model: 'gpt-test',
      prompt_version: 'v1',
      figures: { proposed: 5, added: 2, skipped_duplicates: 2, dropped_invalid: 1, rejected: 0, accepted: 0, unreviewed: 2 },
    });
    expect(answer.runs[0]?.operator).toMatch(/@example\.com$/);
  });

  it('filters by kind, category, subcategory, run and name, and counts the matches', async () => {
    expect(keys(await items('?kind=event'))).toEqual(['event:NAMM Show 2027', 'event:AES Convention 2027']);
    expect(keys(await items(`?subcategory_id=${await ids.subcategory('Microphones')}&q=SEN`))).toEqual(['brand:Sennheiser']);
    expect((await items(`?category_id=${await ids.category('Audio Equipment')}`)).total).toBe(7);
    expect((await items(`?category_id=${await ids.category('Medical Devices')}`)).total).toBe(0);
    const ofRun = await items(`?run_id=${made.modelsRun}`);
    expect(keys(ofRun)).toEqual(['equipment:SM58', 'equipment:Beta 58A']);
    expect(ofRun.runs.map((run) => run.id)).toEqual([made.modelsRun]);
    expect((await items('?q=58')).total).toBe(2);
    // The name's pattern characters are taken literally.
    expect((await items('?q=%25')).total).toBe(0);
  });

  it('orders by duplicate score (highest first, then oldest) and pages with the cursor through every item once', async () => {
    expect(keys(await items('?order=duplicate')).slice(0, 3)).toEqual(['equipment:SM58', 'brand:Neumann', 'event:NAMM Show 2027']);
    for (const order of ['oldest', 'duplicate']) {
      const whole = keys(await items(`?order=${order}`));
      const paged: string[] = [];
      let cursor: string | null = null;
      do {
        const page: ReviewItemsAnswer = await items(`?order=${order}&limit=2${cursor ? `&cursor=${cursor}` : ''}`);
        expect(page.total).toBe(7);
        paged.push(...keys(page));
        cursor = page.next_cursor;
      } while (cursor);
      expect(paged, order).toEqual(whole);
    }
  });

  it('answers 422 for a malformed query or cursor, or a cursor of the other order, changing nothing', async () => {
    const before = await databaseDigest(db());
    const oldestCursor = (await items('?limit=1')).next_cursor ?? '';
    for (const query of [
      '?kind=car',
      '?limit=0',
      '?limit=501',
      '?order=newest',
      '?run_id=abc',
      '?cursor=abc',
      `?cursor=${Buffer.from('[1,2]').toString('base64url')}`,
      `?cursor=${Buffer.from('{"a":1}').toString('base64url')}`,
      `?order=duplicate&cursor=${oldestCursor}`,
      '?color=red',
    ]) {
      const res = await call<{ message: string; errors?: Record<string, string[]> }>('GET', `/api/review/items${query}`);
      expect(res.status, query).toBe(422);
    }
    const bad = await call<{ errors?: Record<string, string[]> }>('GET', '/api/review/items?cursor=abc');
    expect(Object.keys(bad.body.errors ?? {})).toEqual(['cursor']);
    expect(await databaseDigest(db())).toBe(before);
  });

  it('summarises the queue and the operator’s day; another operator sees the same queue', async () => {
    const res = await call('GET', '/api/review/summary');
    expect(res.status).toBe(200);
    expect(reviewSummaryAnswer.parse(res.body)).toEqual({
      unreviewed: { total: 7, event: 2, brand: 3, equipment: 2 },
      today: { decided: 0, left: 7 },
    });
    const other = await t.signIn();
    const theirs = await t.app.inject({ method: 'GET', url: '/api/review/items', headers: other.headers });
    expect(keys(theirs.json<ReviewItemsAnswer>())).toEqual(keys(await items()));
  });

  it('answers the stats per type, AI model and prompt version over the last 30 days', async () => {
    const res = await call('GET', '/api/review/stats');
    expect(res.status).toBe(200);
    const stats = reviewStatsAnswer.parse(res.body);
    expect(Date.now() - new Date(stats.since).getTime()).toBeGreaterThan(29 * 24 * 3600_000);
    expect(stats.rows.find((row) => row.type === 'Events' && row.provider_model === 'gpt-test')).toMatchObject({
      runs: 1,
      charged_tokens: 900,
      added: 2,
      accepted: 0,
      rejected: 0,
      tokens_per_accepted: null,
      acceptance_rate: null,
    });
    expect(stats.rows.find((row) => row.type === 'Brands' && row.provider_model === 'gpt-x')).toMatchObject({ runs: 1 });
  });

  it('lists items without a run (their run deleted) last, and pages through them too', async () => {
    const audio = await ids.category('Audio Equipment');
    const [orphanEvent] = await insertUnreviewedEvents(db(), null, audio, ['Orphan Fair']);
    await insertUnreviewedBrands(db(), null, await ids.subcategory('Microphones'), ['Orphan Brand']);
    const whole = keys(await items());
    expect(whole.slice(-2)).toEqual(['event:Orphan Fair', 'brand:Orphan Brand']);
    const paged: string[] = [];
    let cursor: string | null = null;
    do {
      const page: ReviewItemsAnswer = await items(`?limit=1${cursor ? `&cursor=${cursor}` : ''}`);
      paged.push(...keys(page));
      cursor = page.next_cursor;
    } while (cursor);
    expect(paged).toEqual(whole);
    expect((await items('?order=duplicate')).items.at(-1)?.name).toBe('Orphan Brand');
    await db()
      .delete(events)
      .where(eq(events.id, orphanEvent ?? 0));
  });
});
