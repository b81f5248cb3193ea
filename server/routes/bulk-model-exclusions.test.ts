import { asc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { channels, realtimeEvents } from '../../contract/realtime';
import { brands, equipmentExclusions, equipments, exclusionChangeRows, subcategories } from '../db/schema';
import type { TestApp } from '../test/app';
import { bulkCalls } from '../test/bulk';
import { catalogueApp, type CatalogueCall, type DemoIds } from '../test/catalogue';
import { availableEngines } from '../test/databases';

const engines = await availableEngines();
const path = '/api/equipments/exclusions/bulk';

describe.each(engines)('POST /api/equipments/exclusions/bulk on %s', (engine) => {
  let t: TestApp;
  let call: CatalogueCall;
  let ids: DemoIds;
  let mixing: number;
  let deskBrand: number;
  let otherBrand: number;
  /** 30 models "Desk N" of brand Desk works and one "Fader box" of brand Fader co, all in Mixing Consoles (empty in the demo). */
  let desks: number[];
  let faderBox: number;
  beforeAll(async () => {
    ({ t, call, ids } = await catalogueApp(engine));
    mixing = await ids.subcategory('Mixing Consoles');
    const [sub] = await t.database.db
      .select({ categoryId: subcategories.categoryId })
      .from(subcategories)
      .where(eq(subcategories.id, mixing));
    const categoryId = sub?.categoryId ?? 0;
    const made = await t.database.db
      .insert(brands)
      .values([
        { name: 'Desk works', subcategoryId: mixing },
        { name: 'Fader co', subcategoryId: mixing },
      ])
      .returning({ id: brands.id, name: brands.name });
    deskBrand = made.find((b) => b.name === 'Desk works')?.id ?? 0;
    otherBrand = made.find((b) => b.name === 'Fader co')?.id ?? 0;
    const models = await t.database.db
      .insert(equipments)
      .values([
        ...Array.from({ length: 30 }, (_, i) => ({
          categoryId,
          subcategoryId: mixing,
          brandId: deskBrand,
          brand: 'Desk works',
          model: `Desk ${i}`,
        })),
        { categoryId, subcategoryId: mixing, brandId: otherBrand, brand: 'Fader co', model: 'Fader box' },
      ])
      .returning({ id: equipments.id, model: equipments.model });
    desks = models
      .filter((m) => m.model.startsWith('Desk'))
      .map((m) => m.id)
      .sort((a, b) => a - b);
    faderBox = models.find((m) => m.model === 'Fader box')?.id ?? 0;
  });
  afterAll(() => t.close());

  const db = () => t.database.db;
  const { bulk, undo, refused } = bulkCalls(() => call, path, db);
  const excludedOf = async (modelIds: number[]) =>
    (
      await db()
        .select({ id: equipmentExclusions.equipmentId })
        .from(equipmentExclusions)
        .where(inArray(equipmentExclusions.equipmentId, modelIds))
        .orderBy(asc(equipmentExclusions.equipmentId))
    ).map((r) => r.id);

  it('answers 401 without a token', async () => {
    const res = await t.app.inject({ method: 'POST', url: path, payload: { excluded: true, selection: { ids: [1] } } });
    expect(res.statusCode).toBe(401);
  });

  it('excludes every model the filter matches in one change, counts those already excluded, and one undo takes it back', async () => {
    const [first, second] = desks;
    await call('POST', `/api/equipments/exclusions/${first}`);
    // The details grid's quick filter reads every text column: "works" is the brand's name.
    const answer = await bulk({ excluded: true, selection: { filter: { subcategory_id: mixing, q: 'WORKS' } } });
    expect(answer).toMatchObject({ message: '29 models excluded; 1 already excluded.', done: 29, skipped: { already: 1 } });
    expect(await excludedOf([...desks, faderBox])).toEqual(desks);
    const changeId = answer.undo?.change_id ?? 0;
    const journal = await db()
      .select({ id: exclusionChangeRows.targetId, kind: exclusionChangeRows.kind })
      .from(exclusionChangeRows)
      .where(eq(exclusionChangeRows.changeId, changeId));
    expect(journal.every((r) => r.kind === 'equipment')).toBe(true);
    expect(journal.map((r) => r.id).sort((a, b) => a - b)).toEqual(desks.filter((id) => id !== first));

    const undone = await undo(changeId);
    expect(undone).toMatchObject({
      status: 200,
      body: { restored: 29, skipped: 0, message: 'Undone: 29 models removed from the exclusion list again.' },
    });
    expect(await excludedOf([...desks, faderBox])).toEqual([first]);
    // A hand-picked selection: the same, by ids.
    const picked = await bulk({ excluded: true, selection: { ids: [first, second, second] } });
    expect(picked).toMatchObject({ message: '1 model excluded; 1 already excluded.', done: 1, skipped: { already: 1 } });
    expect((await undo(picked.undo?.change_id ?? 0)).body).toMatchObject({
      restored: 1,
      message: 'Undone: Desk works - Desk 1 removed from the exclusion list again.',
    });
    // By brand (GET /api/equipments?brand_id=): the one model of Fader co.
    const byBrand = await bulk({ excluded: true, selection: { filter: { brand_id: otherBrand } } });
    expect(byBrand).toMatchObject({ message: '1 model excluded.', done: 1 });
    await undo(byBrand.undo?.change_id ?? 0);
    await call('DELETE', `/api/equipments/exclusions/${first}`);
  });

  it('un-excludes a selection (every excluded model the exclusion list shows, or a filter): undo puts them back as they were', async () => {
    await bulk({ excluded: true, selection: { filter: { subcategory_id: mixing } } });
    const before = await db().select().from(equipmentExclusions).orderBy(asc(equipmentExclusions.equipmentId));
    // The exclusion list's quick filter: Desk 2 and Desk 20..29.
    const removed = await bulk({ excluded: false, selection: { filter: { q: 'desk 2' } } });
    expect(removed).toMatchObject({ message: '11 models removed from the exclusion list.', done: 11, skipped: { already: 0 } });
    const again = await bulk({ excluded: false, selection: { ids: [desks[2] ?? 0, faderBox] } });
    expect(again).toMatchObject({
      message: '1 model removed from the exclusion list; 1 was not excluded.',
      done: 1,
      skipped: { already: 1 },
    });
    await undo(again.undo?.change_id ?? 0);
    expect((await undo(removed.undo?.change_id ?? 0)).body).toMatchObject({ restored: 11, skipped: 0 });
    expect(await db().select().from(equipmentExclusions).orderBy(asc(equipmentExclusions.equipmentId))).toEqual(before);

    // Every excluded model of the catalogue (the exclusion list's "all"), the demo's included.
    const all = await bulk({ excluded: false, selection: { filter: {} } });
    expect(all).toMatchObject({ done: before.length, skipped: { already: 0 } });
    expect(await db().select().from(equipmentExclusions)).toEqual([]);
    expect((await undo(all.undo?.change_id ?? 0)).body).toMatchObject({ restored: before.length });
    expect(await db().select().from(equipmentExclusions).orderBy(asc(equipmentExclusions.equipmentId))).toEqual(before);
    // Nothing to change: nothing to undo.
    expect((await bulk({ excluded: true, selection: { filter: { subcategory_id: mixing } } })).undo).toBeNull();
  });

  it('announces one event for the subcategories whose models changed, however many, and so does the undo', async () => {
    await db()
      .delete(equipmentExclusions)
      .where(inArray(equipmentExclusions.equipmentId, [...desks, faderBox]));
    const publish = vi.spyOn(t.app.broadcaster, 'publish');
    try {
      await bulk({ excluded: true, selection: { ids: [faderBox] } });
      const many = await bulk({ excluded: true, selection: { filter: { subcategory_id: mixing, brand_id: deskBrand } } });
      await undo(many.undo?.change_id ?? 0);
      await bulk({ excluded: true, selection: { ids: [faderBox] } });
      expect(publish.mock.calls).toEqual([
        [channels.equipments, realtimeEvents.statusesChanged, { subcategory_ids: [mixing] }],
        [channels.equipments, realtimeEvents.statusesChanged, { subcategory_ids: [mixing] }],
        [channels.equipments, realtimeEvents.statusesChanged, { subcategory_ids: [mixing] }],
      ]);
    } finally {
      publish.mockRestore();
    }
  });

  describe('refusals: each changes nothing', () => {
    it('404 for an unknown subcategory or brand in the filter, or an unknown model among the ids', async () => {
      const [last] = await db()
        .select({ id: sql<number>`max(${subcategories.id})::int` })
        .from(subcategories);
      const [lastBrand] = await db()
        .select({ id: sql<number>`max(${brands.id})::int` })
        .from(brands);
      await refused({ excluded: true, selection: { filter: { subcategory_id: (last?.id ?? 0) + 1 } } }, 404, /^Subcategory not found\.$/);
      await refused(
        { excluded: false, selection: { filter: { subcategory_id: (last?.id ?? 0) + 1, q: 'x' } } },
        404,
        /^Subcategory not found\.$/,
      );
      await refused({ excluded: true, selection: { filter: { brand_id: (lastBrand?.id ?? 0) + 1 } } }, 404, /^Brand not found\.$/);
      await refused({ excluded: true, selection: { ids: [faderBox, 2_000_000_000] } }, 404, /^One of the selected models was not found/);
    });

    it('422 for a bad body: empty or too many ids, both or neither selection, no scope to exclude', async () => {
      await refused({ excluded: true, selection: { ids: [] } }, 422, /./);
      await refused({ excluded: true, selection: { ids: Array.from({ length: 1001 }, (_, i) => i + 1) } }, 422, /./);
      await refused({ excluded: true, selection: { ids: [faderBox], filter: { subcategory_id: mixing } } }, 422, /./);
      await refused({ excluded: true, selection: {} }, 422, /./);
      await refused({ excluded: 'yes', selection: { ids: [faderBox] } }, 422, /./);
      await refused({ selection: { ids: [faderBox] } }, 422, /./);
      await refused({ excluded: true, selection: { filter: { brand_id: 0 } } }, 422, /./);
      await refused({ excluded: true, selection: { filter: { subcategory_id: mixing, name: 'x' } } }, 422, /./);
      await refused({ excluded: true, selection: { filter: { q: 'desk' } } }, 422, /^Choose a subcategory or a brand/);
      await refused({ excluded: true, selection: { filter: {} } }, 422, /^Choose a subcategory or a brand/);
      await refused({ excluded: true, selection: { ids: [1.5] } }, 422, /./);
    });
  });
});
