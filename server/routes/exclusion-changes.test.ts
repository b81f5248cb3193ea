import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ExclusionChangeAnswer, UndoAnswer } from '../../contract/exclusion-changes';
import { exclusionChangeAnswer, undoAnswer } from '../../contract/exclusion-changes';
import { channels, realtimeEvents } from '../../contract/realtime';
import { brandExclusions, equipmentExclusions, equipments, exclusionChangeRows, exclusionChanges, subcategories } from '../db/schema';
import type { TestApp } from '../test/app';
import { caller, catalogueApp, databaseDigest, type CatalogueCall, type DemoIds } from '../test/catalogue';
import { availableEngines } from '../test/databases';

const engines = await availableEngines();

describe.each(engines)('the journal of exclusion changes and POST /api/exclusion-changes/:id/undo on %s', (engine) => {
  let t: TestApp;
  let call: CatalogueCall;
  let ids: DemoIds;
  let userId: number;
  beforeAll(async () => {
    ({ t, call, ids, userId } = await catalogueApp(engine));
  });
  afterAll(() => t.close());

  const db = () => t.database.db;
  /** An exclude or un-exclude: its answer parsed with the contract, and the change it made (or null). */
  const change = async (method: 'POST' | 'DELETE', url: string, body?: unknown) => {
    const res = await call<ExclusionChangeAnswer>(method, url, body);
    expect(res.status, `${method} ${url}`).toBe(200);
    expect(exclusionChangeAnswer.safeParse(res.body).success).toBe(true);
    return res.body;
  };
  const undo = (changeId: number, as: CatalogueCall = call) =>
    as<UndoAnswer & { message: string }>('POST', `/api/exclusion-changes/${changeId}/undo`);
  const journal = (changeId: number) =>
    db()
      .select({ kind: exclusionChangeRows.kind, id: exclusionChangeRows.targetId, excluded: exclusionChangeRows.excluded })
      .from(exclusionChangeRows)
      .where(eq(exclusionChangeRows.changeId, changeId))
      .orderBy(asc(exclusionChangeRows.targetId));
  const modelExclusions = () => db().select().from(equipmentExclusions).orderBy(asc(equipmentExclusions.equipmentId));
  const brandIsExcluded = async (brandId: number) =>
    (await db().select().from(brandExclusions).where(eq(brandExclusions.brandId, brandId))).length === 1;
  const changeIdOf = (answer: ExclusionChangeAnswer) => {
    expect(answer.undo).not.toBeNull();
    return answer.undo?.change_id ?? 0;
  };

  it('answers 401 without a token', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/exclusion-changes/1/undo' })).statusCode).toBe(401);
  });

  it('every exclude and un-exclude records what it flipped, by whom, and answers the change beside the exclusion message', async () => {
    const genelec = await ids.brand('Genelec');
    const excluded = await change('POST', '/api/brands/exclusions', { name: 'Genelec' });
    expect(excluded.message).toBe('Genelec added to the exclusion list.');
    const [recorded] = await db()
      .select()
      .from(exclusionChanges)
      .where(eq(exclusionChanges.id, changeIdOf(excluded)));
    expect(recorded).toMatchObject({ userId, label: 'Genelec', undoneAt: null });
    expect(await journal(changeIdOf(excluded))).toEqual([{ kind: 'brand', id: genelec, excluded: true }]);
    // Nothing changed: nothing to undo, nothing recorded.
    const count = async () =>
      (
        await db()
          .select({ n: sql<number>`count(*)::int` })
          .from(exclusionChanges)
      )[0]?.n;
    const before = await count();
    expect((await change('POST', '/api/brands/exclusions', { name: 'Genelec' })).undo).toBeNull();
    const removed = await change('DELETE', `/api/brands/exclusions/${genelec}`);
    expect(removed.message).toBe('Genelec removed from exclusion list.');
    expect(await journal(changeIdOf(removed))).toEqual([{ kind: 'brand', id: genelec, excluded: false }]);
    expect((await change('DELETE', `/api/brands/exclusions/${genelec}`)).undo).toBeNull();

    const model = await ids.equipment('Volvo CE', 'EC220E');
    const modelExcluded = await change('POST', `/api/equipments/exclusions/${model}`);
    expect(await journal(changeIdOf(modelExcluded))).toEqual([{ kind: 'equipment', id: model, excluded: true }]);
    expect((await change('POST', `/api/equipments/exclusions/${model}`)).undo).toBeNull();
    const modelRemoved = await change('DELETE', `/api/equipments/exclusions/${model}`);
    expect(modelRemoved.message).toBe('Volvo CE - EC220E removed from the exclusion list.');
    expect(await journal(changeIdOf(modelRemoved))).toEqual([{ kind: 'equipment', id: model, excluded: false }]);
    for (const url of ['/api/equipments/exclusions/%7Bid%7D', '/api/equipments/exclusions/remove']) {
      await change('POST', `/api/equipments/exclusions/${model}`);
      const byName = await change('POST', url, { data: { brand: 'Volvo CE', model: 'EC220E' } });
      expect(await journal(changeIdOf(byName)), url).toEqual([{ kind: 'equipment', id: model, excluded: false }]);
      expect((await change('POST', url, { data: { brand: 'Volvo CE', model: 'EC220E' } })).undo, url).toBeNull();
    }
    expect(await count()).toBe((before ?? 0) + 7);
  });

  it('undoes an exclusion: the brand is no longer excluded, and the change is marked undone (a second undo is a 409)', async () => {
    const shure = await ids.brand('Shure');
    const excluded = await change('POST', '/api/brands/exclusions', { name: 'Shure' });
    const res = await undo(changeIdOf(excluded));
    expect(res).toMatchObject({
      status: 200,
      body: { restored: 1, skipped: 0, message: 'Undone: Shure removed from the exclusion list again.' },
    });
    expect(undoAnswer.safeParse(res.body).success).toBe(true);
    expect(await brandIsExcluded(shure)).toBe(false);
    const [row] = await db()
      .select()
      .from(exclusionChanges)
      .where(eq(exclusionChanges.id, changeIdOf(excluded)));
    expect(row?.undoneAt).toBeInstanceOf(Date);

    const before = await databaseDigest(db());
    const again = await undo(changeIdOf(excluded));
    expect(again).toMatchObject({ status: 409, body: { message: 'This change was already undone.' } });
    expect(await databaseDigest(db())).toBe(before);
  });

  it('undoes an un-exclusion: the exclusion comes back exactly as it was (author and time, so the list keeps its order)', async () => {
    const model = await ids.equipment('Caterpillar', 'M318');
    const before = await modelExclusions();
    const listBefore = (await call<{ id: number }[]>('GET', '/api/equipments/exclusions')).body.map((e) => e.id);
    const removed = await change('DELETE', `/api/equipments/exclusions/${model}`);
    expect((await modelExclusions()).some((e) => e.equipmentId === model)).toBe(false);
    const res = await undo(changeIdOf(removed));
    expect(res).toMatchObject({
      status: 200,
      body: { restored: 1, skipped: 0, message: 'Undone: Caterpillar - M318 back in the exclusion list.' },
    });
    expect(await modelExclusions()).toEqual(before);
    expect((await call<{ id: number }[]>('GET', '/api/equipments/exclusions')).body.map((e) => e.id)).toEqual(listBefore);
  });

  it('undoes a change of many rows: exactly those rows come back, the others stay as they are', async () => {
    // Three models named Genelec 8341A (in three subcategories), and one other excluded model besides.
    const original = await ids.equipment('Genelec', '8341A');
    const [source] = await db().select().from(equipments).where(eq(equipments.id, original));
    const others = await db().select({ id: subcategories.id, categoryId: subcategories.categoryId }).from(subcategories).limit(3);
    const twins = await db()
      .insert(equipments)
      .values(
        others
          .filter((s) => s.id !== source?.subcategoryId)
          .slice(0, 2)
          .map((s) => ({ categoryId: s.categoryId, subcategoryId: s.id, brand: 'Genelec', model: '8341A' })),
      )
      .returning({ id: equipments.id });
    const models = [original, ...twins.map((r) => r.id)].sort((a, b) => a - b);
    for (const id of models) await change('POST', `/api/equipments/exclusions/${id}`);
    const bystander = await ids.equipment('Shure', 'SM7dB');
    await change('POST', `/api/equipments/exclusions/${bystander}`);
    const before = await modelExclusions();

    const removed = await change('POST', '/api/equipments/exclusions/remove', { data: { brand: 'Genelec', model: '8341A' } });
    expect(await journal(changeIdOf(removed))).toEqual(models.map((id) => ({ kind: 'equipment', id, excluded: false })));
    // Meanwhile the bystander is un-excluded by another call: the undo must not bring it back.
    await change('DELETE', `/api/equipments/exclusions/${bystander}`);

    const res = await undo(changeIdOf(removed));
    expect(res).toMatchObject({ status: 200, body: { restored: 3, skipped: 0, message: 'Undone: 3 models back in the exclusion list.' } });
    expect(await modelExclusions()).toEqual(before.filter((e) => e.equipmentId !== bystander));

    // A row changed since is left as it is, and counted as skipped.
    const again = await change('POST', '/api/equipments/exclusions/remove', { data: { brand: 'Genelec', model: '8341A' } });
    const [first] = models;
    await change('POST', `/api/equipments/exclusions/${first}`);
    const partial = await undo(changeIdOf(again));
    expect(partial).toMatchObject({
      status: 200,
      body: {
        restored: 2,
        skipped: 1,
        message: 'Undone: 2 models back in the exclusion list. 1 other model was left as it is: changed since, or deleted.',
      },
    });
    expect((await modelExclusions()).filter((e) => models.includes(e.equipmentId))).toHaveLength(3);

    for (const id of twins) await db().delete(equipments).where(eq(equipments.id, id.id));
  });

  it('skips a row another change touched since, unless that change was undone', async () => {
    const genelec = await ids.brand('Genelec');
    const excluded = await change('POST', '/api/brands/exclusions', { name: 'Genelec' });
    await change('DELETE', `/api/brands/exclusions/${genelec}`);
    await change('POST', '/api/brands/exclusions', { name: 'Genelec' }); // excluded again: the state the first change left

    const skipped = await undo(changeIdOf(excluded));
    expect(skipped).toMatchObject({
      status: 200,
      body: { restored: 0, skipped: 1, message: 'Nothing was undone: Genelec changed since (or was deleted), so it was left as it is.' },
    });
    expect(await brandIsExcluded(genelec)).toBe(true);
    // The change is spent all the same: the rows left alone stay so.
    expect((await undo(changeIdOf(excluded))).status).toBe(409);

    // Undone in order, newest first, each comes back: the later change no longer stands in the way.
    const third = await change('DELETE', `/api/brands/exclusions/${genelec}`);
    const fourth = await change('POST', '/api/brands/exclusions', { name: 'Genelec' });
    expect((await undo(changeIdOf(fourth))).body).toMatchObject({ restored: 1, skipped: 0 });
    expect(await brandIsExcluded(genelec)).toBe(false);
    expect((await undo(changeIdOf(third))).body).toMatchObject({ restored: 1, skipped: 0 });
    expect(await brandIsExcluded(genelec)).toBe(true);
    await change('DELETE', `/api/brands/exclusions/${genelec}`);
  });

  it("answers 404 for a change that does not exist or is another operator's, 409 when too old, 422 for a malformed id; none changes anything", async () => {
    const model = await ids.equipment('Volvo CE', 'EC220E');
    const mine = await change('POST', `/api/equipments/exclusions/${model}`);
    const other = caller(t, (await t.signIn()).headers);

    const before = await databaseDigest(db());
    expect(await undo(987654)).toMatchObject({ status: 404, body: { message: 'Exclusion change not found.' } });
    expect(await undo(changeIdOf(mine), other)).toMatchObject({ status: 404, body: { message: 'Exclusion change not found.' } });
    for (const id of ['abc', '0', '-1', '2.5', '99999999999']) {
      expect((await call('POST', `/api/exclusion-changes/${id}/undo`)).status, id).toBe(422);
    }
    expect(await databaseDigest(db())).toBe(before);

    await db()
      .update(exclusionChanges)
      .set({ createdAt: sql`now() - interval '11 minutes'` })
      .where(eq(exclusionChanges.id, changeIdOf(mine)));
    const old = await databaseDigest(db());
    expect(await undo(changeIdOf(mine))).toMatchObject({
      status: 409,
      body: { message: 'This change is more than 10 minutes old and can no longer be undone.' },
    });
    expect(await databaseDigest(db())).toBe(old);
    await change('DELETE', `/api/equipments/exclusions/${model}`);
  });

  it('announces an undo as the exclusion calls do: the brand on the brand channel, models on the equipments channel', async () => {
    const publish = vi.spyOn(t.app.broadcaster, 'publish');
    const shure = await ids.brand('Shure');
    const model = await ids.equipment('Shure', 'SM7dB');
    const microphones = await ids.subcategory('Microphones');
    const brandChange = await change('POST', '/api/brands/exclusions', { name: 'Shure' });
    const modelChange = await change('POST', `/api/equipments/exclusions/${model}`);
    publish.mockClear();
    await undo(changeIdOf(brandChange));
    await undo(changeIdOf(modelChange));
    expect(publish.mock.calls).toEqual([
      [channels.brand, realtimeEvents.updateBrand, { brand_id: shure }],
      [channels.equipments, realtimeEvents.statusesChanged, { subcategory_ids: [microphones] }],
    ]);
    publish.mockRestore();
  });
});
