import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventsPageAnswer, type Event } from '../../contract/events';
import type { TestApp } from '../test/app';
import { catalogueApp, databaseDigest, type CatalogueCall, type DemoIds } from '../test/catalogue';
import { availableEngines } from '../test/databases';

const engines = await availableEngines();

describe.each(engines)('events on %s', (engine) => {
  let t: TestApp;
  let call: CatalogueCall;
  let construction: number;
  beforeAll(async () => {
    let ids: DemoIds;
    ({ t, call, ids } = await catalogueApp(engine));
    construction = await ids.category('Construction Equipment');
  });
  afterAll(() => t.close());

  const page = async (query: string) => {
    const res = await call<{ events: Event[]; total: number }>('GET', `/api/events?${query}`);
    expect(res.status, query).toBe(200);
    expect(eventsPageAnswer.safeParse(res.body).success).toBe(true);
    return res.body;
  };

  it("answers a category's events by start date, with every field of docs/product.md#data", async () => {
    const body = await page(`category_id=${construction}`);
    expect(body.total).toBe(3);
    expect(body.events.map((e) => e.name)).toEqual(['Intermat Paris 2027', 'bauma 2028', 'CONEXPO-CON/AGG 2029']);
    expect(body.events[1]).toEqual({
      id: expect.any(Number),
      category_id: construction,
      category: { name: 'Construction Equipment' },
      name: 'bauma 2028',
      description: 'bauma 2028 brings the construction equipment industry together in Munich, Germany.',
      address: 'Munich, Germany',
      website: 'https://bauma.de',
      event_type: 'Trade Fair',
      start_date: '2028-04-03',
      end_date: '2028-04-09',
      seo_title: 'bauma 2028 | Construction Equipment Events',
      seo_description: 'Dates, venue and exhibitors of bauma 2028.',
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      review: { state: 'accepted', reason: null, comment: null, reviewed_by: null, reviewed_at: null, run_id: null },
    });
  });

  it('sorts, filters and pages on the server', async () => {
    expect((await page(`category_id=${construction}&sort=start_date&dir=desc`)).events.map((e) => e.start_date)).toEqual([
      '2029-03-13',
      '2028-04-03',
      '2027-04-19',
    ]);
    expect((await page(`category_id=${construction}&sort=event_type&limit=1`)).events.map((e) => e.event_type)).toEqual(['Trade Fair']);
    const filtered = await page(`category_id=${construction}&q=PARIS`);
    expect(filtered).toMatchObject({ total: 1, events: [{ name: 'Intermat Paris 2027' }] });
    const second = await page(`category_id=${construction}&limit=2&offset=2`);
    expect(second).toMatchObject({ total: 3, events: [{ name: 'CONEXPO-CON/AGG 2029' }] });
    expect(await page('category_id=987654')).toEqual({ events: [], total: 0 });
  });

  it('refuses malformed queries with 422 and changes nothing; 401 without a token', async () => {
    const before = await databaseDigest(t.database.db);
    for (const query of [
      '',
      'category_id=abc',
      `category_id=${construction}&sort=website`,
      `category_id=${construction}&limit=1000`,
      'category_id=0',
    ]) {
      expect((await call('GET', `/api/events?${query}`)).status, query).toBe(422);
    }
    expect(await databaseDigest(t.database.db)).toBe(before);
    expect((await t.app.inject({ url: `/api/events?category_id=${construction}` })).statusCode).toBe(401);
  });
});
