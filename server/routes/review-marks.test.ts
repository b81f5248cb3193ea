import { eq, inArray } from 'drizzle-orm';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brandsPageAnswer, type Brand } from '../../contract/brands';
import { equipmentsAnswer, type Equipment } from '../../contract/equipments';
import { eventsPageAnswer, type Event } from '../../contract/events';
import { brandExportColumns, equipmentExportColumns, eventExportColumns, reviewExportColumns } from '../../contract/grid-exports';
import type { RowReview } from '../../contract/review';
import { brands, equipments, events, generationRuns, users } from '../db/schema';
import type { TestApp } from '../test/app';
import { catalogueApp, databaseDigest, type CatalogueCall, type DemoIds } from '../test/catalogue';
import { availableEngines } from '../test/databases';

const engines = await availableEngines();

/**
 * The review state on the brands, models and events lists (docs/decisions/0025-review-of-generated-items.md): each
 * row carries its review, and `review=` narrows a list to one state. Rows are made unreviewed and rejected in the
 * database, as a run and a reviewer would leave them.
 */
describe.each(engines)('review marks of the catalogue lists on %s', (engine) => {
  let t: TestApp;
  let call: CatalogueCall;
  let ids: DemoIds;
  let excavators: number;
  let construction: number;
  let komatsu: number;
  let runId: number;
  let reviewerEmail: string;
  let authorization: { authorization: string };
  const reviewedAt = new Date('2026-11-20T10:30:00.000Z');

  beforeAll(async () => {
    let userId: number;
    ({ t, call, ids, userId, headers: authorization } = await catalogueApp(engine));
    const db = t.database.db;
    excavators = await ids.subcategory('Excavators');
    construction = await ids.category('Construction Equipment');
    komatsu = await ids.brand('Komatsu');
    const [run] = await db
      .insert(generationRuns)
      .values({ type: 'Brands', userId, categoryId: construction, subcategoryId: excavators, status: 'Generated' })
      .returning({ id: generationRuns.id });
    runId = run?.id ?? 0;
    const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
    reviewerEmail = user?.email ?? '';
    const unreviewed = { runId, reviewState: 'unreviewed' as const };
    const rejected = {
      runId,
      reviewState: 'rejected' as const,
      reviewReason: 'not_real' as const,
      reviewComment: 'No such maker',
      reviewedBy: userId,
      reviewedAt,
    };
    await db.update(brands).set(unreviewed).where(eq(brands.id, komatsu));
    await db
      .update(brands)
      .set(rejected)
      .where(eq(brands.id, await ids.brand('Hitachi')));
    await db
      .update(equipments)
      .set(unreviewed)
      .where(eq(equipments.id, await ids.equipment('Komatsu', 'PC210LC-11')));
    await db
      .update(equipments)
      .set(rejected)
      .where(eq(equipments.id, await ids.equipment('Caterpillar', 'M318')));
    await db.update(events).set(unreviewed).where(eq(events.name, 'bauma 2028'));
    await db
      .update(events)
      .set(rejected)
      .where(inArray(events.name, ['Intermat Paris 2027']));
  });
  afterAll(() => t.close());

  const newReview = (): RowReview => ({
    state: 'unreviewed',
    reason: null,
    comment: null,
    reviewed_by: null,
    reviewed_at: null,
    run_id: runId,
  });
  const rejectedReview = (): RowReview => ({
    state: 'rejected',
    reason: 'not_real',
    comment: 'No such maker',
    reviewed_by: reviewerEmail,
    reviewed_at: reviewedAt.toISOString(),
    run_id: runId,
  });
  const accepted: RowReview = { state: 'accepted', reason: null, comment: null, reviewed_by: null, reviewed_at: null, run_id: null };

  const brandPage = async (query: string) => {
    const res = await call<{ brands: Brand[]; total: number }>('GET', `/api/brands?subcategory_id=${excavators}&${query}`);
    expect(res.status, query).toBe(200);
    expect(brandsPageAnswer.safeParse(res.body).success).toBe(true);
    return res.body;
  };

  it('GET /api/brands: every brand carries its review; review= narrows to one state, with q too', async () => {
    const all = await brandPage('');
    expect(all.total).toBe(4);
    const byName = new Map(all.brands.map((b) => [b.name, b.review]));
    expect(byName.get('Komatsu')).toEqual(newReview());
    expect(byName.get('Hitachi')).toEqual(rejectedReview());
    expect(byName.get('Caterpillar')).toEqual(accepted);

    expect(await brandPage('review=unreviewed')).toMatchObject({ total: 1, brands: [{ name: 'Komatsu' }] });
    expect(await brandPage('review=rejected')).toMatchObject({ total: 1, brands: [{ name: 'Hitachi' }] });
    const acceptedPage = await brandPage('review=accepted&sort=name&dir=desc');
    expect(acceptedPage.total).toBe(2);
    expect(acceptedPage.brands.map((b) => b.name)).toEqual(['Volvo CE', 'Caterpillar']);
    expect(await brandPage('review=unreviewed&q=cat')).toEqual({ brands: [], total: 0 });
    expect(await brandPage('review=accepted&q=cat')).toMatchObject({ total: 1, brands: [{ name: 'Caterpillar' }] });
    // A page past the matches still counts them.
    expect(await brandPage('review=accepted&offset=5')).toEqual({ brands: [], total: 2 });
  });

  it('GET /api/equipments: models carry their review, of a subcategory or a brand; review= narrows', async () => {
    const list = async (query: string) => {
      const res = await call<{ equipments: Equipment[]; total: number }>('GET', `/api/equipments?${query}`);
      expect(res.status, query).toBe(200);
      expect(equipmentsAnswer.safeParse(res.body).success).toBe(true);
      return res.body;
    };
    const all = await list(`subcategory_id=${excavators}`);
    expect(all.total).toBe(6);
    const byModel = new Map(all.equipments.map((e) => [e.model, e.review]));
    expect(byModel.get('PC210LC-11')).toEqual(newReview());
    expect(byModel.get('M318')).toEqual(rejectedReview());
    expect(byModel.get('EC220E')).toEqual(accepted);

    expect(await list(`subcategory_id=${excavators}&review=unreviewed`)).toMatchObject({ total: 1, equipments: [{ model: 'PC210LC-11' }] });
    expect(await list(`subcategory_id=${excavators}&review=rejected`)).toMatchObject({ total: 1, equipments: [{ model: 'M318' }] });
    expect((await list(`subcategory_id=${excavators}&review=accepted`)).total).toBe(4);
    expect(await list(`brand_id=${komatsu}&review=unreviewed`)).toMatchObject({ total: 1, equipments: [{ model: 'PC210LC-11' }] });
    expect((await list(`brand_id=${komatsu}&review=accepted`)).equipments.map((e) => e.model)).toEqual(['PC490LC-11']);
    expect((await list('subcategory=Excavators&review=rejected')).total).toBe(1);
  });

  it('GET /api/events: events carry their review; review= narrows', async () => {
    const page = async (query: string) => {
      const res = await call<{ events: Event[]; total: number }>('GET', `/api/events?category_id=${construction}&${query}`);
      expect(res.status, query).toBe(200);
      expect(eventsPageAnswer.safeParse(res.body).success).toBe(true);
      return res.body;
    };
    const all = await page('');
    expect(all.total).toBe(3);
    expect(all.events.map((e) => [e.name, e.review?.state])).toEqual([
      ['Intermat Paris 2027', 'rejected'],
      ['bauma 2028', 'unreviewed'],
      ['CONEXPO-CON/AGG 2029', 'accepted'],
    ]);
    expect(all.events[0]?.review).toEqual(rejectedReview());
    expect(await page('review=unreviewed')).toMatchObject({ total: 1, events: [{ name: 'bauma 2028', review: newReview() }] });
    expect(await page('review=accepted')).toMatchObject({ total: 1, events: [{ name: 'CONEXPO-CON/AGG 2029' }] });
    expect(await page('review=rejected&q=bauma')).toEqual({ events: [], total: 0 });
  });

  /** The export's rows by the value of its first column, after its header row (checked: ends with the review's). */
  const exported = async (url: string, headers: Readonly<Record<string, string>>) => {
    const raw = await t.app.inject({ method: 'GET', url, headers: authorization });
    expect(raw.statusCode, raw.body.slice(0, 200)).toBe(200);
    const [header, ...rows] = parse(raw.body, { bom: true }) as string[][];
    expect(header).toEqual(Object.values(headers));
    expect(header?.slice(-5)).toEqual(Object.values(reviewExportColumns));
    return new Map(rows.map((row) => [row[0], row.slice(-5)]));
  };
  const newCells = () => ['New', '', '', '', String(runId)];
  const rejectedCells = () => ['Rejected', 'Not real', reviewerEmail, reviewedAt.toISOString(), String(runId)];
  const acceptedCells = ['Accepted', '', '', '', ''];

  it('the exports of brands, models and events write the review columns, and take the review filter', async () => {
    const brandRows = await exported(`/api/brands/export?subcategory_id=${excavators}`, brandExportColumns);
    expect(brandRows.get('Komatsu')).toEqual(newCells());
    expect(brandRows.get('Hitachi')).toEqual(rejectedCells());
    expect(brandRows.get('Caterpillar')).toEqual(acceptedCells);
    expect([...(await exported(`/api/brands/export?subcategory_id=${excavators}&review=unreviewed`, brandExportColumns)).keys()]).toEqual([
      'Komatsu',
    ]);

    const modelColumns = `columns=model,${Object.keys(reviewExportColumns).join(',')}`;
    const modelHeaders = { model: equipmentExportColumns.model, ...reviewExportColumns };
    const modelRows = await exported(`/api/equipments/export?subcategory_id=${excavators}&${modelColumns}`, modelHeaders);
    expect(modelRows.get('PC210LC-11')).toEqual(newCells());
    expect(modelRows.get('M318')).toEqual(rejectedCells());
    expect(modelRows.get('EC220E')).toEqual(acceptedCells);
    const rejectedModels = await exported(
      `/api/equipments/export?subcategory_id=${excavators}&review=rejected&${modelColumns}`,
      modelHeaders,
    );
    expect([...rejectedModels.keys()]).toEqual(['M318']);
    const byReviewer = await exported(
      `/api/equipments/export?subcategory_id=${excavators}&sort=reviewed_by&dir=asc&${modelColumns}`,
      modelHeaders,
    );
    expect([...byReviewer.keys()][0]).toBe('M318');

    const eventRows = await exported(`/api/events/export?category_id=${construction}`, eventExportColumns);
    expect(eventRows.get('bauma 2028')).toEqual(newCells());
    expect(eventRows.get('Intermat Paris 2027')).toEqual(rejectedCells());
    expect(eventRows.get('CONEXPO-CON/AGG 2029')).toEqual(acceptedCells);
    expect([...(await exported(`/api/events/export?category_id=${construction}&review=accepted`, eventExportColumns)).keys()]).toEqual([
      'CONEXPO-CON/AGG 2029',
    ]);
  });

  it('refuses an unknown review state with 422 and changes nothing', async () => {
    const before = await databaseDigest(t.database.db);
    for (const url of [
      `/api/brands?subcategory_id=${excavators}&review=new`,
      `/api/brands?subcategory_id=${excavators}&review=`,
      `/api/equipments?subcategory_id=${excavators}&review=ACCEPTED`,
      `/api/events?category_id=${construction}&review=all`,
      `/api/brands/export?subcategory_id=${excavators}&review=pending`,
      `/api/equipments/export?subcategory_id=${excavators}&review=new`,
      `/api/events/export?category_id=${construction}&review=none`,
    ]) {
      const res = await call('GET', url);
      expect(res.status, url).toBe(422);
    }
    expect(await databaseDigest(t.database.db)).toBe(before);
  });
});
