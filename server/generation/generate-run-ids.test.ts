import { and, asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { generateEquipmentsAnswer, type GenerateEquipmentsAnswer } from '../../contract/equipments';
import { generateAnswer } from '../../contract/generation';
import type { ErrorAnswer } from '../../contract/http';
import { channels, realtimeEvents } from '../../contract/realtime';
import { brandExclusions, brands, generationRuns } from '../db/schema';
import type { TestApp } from '../test/app';
import { caller, databaseDigest, slowRunsCatalogueApp, type CatalogueCall } from '../test/catalogue';
import { availableEngines } from '../test/databases';

const engines = await availableEngines();
const path = '/api/equipments/generate';

/**
 * The generate answers name the runs they queued (`run_ids`), by which the SPA follows their ends, for ticked brands
 * as for "all N matching" (docs/decisions/0014-generate-for-all-matching.md). The demo generator takes a minute a run
 * here, so the runs stay under way for the whole file and each id can be matched to its row.
 */
describe.each(engines)('the runs a generate call queued, named in its answer, on %s', (engine) => {
  let t: TestApp;
  let call: CatalogueCall;
  let userId: number;
  let mixing: number;
  let makers: number[];
  beforeAll(async () => {
    let ids;
    ({ t, call, ids, userId } = await slowRunsCatalogueApp(engine, 'run-ids'));
    mixing = await ids.subcategory('Mixing Consoles');
    const made = await t.database.db
      .insert(brands)
      .values(Array.from({ length: 6 }, (_, i) => ({ name: `Fader maker ${i}`, subcategoryId: mixing })))
      .returning({ id: brands.id });
    makers = made.map((b) => b.id).sort((a, b) => a - b);
  });
  afterAll(() => t.close());

  const db = () => t.database.db;
  /** This operator's unfinished runs of these brands, oldest first. */
  const runsOf = async (brandIds: number[]) =>
    (
      await db()
        .select({ id: generationRuns.id })
        .from(generationRuns)
        .where(and(eq(generationRuns.userId, userId), inArray(generationRuns.brandId, brandIds)))
        .orderBy(asc(generationRuns.id))
    ).map((r) => r.id);
  const maker = (i: number) => makers[i] ?? 0;

  it('ticked brands: the ids of the runs queued, oldest first, none for an excluded brand; each announced on the operator’s channel', async () => {
    await db()
      .insert(brandExclusions)
      .values({ brandId: maker(2) });
    const publish = vi.spyOn(t.app.broadcaster, 'publish');
    const res = await call<GenerateEquipmentsAnswer>('POST', path, { subcategory_id: mixing, brands: [maker(1), maker(0), maker(2)] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(generateEquipmentsAnswer.parse(res.body)).toEqual(res.body);
    const queued = await runsOf([maker(0), maker(1), maker(2)]);
    expect(queued).toHaveLength(2);
    expect(res.body).toEqual({
      success: true,
      message: 'Generating models for 2 brands of Mixing Consoles. (1 excluded brand skipped.)',
      queued: 2,
      skipped: { excluded: 1, running: 0 },
      run_ids: queued,
    });
    const announced = publish.mock.calls
      .filter(([channel, event]) => channel === channels.user(userId) && event === realtimeEvents.runChanged)
      .map(([, , payload]) => (payload as { run: { id: number } }).run.id);
    expect(new Set(announced)).toEqual(new Set(queued));
    publish.mockRestore();
  });

  it('all matching: the ids of the runs this call queued, not those of the brands it skipped as under way', async () => {
    const before = await runsOf(makers);
    const res = await call<GenerateEquipmentsAnswer>('POST', path, { subcategory_id: mixing, filter: { q: 'FADER' } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const fresh = (await runsOf(makers)).filter((id) => !before.includes(id));
    expect(fresh).toHaveLength(3);
    expect(res.body).toEqual({
      success: true,
      message: 'Generating models for 3 brands of Mixing Consoles. (1 excluded brand skipped; 2 brands already in progress.)',
      queued: 3,
      skipped: { excluded: 1, running: 2 },
      run_ids: fresh,
    });
    expect(await runsOf([maker(3), maker(4), maker(5)])).toEqual(fresh);
  });

  it('the older bodies get them too: brands by their subcategory’s names, and a subcategory’s brands', async () => {
    const [fresh] = await db().insert(brands).values({ name: 'Knob works', subcategoryId: mixing }).returning({ id: brands.id });
    const named = await call<GenerateEquipmentsAnswer>('POST', path, {
      category: 'Audio Equipment',
      subcategory: 'Mixing Consoles',
      brands: [fresh?.id],
    });
    expect(named.status, JSON.stringify(named.body)).toBe(200);
    expect(named.body.run_ids).toEqual(await runsOf([fresh?.id ?? 0]));

    const res = await call('POST', '/api/brands/generate', { subcategory_id: mixing });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [brandsRun] = await db()
      .select({ id: generationRuns.id })
      .from(generationRuns)
      .where(and(eq(generationRuns.subcategoryId, mixing), eq(generationRuns.type, 'Brands')));
    expect(generateAnswer.parse(res.body)).toEqual({
      success: true,
      message: 'Generating brands for Mixing Consoles.',
      run_ids: [brandsRun?.id],
    });
  });

  it('refusals are as before: their message, no run named, nothing queued', async () => {
    const refused = async (body: unknown, status: number, as = call) => {
      const digest = await databaseDigest(db());
      const res = await as<ErrorAnswer>('POST', path, body);
      expect(res.status, JSON.stringify(res.body)).toBe(status);
      expect(res.body).not.toHaveProperty('run_ids');
      expect(await databaseDigest(db())).toBe(digest);
      return res.body.message;
    };
    expect(await refused({ subcategory_id: mixing, filter: { q: 'fader maker' } }, 409)).toBe(
      'A generation of every selected brand is already in progress.',
    );
    expect(await refused({ subcategory_id: mixing, brands: [maker(2)] }, 409)).toBe(
      'Every selected brand is excluded: nothing to generate.',
    );
    expect(await refused({ subcategory_id: mixing, filter: { q: 'no such maker' } }, 422)).toBe(
      'No brand of Mixing Consoles matches “no such maker”: nothing to generate.',
    );
    const [spare] = await db().insert(brands).values({ name: 'Spare maker', subcategoryId: mixing }).returning({ id: brands.id });
    const poor = caller(t, (await t.signIn({ tokens: 10 })).headers);
    expect(await refused({ subcategory_id: mixing, filter: { q: 'spare maker' } }, 402, poor)).toMatch(/^Insufficient tokens/);
    expect(await refused({ subcategory_id: mixing, brands: [spare?.id] }, 402, poor)).toMatch(/^Insufficient tokens/);
  });
});
