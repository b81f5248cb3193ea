import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { GenerationHistoryEntry } from '../../contract/history';
import type { RunsAnswer } from '../../contract/runs';
import { modelTypes, statusNames } from '../../contract/statuses';
import type { AiConfig } from '../config';
import { tokenLedger } from '../db/schema';
import type { TestApp } from '../test/app';
import { catalogueApp, type CatalogueCall, type DemoIds } from '../test/catalogue';
import { availableEngines } from '../test/databases';
import { changeBalance } from '../tokens/ledger';
import { errorAnswer, listAnswer, startFakeOpenAi, type FakeOpenAi } from './test-support/fake-openai';
import { balanceOf, statusOf } from './test-support/queries';

/**
 * One charging rule (docs/decisions/0019-one-charging-rule.md): when the provider answered, the run is charged what
 * the provider reports (without a report, its prompt and answer counted as the estimate counts them), capped at the
 * hold, whatever was kept; a provider that did not answer costs nothing. The history and the runs centre say what
 * was proposed, kept, dropped and charged.
 */

const engines = await availableEngines();
const maxOutputTokens = 4000;

function openAiConfig(fake: FakeOpenAi): AiConfig {
  return { provider: 'openai', baseUrl: fake.baseUrl, apiKey: 'sk-test', model: 'test-model', timeoutMs: 2000, maxOutputTokens };
}

/** What the estimate counts for a text: four characters a token. */
const counted = (text: string) => Math.ceil(text.length / 4);

describe.each(engines)('the one charging rule on %s', (engine) => {
  let fake: FakeOpenAi;
  let t: TestApp;
  let call: CatalogueCall;
  let ids: DemoIds;
  let userId: number;
  const balance = () => balanceOf(t.database.db, userId);

  beforeAll(async () => {
    fake = await startFakeOpenAi();
    ({ t, call, ids, userId } = await catalogueApp(engine, { ai: openAiConfig(fake) }));
    await changeBalance(t.database.db, {
      userId,
      delta: 200_000,
      reason: 'adjustment',
      reference: `charging-${userId}`,
      description: 'Balance adjustment',
    });
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });
  beforeEach(() => fake.reset());

  const lastRunOf = async (categoryId: number) => {
    const res = await call<RunsAnswer>('GET', `/api/runs?type=Events&category_id=${categoryId}&limit=1`);
    const [run] = res.body.runs;
    if (!run) throw new Error('no run');
    return run;
  };
  const historyOf = async (categoryId: number) =>
    (await call<GenerationHistoryEntry[]>('GET', `/api/history?type=Events&category_id=${categoryId}`)).body;

  it('a JSON answer whose every item fails the checks ends Failed, not green, charged what the provider reports, and says what was dropped', async () => {
    const category = await ids.category('Medical Devices');
    const before = await balance();
    fake.enqueue(
      listAnswer('events', [{ description: 'no name' }, { name: '' }, { title: 'Wrong key' }], {
        prompt_tokens: 300,
        completion_tokens: 120,
      }),
    );
    const res = await call<{ message: string }>('POST', '/api/events/generate', { category_id: category });
    expect(res.status).toBe(502);
    const said =
      'None of the 3 events the AI provider proposed could be stored. 3 proposed, all dropped (name missing ×2, name empty ×1); 420 tokens charged.';
    expect(res.body.message).toBe(said);
    expect(await balance()).toBe((before ?? 0) - 420);

    const run = await lastRunOf(category);
    expect(run).toMatchObject({
      status: statusNames.failed,
      charged_tokens: 420,
      charge_basis: 'reported',
      items_proposed: 3,
      items_added: 0,
      items_known: 0,
      items_dropped: 3,
      dropped_reasons: [
        { reason: 'name missing', count: 2 },
        { reason: 'name empty', count: 1 },
      ],
    });
    expect(run.message).toBe(
      '<p>None of the 3 events the AI provider proposed could be stored.</p><p>3 proposed, all dropped (name missing ×2, name empty ×1); 420 tokens charged.</p><p>AI model: test-model.</p>',
    );
    const [entry] = await historyOf(category);
    expect(entry).toMatchObject({ id: run.id, status: statusNames.failed, charged_tokens: 420, items_dropped: 3, message: run.message });
    expect(await statusOf(t.database.db, { modelType: modelTypes.event, categoryId: category })).toMatchObject({
      name: statusNames.failed,
      message: said,
    });
    const [charge] = await t.database.db
      .select()
      .from(tokenLedger)
      .where(eq(tokenLedger.reference, `run:${run.id}`));
    expect(charge?.delta).toBe(-420);
  });

  it('an endpoint that leaves `usage` out is charged its prompt and answer as the estimate counts them, and the history says so', async () => {
    const category = await ids.category('Fitness Equipment');
    const before = await balance();
    const content = JSON.stringify({ events: [{ name: 'Counted Fitness Fair' }, { name: 'Counted Gym Expo' }] });
    fake.enqueue({ kind: 'completion', content, usage: null });
    const res = await call<{ events: { name: string }[] }>('POST', '/api/events/generate', { category_id: category });
    expect(res.status).toBe(200);
    expect(res.body.events.map((e) => e.name)).toEqual(['Counted Fitness Fair', 'Counted Gym Expo']);

    const [sent] = fake.chatBodies();
    if (!sent) throw new Error('the provider was not called');
    const expected = sent.messages.reduce((sum, message) => sum + counted(message.content), 0) + counted(content);
    expect(expected).toBeGreaterThan(0);
    expect(await balance()).toBe((before ?? 0) - expected);
    const run = await lastRunOf(category);
    expect(run).toMatchObject({
      status: statusNames.generated,
      charged_tokens: expected,
      charge_basis: 'counted',
      items_proposed: 2,
      items_added: 2,
    });
    expect(run.message).toContain(
      `<p>2 proposed, all added; ${expected.toLocaleString('en-US')} tokens charged (counted: the provider reported no usage).</p>`,
    );
  });

  it('an answer of names already known is No New Results: "N proposed, all already known", and still paid for', async () => {
    const category = await ids.category('Agricultural Machinery');
    fake.enqueue(
      listAnswer('events', [{ name: 'Known Agri Days' }, { name: 'Known Tractor Show' }], { prompt_tokens: 300, completion_tokens: 120 }),
    );
    expect((await call('POST', '/api/events/generate', { category_id: category })).status).toBe(200);

    const before = await balance();
    fake.enqueue(
      listAnswer('events', [{ name: 'known agri days' }, { name: 'Known Tractor Show' }, { name: 'Known Tractor Show' }], {
        prompt_tokens: 300,
        completion_tokens: 120,
      }),
    );
    const res = await call<{ events: unknown[]; message: string }>('POST', '/api/events/generate', { category_id: category });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ events: [], message: 'No new results.' });
    expect(await balance()).toBe((before ?? 0) - 420);
    const run = await lastRunOf(category);
    expect(run).toMatchObject({
      status: statusNames.noNewResults,
      charged_tokens: 420,
      items_proposed: 3,
      items_known: 3,
      items_added: 0,
      items_dropped: 0,
    });
    const [entry] = await historyOf(category);
    expect(entry?.message).toBe(
      '<p>No new results for the events of Agricultural Machinery.</p><p>3 proposed, all already known; 420 tokens charged.</p><p>AI model: test-model.</p>',
    );
  });

  it('a provider that did not answer (an error) costs nothing, and the run says nothing was charged', async () => {
    const category = await ids.category('Audio Equipment');
    const before = await balance();
    fake.enqueue(errorAnswer(400, 'refused'));
    const res = await call<{ message: string }>('POST', '/api/events/generate', { category_id: category });
    expect(res.status).toBe(502);
    expect(await balance()).toBe(before);
    expect(await lastRunOf(category)).toMatchObject({
      status: statusNames.failed,
      charged_tokens: 0,
      charge_basis: 'none',
      items_proposed: 0,
    });
  });
});
