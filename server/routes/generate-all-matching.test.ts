import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { generateEquipmentsAnswer, type GenerateEquipmentsAnswer } from '../../contract/equipments';
import type { EstimateAnswer } from '../../contract/estimate';
import { generateAllMatchingLimit } from '../../contract/generation';
import type { ErrorAnswer } from '../../contract/http';
import { channels, realtimeEvents } from '../../contract/realtime';
import { statusNames } from '../../contract/statuses';
import { brands, generationRuns } from '../db/schema';
import type { TestApp } from '../test/app';
import { caller, databaseDigest, slowRunsCatalogueApp, type CatalogueCall } from '../test/catalogue';
import { availableEngines } from '../test/databases';

const engines = await availableEngines();
const path = '/api/equipments/generate';

/**
 * POST /api/equipments/generate for every brand a filter matches (docs/decisions/0014-generate-for-all-matching.md). The demo
 * generator takes a minute a run here, so the runs queued stay under way for the whole file.
 */
describe.each(engines)('POST /api/equipments/generate for all matching on %s', (engine) => {
  let t: TestApp;
  let call: CatalogueCall;
  let userId: number;
  let mixing: number;
  /** "Console maker 0".."Console maker 29", "Desk works" and "Amp maker 0".."Amp maker 2", in Mixing Consoles (empty in the demo). */
  let consoleMakers: number[];
  let deskWorks: number;
  let ampMakers: number[];
  beforeAll(async () => {
    let ids;
    ({ t, call, ids, userId } = await slowRunsCatalogueApp(engine, 'all-matching'));
    mixing = await ids.subcategory('Mixing Consoles');
    const names = [
      ...Array.from({ length: 30 }, (_, i) => `Console maker ${i}`),
      'Desk works',
      ...Array.from({ length: 3 }, (_, i) => `Amp maker ${i}`),
    ];
    const made = await t.database.db
      .insert(brands)
      .values(names.map((name) => ({ name, subcategoryId: mixing })))
      .returning({ id: brands.id, name: brands.name });
    const idsOf = (prefix: string) =>
      made
        .filter((b) => b.name.startsWith(prefix))
        .map((b) => b.id)
        .sort((a, b) => a - b);
    consoleMakers = idsOf('Console maker');
    ampMakers = idsOf('Amp maker');
    deskWorks = idsOf('Desk works')[0] ?? 0;
  });
  afterAll(() => t.close());

  const db = () => t.database.db;
  const estimate = (body: unknown, as = call) =>
    as<EstimateAnswer>('POST', '/api/generation/estimate', { type: 'Equipments', ...(body as object) });
  const underWay = async () =>
    (
      await db()
        .select({ brandId: generationRuns.brandId })
        .from(generationRuns)
        .where(and(eq(generationRuns.subcategoryId, mixing), isNull(generationRuns.finishedAt)))
    )
      .map((r) => r.brandId ?? 0)
      .sort((a, b) => a - b);
  const refused = async (body: unknown, status: number, as = call) => {
    const before = await databaseDigest(db());
    const res = await as<ErrorAnswer>('POST', path, body);
    expect(res.status, JSON.stringify(res.body)).toBe(status);
    expect(await databaseDigest(db())).toBe(before);
    return res.body;
  };

  it('answers 401 without a token', async () => {
    const res = await t.app.inject({ method: 'POST', url: path, payload: { subcategory_id: mixing, filter: { q: 'console' } } });
    expect(res.statusCode).toBe(401);
  });

  it('queues a run for each matching brand that is not excluded, priced first by the estimate of the same filter, and tells every browser', async () => {
    await call('POST', '/api/brands/exclusions', { name: 'Console maker 0', subcategory_id: mixing });
    const priced = await estimate({ subcategory_id: mixing, filter: { q: 'CONSOLE' } });
    expect(priced.status).toBe(200);
    expect(priced.body).toMatchObject({ runs: 29, skipped: { excluded: 1, in_progress: 0 }, affordable: true });
    const one = await estimate({ subcategory_id: mixing, brands: [consoleMakers[1]] });
    expect(priced.body.max_tokens).toBe(one.body.max_tokens * 29);

    const publish = vi.spyOn(t.app.broadcaster, 'publish');
    const res = await call<GenerateEquipmentsAnswer>('POST', path, { subcategory_id: mixing, filter: { q: 'CONSOLE' } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(generateEquipmentsAnswer.safeParse(res.body).success).toBe(true);
    expect(res.body).toEqual({
      success: true,
      message: 'Generating models for 29 brands of Mixing Consoles. (1 excluded brand skipped.)',
      queued: 29,
      skipped: { excluded: 1, running: 0 },
      run_ids: expect.any(Array),
    });
    expect(res.body.run_ids).toHaveLength(29);
    expect(await underWay()).toEqual(consoleMakers.slice(1));
    const sent = publish.mock.calls.map(([channel, event]) => `${channel} ${event}`);
    expect(sent).toContain(`${channels.statuses} ${realtimeEvents.changeAnyStatus}`);
    expect(publish.mock.calls).toContainEqual([channels.equipments, realtimeEvents.statusesChanged, { subcategory_ids: [mixing] }]);
    expect(sent.filter((s) => s === `${channels.user(userId)} ${realtimeEvents.runChanged}`).length).toBeGreaterThanOrEqual(29);
    const status = publish.mock.calls.find(([, event]) => event === realtimeEvents.changeAnyStatus)?.[2] as { status: { name: string } };
    expect(status.status.name).toBe(statusNames.inProgress);
    publish.mockRestore();
  });

  it('402: the balance must cover every run of the selection, not only one', async () => {
    const one = await estimate({ subcategory_id: mixing, brands: [ampMakers[0]] });
    const poor = await t.signIn({ tokens: one.body.max_tokens * 2 });
    const poorCall = caller(t, poor.headers);
    const priced = await estimate({ subcategory_id: mixing, filter: { q: 'amp maker' } }, poorCall);
    expect(priced.body).toMatchObject({ runs: 3, affordable: false });
    const body = await refused({ subcategory_id: mixing, filter: { q: 'amp maker' } }, 402, poorCall);
    expect(body.message).toMatch(/^Insufficient tokens/);
    // Two of them it covers.
    const two = await poorCall<GenerateEquipmentsAnswer>('POST', path, { subcategory_id: mixing, filter: { q: 'amp maker 1' } });
    expect(two.body).toMatchObject({ queued: 1, skipped: { excluded: 0, running: 0 } });
  });

  it('skips and counts the brands under way; 409 when every one is under way or excluded', async () => {
    const priced = await estimate({ subcategory_id: mixing, filter: {} });
    expect(priced.body).toMatchObject({ runs: 3, skipped: { excluded: 1, in_progress: 30 } });
    const res = await call<GenerateEquipmentsAnswer>('POST', path, { subcategory_id: mixing, filter: {} });
    expect(res.body).toEqual({
      success: true,
      message: 'Generating models for 3 brands of Mixing Consoles. (1 excluded brand skipped; 30 brands already in progress.)',
      queued: 3,
      skipped: { excluded: 1, running: 30 },
      run_ids: expect.any(Array),
    });
    expect(await underWay()).toEqual([...consoleMakers.slice(1), deskWorks, ...ampMakers].sort((a, b) => a - b));
    expect((await refused({ subcategory_id: mixing, filter: { q: 'maker' } }, 409)).message).toBe(
      'A generation of every selected brand is already in progress.',
    );
    expect((await refused({ subcategory_id: mixing, filter: { q: 'console maker 0' } }, 409)).message).toBe(
      'Every selected brand is excluded: nothing to generate.',
    );
  });

  it('404 for an unknown subcategory; 422 when nothing matches, for a malformed filter, and above the limit', async () => {
    await refused({ subcategory_id: 999_999, filter: { q: 'console' } }, 404);
    expect((await estimate({ subcategory_id: 999_999, filter: {} })).status).toBe(404);
    const none = await refused({ subcategory_id: mixing, filter: { q: 'no such brand' } }, 422);
    expect(none.message).toBe('No brand of Mixing Consoles matches “no such brand”: nothing to generate.');
    await refused({ subcategory_id: mixing, filter: { q: 'x', ids: [1] } }, 422);
    await refused({ subcategory_id: mixing, filter: 'console' }, 422);
    await refused({ filter: { q: 'console' } }, 422);
    await refused({ subcategory_id: mixing, filter: { q: 'x'.repeat(201) } }, 422);
    expect((await estimate({ filter: { q: 'console' } })).status).toBe(422);
    expect((await estimate({ subcategory_id: mixing })).status).toBe(422);
    expect((await estimate({ subcategory_id: mixing, brands: [deskWorks], filter: {} })).status).toBe(422);

    await db()
      .insert(brands)
      .values(Array.from({ length: generateAllMatchingLimit + 1 }, (_, i) => ({ name: `Bulk brand ${i}`, subcategoryId: mixing })));
    const tooMany = await refused({ subcategory_id: mixing, filter: { q: 'bulk brand' } }, 422);
    expect(tooMany.message).toBe('The filter matches 1,001 brands to generate; at most 1,000 can be queued at once. Narrow the filter.');
    expect((await estimate({ subcategory_id: mixing, filter: { q: 'bulk brand' } })).status).toBe(422);
  });
});
