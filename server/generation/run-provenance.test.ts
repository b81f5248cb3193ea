import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { GenerationHistoryEntry } from '../../contract/history';
import { channels, realtimeEvents } from '../../contract/realtime';
import type { ReviewChangedPayload } from '../../contract/review';
import type { RunsAnswer } from '../../contract/runs';
import { statusNames } from '../../contract/statuses';
import { brands } from '../db/schema';
import type { TestApp } from '../test/app';
import type { CatalogueCall, DemoIds } from '../test/catalogue';
import { availableEngines } from '../test/databases';
import { promptVersion } from './prompts';
import type { FakeOpenAi } from './test-support/fake-openai';
import { fakeOpenAiCatalogueApp } from './test-support/fake-openai-app';
import { generateThroughFake } from './test-support/generate-through-fake';
import { eventually } from './test-support/queries';

/**
 * What a run stores and remembers (docs/decisions/0025-review-of-generated-items.md): its rows are its own and
 * unreviewed; it records the AI model and the prompts' version; a name close to one there is stored flagged as a
 * likely duplicate; a name rejected before is never stored again, and the next prompt says so; the runs centre and
 * the history show what the run gave and how its rows were reviewed.
 */

const engines = await availableEngines();

describe.each(engines)('what a run stores and remembers on %s', (engine) => {
  let fake: FakeOpenAi;
  let t: TestApp;
  let call: CatalogueCall;
  let ids: DemoIds;
  const db = () => t.database.db;

  beforeAll(async () => {
    ({ fake, t, call, ids } = await fakeOpenAiCatalogueApp(engine, 'provenance'));
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });
  beforeEach(() => fake.reset());

  const { generateBrands } = generateThroughFake(() => ({ fake, call, db: db() }));
  const brandRows = (subcategory: number) =>
    db()
      .select({
        id: brands.id,
        name: brands.name,
        runId: brands.runId,
        reviewState: brands.reviewState,
        likelyDuplicateOf: brands.likelyDuplicateOf,
        likelyDuplicateScore: brands.likelyDuplicateScore,
      })
      .from(brands)
      .where(eq(brands.subcategoryId, subcategory))
      .orderBy(brands.id);
  const userPrompt = () =>
    fake
      .chatBodies()
      .at(-1)
      ?.messages.find((message) => message.role === 'user')?.content ?? '';

  it('stores its rows unreviewed, as its own, and records the AI model and the prompts version', async () => {
    const subcategory = await ids.subcategory('Sprayers');
    const publish = vi.spyOn(t.app.broadcaster, 'publish');
    const run = await generateBrands(subcategory, ['Nordspray Works', 'Agrimist']);
    // The review queue hears of the run's new items, once they are committed.
    const told = await eventually(async () =>
      publish.mock.calls.find(
        ([channel, event, payload]) =>
          channel === channels.review &&
          event === realtimeEvents.reviewChanged &&
          (payload as ReviewChangedPayload).added_by_run === run.id,
      ),
    );
    publish.mockRestore();
    expect((told[2] as ReviewChangedPayload).unreviewed.brand).toBeGreaterThanOrEqual(2);
    expect(run).toMatchObject({ status: statusNames.generated, itemsAdded: 2, providerModel: 'test-model', promptVersion });
    expect(promptVersion).toMatch(/^[0-9a-f]{8}$/);
    const rows = await brandRows(subcategory);
    expect(rows.filter((row) => row.runId === run.id)).toEqual([
      expect.objectContaining({ name: 'Nordspray Works', reviewState: 'unreviewed', likelyDuplicateOf: null, likelyDuplicateScore: null }),
      expect.objectContaining({ name: 'Agrimist', reviewState: 'unreviewed', likelyDuplicateOf: null, likelyDuplicateScore: null }),
    ]);
  });

  it('stores a name close to one there flagged with that row and the similarity; a name not close enough unflagged', async () => {
    const subcategory = await ids.subcategory('Bulldozers');
    const [claas, liebherr] = await db()
      .insert(brands)
      .values([
        { subcategoryId: subcategory, name: 'CLAAS' },
        { subcategoryId: subcategory, name: 'Liebherr', reviewState: 'rejected' },
      ])
      .returning({ id: brands.id });
    const run = await generateBrands(subcategory, ['Claas Group', 'Liebher', 'Claas Tractors']);
    expect(run).toMatchObject({ status: statusNames.generated, itemsProposed: 3, itemsAdded: 3, itemsKnown: 0 });
    const stored = (await brandRows(subcategory)).filter((row) => row.runId === run.id);
    expect(stored).toEqual([
      expect.objectContaining({ name: 'Claas Group', reviewState: 'unreviewed', likelyDuplicateOf: claas?.id, likelyDuplicateScore: 1 }),
      // Rejected rows are among the names compared.
      expect.objectContaining({ name: 'Liebher', likelyDuplicateOf: liebherr?.id, likelyDuplicateScore: 0.7 }),
      expect.objectContaining({ name: 'Claas Tractors', likelyDuplicateOf: null, likelyDuplicateScore: null }),
    ]);
  });

  it('drops a name rejected before, in another spelling, and counts it; the next prompt asks not to propose it', async () => {
    const subcategory = await ids.subcategory('Excavators');
    await db()
      .insert(brands)
      .values([
        { subcategoryId: subcategory, name: 'CLAAS', reviewState: 'rejected', reviewReason: 'not_real' },
        { subcategoryId: subcategory, name: 'Bomag' },
      ]);
    const run = await generateBrands(subcategory, ['claas kgaa mbh', 'BOMAG GmbH', 'Bomag', 'Freshdig']);
    expect(userPrompt()).toContain('Rejected, do not propose: "CLAAS".');
    expect(run).toMatchObject({
      status: statusNames.generated,
      itemsProposed: 4,
      itemsAdded: 1,
      itemsKnown: 3,
      itemsDuplicates: 1,
      itemsRejectedBefore: 1,
    });
    expect(run.message).toContain(
      '<p>4 proposed: 1 added, 1 already known, 1 skipped as duplicates, 1 skipped as rejected before; 300 tokens charged.</p>',
    );
    const names = (await brandRows(subcategory)).map((row) => row.name);
    expect(names.filter((name) => name.toLowerCase().startsWith('claas'))).toEqual(['CLAAS']);
    expect(names).toContain('Freshdig');

    await generateBrands(subcategory, []);
    expect(userPrompt()).toContain('Rejected, do not propose: "CLAAS".');
  });

  it('a target with nothing rejected sends no rejected line', async () => {
    const subcategory = await ids.subcategory('Sprayers');
    await generateBrands(subcategory, []);
    expect(userPrompt()).toContain('Known already (do not repeat):');
    expect(userPrompt()).not.toContain('Rejected');
  });

  it("GET /api/runs and the history show the run's figures, its AI model and prompts version", async () => {
    const subcategory = await ids.subcategory('Mixing Consoles');
    await db().insert(brands).values({ subcategoryId: subcategory, name: 'Loadmaster' });
    const run = await generateBrands(subcategory, ['Loadmaster', 'Shovelo', 'Bucketron', 'Liftaro']);
    const stored = (await brandRows(subcategory)).filter((row) => row.runId === run.id);
    expect(stored).toHaveLength(3);
    await db()
      .update(brands)
      .set({ reviewState: 'accepted' })
      .where(eq(brands.id, stored[0]?.id ?? 0));
    await db()
      .update(brands)
      .set({ reviewState: 'rejected', reviewReason: 'not_real' })
      .where(eq(brands.id, stored[1]?.id ?? 0));
    const figures = { proposed: 4, added: 3, skipped_duplicates: 1, dropped_invalid: 0, rejected: 1, accepted: 1, unreviewed: 1 };

    const runs = await call<RunsAnswer>('GET', `/api/runs?id=${run.id}`);
    expect(runs.status).toBe(200);
    expect(runs.body.runs).toEqual([
      expect.objectContaining({ id: run.id, provider_model: 'test-model', prompt_version: promptVersion, figures }),
    ]);
    const page = await call<RunsAnswer>('GET', `/api/runs?subcategory_id=${subcategory}`);
    expect(page.body.runs.find((entry) => entry.id === run.id)?.figures).toEqual(figures);

    const history = await call<GenerationHistoryEntry[]>('GET', `/api/history?type=Equipments&subcategory_id=${subcategory}`);
    expect(history.body.find((entry) => entry.id === run.id)).toMatchObject({
      provider_model: 'test-model',
      prompt_version: promptVersion,
      figures,
    });
  });
});
