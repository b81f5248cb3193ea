import { asc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { channels, realtimeEvents } from '../../contract/realtime';
import { brandExclusions, brands, exclusionChangeRows, subcategories } from '../db/schema';
import type { TestApp } from '../test/app';
import { bulkCalls } from '../test/bulk';
import { catalogueApp, type CatalogueCall, type DemoIds } from '../test/catalogue';
import { availableEngines } from '../test/databases';

const engines = await availableEngines();
const path = '/api/brands/exclusions/bulk';

describe.each(engines)('POST /api/brands/exclusions/bulk on %s', (engine) => {
  let t: TestApp;
  let call: CatalogueCall;
  let ids: DemoIds;
  let mixing: number;
  /** 30 brands named "Console maker N" and one "Desk works", all in Mixing Consoles (empty in the demo). */
  let consoleMakers: number[];
  let deskWorks: number;
  beforeAll(async () => {
    ({ t, call, ids } = await catalogueApp(engine));
    mixing = await ids.subcategory('Mixing Consoles');
    const made = await t.database.db
      .insert(brands)
      .values([
        ...Array.from({ length: 30 }, (_, i) => ({ name: `Console maker ${i}`, subcategoryId: mixing })),
        { name: 'Desk works', subcategoryId: mixing },
      ])
      .returning({ id: brands.id, name: brands.name });
    consoleMakers = made
      .filter((b) => b.name.startsWith('Console'))
      .map((b) => b.id)
      .sort((a, b) => a - b);
    deskWorks = made.find((b) => b.name === 'Desk works')?.id ?? 0;
  });
  afterAll(() => t.close());

  const db = () => t.database.db;
  const { bulk, undo, refused } = bulkCalls(() => call, path, db);
  const excludedOf = async (brandIds: number[]) =>
    (
      await db()
        .select({ id: brandExclusions.brandId })
        .from(brandExclusions)
        .where(inArray(brandExclusions.brandId, brandIds))
        .orderBy(asc(brandExclusions.brandId))
    ).map((r) => r.id);

  it('answers 401 without a token', async () => {
    const res = await t.app.inject({ method: 'POST', url: path, payload: { excluded: true, selection: { ids: [1] } } });
    expect(res.statusCode).toBe(401);
  });

  it('excludes every brand the filter matches in one change, counts those already excluded, and one undo takes it back', async () => {
    const [first, second] = consoleMakers;
    await call('POST', '/api/brands/exclusions', { name: 'Console maker 0', subcategory_id: mixing });
    const answer = await bulk({ excluded: true, selection: { filter: { subcategory_id: mixing, q: 'CONSOLE' } } });
    expect(answer).toMatchObject({ message: '29 brands excluded; 1 already excluded.', done: 29, skipped: { already: 1 } });
    expect(await excludedOf([...consoleMakers, deskWorks])).toEqual(consoleMakers);
    const changeId = answer.undo?.change_id ?? 0;
    const journal = await db()
      .select({ id: exclusionChangeRows.targetId })
      .from(exclusionChangeRows)
      .where(eq(exclusionChangeRows.changeId, changeId));
    expect(journal.map((r) => r.id).sort((a, b) => a - b)).toEqual(consoleMakers.filter((id) => id !== first));

    const undone = await undo(changeId);
    expect(undone).toMatchObject({
      status: 200,
      body: { restored: 29, skipped: 0, message: 'Undone: 29 brands removed from the exclusion list again.' },
    });
    expect(await excludedOf([...consoleMakers, deskWorks])).toEqual([first]);
    // A hand-picked selection: the same, by ids.
    const picked = await bulk({ excluded: true, selection: { ids: [first, second, second] } });
    expect(picked).toMatchObject({ message: '1 brand excluded; 1 already excluded.', done: 1, skipped: { already: 1 } });
    expect((await undo(picked.undo?.change_id ?? 0)).body).toMatchObject({
      restored: 1,
      message: 'Undone: Console maker 1 removed from the exclusion list again.',
    });
  });

  it('un-excludes a selection (every excluded brand the exclusion list shows, or a filter): undo puts them back as they were', async () => {
    await bulk({ excluded: true, selection: { filter: { subcategory_id: mixing } } });
    const before = await db().select().from(brandExclusions).orderBy(asc(brandExclusions.brandId));
    const removed = await bulk({ excluded: false, selection: { filter: { q: 'console maker 2' } } });
    // Console maker 2 and 20..29.
    expect(removed).toMatchObject({ message: '11 brands removed from the exclusion list.', done: 11, skipped: { already: 0 } });
    const again = await bulk({ excluded: false, selection: { ids: [consoleMakers[2] ?? 0, deskWorks] } });
    expect(again).toMatchObject({
      message: '1 brand removed from the exclusion list; 1 was not excluded.',
      done: 1,
      skipped: { already: 1 },
    });
    await undo(again.undo?.change_id ?? 0);
    expect((await undo(removed.undo?.change_id ?? 0)).body).toMatchObject({ restored: 11, skipped: 0 });
    expect(await db().select().from(brandExclusions).orderBy(asc(brandExclusions.brandId))).toEqual(before);

    // Every excluded brand of the catalogue (the exclusion list's "all"), Hitachi of the demo included.
    const all = await bulk({ excluded: false, selection: { filter: {} } });
    expect(all).toMatchObject({ done: before.length, skipped: { already: 0 } });
    expect(await db().select().from(brandExclusions)).toEqual([]);
    expect((await undo(all.undo?.change_id ?? 0)).body).toMatchObject({ restored: before.length });
    expect(await db().select().from(brandExclusions).orderBy(asc(brandExclusions.brandId))).toEqual(before);
    // Nothing to change: nothing to undo.
    expect((await bulk({ excluded: true, selection: { filter: { subcategory_id: mixing } } })).undo).toBeNull();
  });

  it('announces a few brands one by one, many by subcategory, and so does the undo of many', async () => {
    await db()
      .delete(brandExclusions)
      .where(inArray(brandExclusions.brandId, [...consoleMakers, deskWorks]));
    const publish = vi.spyOn(t.app.broadcaster, 'publish');
    try {
      await bulk({ excluded: true, selection: { ids: [deskWorks] } });
      const many = await bulk({ excluded: true, selection: { filter: { subcategory_id: mixing, q: 'console' } } });
      await undo(many.undo?.change_id ?? 0);
      expect(publish.mock.calls).toEqual([
        [channels.brand, realtimeEvents.updateBrand, { brand_id: deskWorks }],
        [channels.equipments, realtimeEvents.statusesChanged, { subcategory_ids: [mixing] }],
        [channels.equipments, realtimeEvents.statusesChanged, { subcategory_ids: [mixing] }],
      ]);
    } finally {
      publish.mockRestore();
    }
  });

  describe('refusals: each changes nothing', () => {
    it('404 for an unknown subcategory in the filter, or an unknown brand among the ids', async () => {
      const [last] = await db()
        .select({ id: sql<number>`max(${subcategories.id})::int` })
        .from(subcategories);
      await refused({ excluded: true, selection: { filter: { subcategory_id: (last?.id ?? 0) + 1 } } }, 404, /^Subcategory not found\.$/);
      await refused(
        { excluded: false, selection: { filter: { subcategory_id: (last?.id ?? 0) + 1, q: 'x' } } },
        404,
        /^Subcategory not found\.$/,
      );
      await refused({ excluded: true, selection: { ids: [deskWorks, 2_000_000_000] } }, 404, /^One of the selected brands was not found/);
    });

    it('422 for a bad body: empty or too many ids, both or neither selection, no subcategory to exclude', async () => {
      await refused({ excluded: true, selection: { ids: [] } }, 422, /./);
      await refused({ excluded: true, selection: { ids: Array.from({ length: 1001 }, (_, i) => i + 1) } }, 422, /./);
      await refused({ excluded: true, selection: { ids: [deskWorks], filter: { subcategory_id: mixing } } }, 422, /./);
      await refused({ excluded: true, selection: {} }, 422, /./);
      await refused({ excluded: 'yes', selection: { ids: [deskWorks] } }, 422, /./);
      await refused({ selection: { ids: [deskWorks] } }, 422, /./);
      await refused({ excluded: true, selection: { filter: { subcategory_id: -1 } } }, 422, /./);
      await refused({ excluded: true, selection: { filter: { q: 'console' } } }, 422, /^Choose a subcategory/);
      await refused({ excluded: true, selection: { ids: [1.5] } }, 422, /./);
    });
  });
});
