import { getEventListeners } from 'node:events';
import { Writable } from 'node:stream';
import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { generateAnswer } from '../../contract/generation';
import { generateModelsAnswer } from '../../contract/equipments';
import { generateEventsAnswer } from '../../contract/events';
import { modelTypes, statusNames } from '../../contract/statuses';
import { buildApp, redactedLogPaths } from '../app';
import type { AiConfig } from '../config';
import type { Database } from '../db/client';
import { brandInformations, brands, equipments, events, generationRuns, tokenLedger } from '../db/schema';
import { seedDemo } from '../seed/demo';
import { createTestApp, testConfig, type TestApp } from '../test/app';
import { caller, demoIds, type CatalogueCall, type DemoIds } from '../test/catalogue';
import { availableEngines } from '../test/databases';
import { createOpenAiProvider } from './openai-provider';
import { answerSchema } from './structured-output';
import { balanceOf, eventually, statusOf } from './test-support/queries';
import {
  contentAnswer,
  delayed,
  errorAnswer,
  listAnswer,
  startFakeOpenAi,
  type ChatRequestBody,
  type FakeOpenAi,
} from './test-support/fake-openai';

/**
 * The generation engine with AI_PROVIDER=openai: the real app, the real `openai` client, and a fake
 * OpenAI-compatible endpoint on loopback (test-support/fake-openai.ts) standing in for the provider.
 */

const engines = await availableEngines();

const apiKey = 'sk-test-secret';
const maxOutputTokens = 4000;

function openAiConfig(fake: FakeOpenAi, timeoutMs = 2000): AiConfig {
  return { provider: 'openai', baseUrl: fake.baseUrl, apiKey, model: 'test-model', timeoutMs, maxOutputTokens };
}

/** What the runner's estimate comes to for the prompt that was sent: its tokens (4 characters each) and the largest answer. */
function estimateOf(body: ChatRequestBody): number {
  return body.messages.reduce((sum, message) => sum + Math.ceil(message.content.length / 4), 0) + maxOutputTokens;
}

/** The tables a generation may add to or charge (not the runs and statuses, which every run writes). */
const catalogueTables = ['categories', 'subcategories', 'events', 'brands', 'brand_informations', 'equipments', 'token_ledger', 'users'];

/** A digest of every row of the catalogue and the balances: equal before and after a failed run shows it added and charged nothing. */
async function catalogueDigest(db: Database): Promise<string> {
  const parts = catalogueTables.map(
    (name) => `select '${name}' as t, md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as h from "${name}" x`,
  );
  const result = await db.execute(
    sql.raw(`select string_agg(t || ':' || h, ',' order by t) as digest from (${parts.join(' union all ')}) d`),
  );
  return (result as unknown as { rows: { digest: string }[] }).rows[0]?.digest ?? '';
}

async function lastRun(
  db: Database,
  where: { type: 'Events' | 'Brands' | 'Equipments'; categoryId?: number; subcategoryId?: number; brandId?: number },
) {
  const [run] = await db
    .select()
    .from(generationRuns)
    .where(
      and(
        eq(generationRuns.type, where.type),
        where.categoryId === undefined ? undefined : eq(generationRuns.categoryId, where.categoryId),
        where.subcategoryId === undefined ? undefined : eq(generationRuns.subcategoryId, where.subcategoryId),
        where.brandId === undefined ? undefined : eq(generationRuns.brandId, where.brandId),
      ),
    )
    .orderBy(desc(generationRuns.id))
    .limit(1);
  return run;
}

type EventAnswer = { events: { name: string; category_id: number; [field: string]: unknown }[]; message: string };

describe.each(engines)('generation through an OpenAI-compatible endpoint on %s', (engine) => {
  let fake: FakeOpenAi;
  let t: TestApp;
  let call: CatalogueCall;
  let ids: DemoIds;
  let userId: number;
  let headers: { authorization: string };
  const balance = () => balanceOf(t.database.db, userId);

  beforeAll(async () => {
    fake = await startFakeOpenAi();
    t = await createTestApp(engine, { ai: openAiConfig(fake), generation: { concurrency: 2, pollMs: 100, leaseMs: 30_000 } });
    await seedDemo(t.database.db, { email: 'demo-seed@example.com', password: 'password123' });
    const session = await t.signIn({ tokens: 200_000 });
    userId = session.userId;
    headers = session.headers;
    call = caller(t, session.headers);
    ids = await demoIds(t.database.db);
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });
  beforeEach(() => fake.reset());

  it('POST /api/events/generate sends the prompt with its JSON schema and the key, stores the valid new events and charges the usage', async () => {
    const category = await ids.category('Construction Equipment');
    const before = await balance();
    const eventsBefore = await t.database.db.select({ name: events.name }).from(events).where(eq(events.categoryId, category));
    expect(eventsBefore.map((e) => e.name)).toContain('bauma 2028');
    fake.enqueue(
      listAnswer(
        'events',
        [
          {
            name: '  Demo Build Expo 2027 ',
            description: 'Builders meet.',
            address: 'Berlin, Germany',
            website: 'https://demo-build.example/expo',
            event_type: 'Trade Fair',
            start_date: '2027-05-10',
            end_date: '2027-05-12',
            seo_title: 'Demo Build Expo 2027',
            seo_description: 'Dates and venue.',
          },
          // Kept, but its unsafe website and its end before the start are dropped.
          { name: 'Beta Build Summit', website: 'javascript:alert(1)', start_date: '2027-06-01', end_date: '2027-05-01' },
          { description: 'An event without a name' },
          { name: 'Impossible Date Fair', start_date: '2027-13-45' },
          { name: 'Slashed Date Fair', start_date: '10/05/2027' },
          { name: 'BAUMA 2028' }, // already in the category, in another case
          { name: 'beta build summit' }, // repeated within the answer
        ],
        { prompt_tokens: 1234, completion_tokens: 567 },
      ),
    );

    const res = await call<EventAnswer>('POST', '/api/events/generate', { category_id: category });
    expect(res.status).toBe(200);
    expect(generateEventsAnswer.safeParse(res.body).success).toBe(true);

    // What the provider was sent.
    expect(fake.requests).toHaveLength(1);
    const [request] = fake.requests;
    expect(request?.method).toBe('POST');
    expect(request?.url).toBe('/v1/chat/completions');
    expect(request?.headers.authorization).toBe(`Bearer ${apiKey}`);
    expect(request?.headers['content-type']).toMatch(/^application\/json/);
    const body = fake.chatBodies()[0];
    expect(body).toMatchObject({
      model: 'test-model',
      response_format: { type: 'json_schema', json_schema: { name: 'events_answer', strict: true, schema: answerSchema('events') } },
      max_tokens: maxOutputTokens,
    });
    expect(body?.messages.map((m) => m.role)).toEqual(['system', 'user']);
    expect(body?.messages[0]?.content).toContain('Answer with one JSON object');
    expect(body?.messages[1]?.content).toContain('for the category "Construction Equipment"');
    expect(body?.messages[1]?.content).toContain('{"events": [');
    expect(body?.messages[1]?.content).toContain('"bauma 2028"'); // the known names, not to be repeated

    // The answer: exactly the valid, new items.
    const answered = [...res.body.events].sort((a, b) => a.name.localeCompare(b.name));
    expect(answered).toEqual([
      expect.objectContaining({
        category_id: category,
        name: 'Beta Build Summit',
        description: null,
        website: null,
        start_date: '2027-06-01',
        end_date: null,
      }),
      expect.objectContaining({
        category_id: category,
        name: 'Demo Build Expo 2027',
        description: 'Builders meet.',
        address: 'Berlin, Germany',
        website: 'https://demo-build.example/expo',
        event_type: 'Trade Fair',
        start_date: '2027-05-10',
        end_date: '2027-05-12',
        seo_title: 'Demo Build Expo 2027',
        seo_description: 'Dates and venue.',
      }),
    ]);
    expect(res.body.message).toBe('Generated 2 new events.');
    const eventsAfter = await t.database.db.select({ name: events.name }).from(events).where(eq(events.categoryId, category));
    expect(eventsAfter.map((e) => e.name).sort()).toEqual(
      [...eventsBefore.map((e) => e.name), 'Beta Build Summit', 'Demo Build Expo 2027'].sort(),
    );

    // The run, its charge and the status.
    const run = await lastRun(t.database.db, { type: 'Events', categoryId: category });
    expect(run).toMatchObject({
      status: statusNames.generated,
      userId,
      inputTokens: 1234,
      outputTokens: 567,
      totalTokens: 1801,
      chargedTokens: 1801,
    });
    expect(run?.finishedAt).not.toBeNull();
    expect(run?.message).toContain('AI model: test-model.');
    expect(await balance()).toBe((before ?? 0) - 1801);
    const ledger = await t.database.db
      .select()
      .from(tokenLedger)
      .where(eq(tokenLedger.reference, `run:${run?.id}`));
    expect(ledger).toEqual([expect.objectContaining({ userId, delta: -1801, reason: 'generation' })]);
    expect(await statusOf(t.database.db, { modelType: modelTypes.event, categoryId: category })).toMatchObject({
      name: statusNames.generated,
      message: 'Generated 2 new events.',
    });
  });

  it('charges a usage larger than the estimate only up to the estimate', async () => {
    const category = await ids.category('Fitness Equipment');
    const before = await balance();
    fake.enqueue(listAnswer('events', [{ name: 'Costly Fitness Expo' }], { prompt_tokens: 60_000, completion_tokens: 70_000 }));
    const res = await call<EventAnswer>('POST', '/api/events/generate', { category_id: category });
    expect(res.status).toBe(200);
    expect(res.body.events.map((e) => e.name)).toEqual(['Costly Fitness Expo']);
    const body = fake.chatBodies()[0];
    if (!body) throw new Error('the provider was not called');
    const estimate = estimateOf(body);
    expect(estimate).toBeGreaterThan(maxOutputTokens);
    expect(estimate).toBeLessThan(130_000);
    const run = await lastRun(t.database.db, { type: 'Events', categoryId: category });
    expect(run).toMatchObject({
      status: statusNames.generated,
      inputTokens: 60_000,
      outputTokens: 70_000,
      totalTokens: 130_000,
      chargedTokens: estimate,
    });
    expect(await balance()).toBe((before ?? 0) - estimate);
  });

  it('a provider failing with HTTP 500 is retried twice, then the call answers 502, the run fails and nothing is added or charged', async () => {
    const category = await ids.category('Medical Devices');
    const before = await catalogueDigest(t.database.db);
    const balanceBefore = await balance();
    fake.always(errorAnswer(500, 'upstream exploded'));
    const res = await call<{ message: string }>('POST', '/api/events/generate', { category_id: category });
    expect(res.status).toBe(502);
    expect(res.body.message).toMatch(/^The AI provider refused the request \(HTTP 500\)/);
    expect(res.body.message).toBe('The AI provider refused the request (HTTP 500): upstream exploded');
    expect(fake.requests).toHaveLength(3); // 1 + maxRetries (2)
    expect(new Set(fake.requests.map((r) => JSON.stringify(r.body))).size).toBe(1);

    const run = await lastRun(t.database.db, { type: 'Events', categoryId: category });
    expect(run).toMatchObject({ status: statusNames.failed, chargedTokens: 0, inputTokens: 0, outputTokens: 0 });
    expect(run?.message).toBe('<p>The AI provider refused the request (HTTP 500): upstream exploded</p>');
    expect(await statusOf(t.database.db, { modelType: modelTypes.event, categoryId: category })).toMatchObject({
      name: statusNames.failed,
      message: 'The AI provider refused the request (HTTP 500): upstream exploded',
    });
    expect(await balance()).toBe(balanceBefore);
    expect(await catalogueDigest(t.database.db)).toBe(before);
  });

  it('a refusal that is not worth retrying (HTTP 400) is asked once; a 503 then an answer succeeds on the retry', async () => {
    const category = await ids.category('Medical Devices');
    const before = await catalogueDigest(t.database.db);
    fake.enqueue(errorAnswer(400, "Invalid 'max_tokens': too large for this model."));
    const refused = await call<{ message: string }>('POST', '/api/events/generate', { category_id: category });
    expect(refused.status).toBe(502);
    expect(refused.body.message).toBe("The AI provider refused the request (HTTP 400): Invalid 'max_tokens': too large for this model.");
    expect(fake.requests).toHaveLength(1);
    expect(await catalogueDigest(t.database.db)).toBe(before);

    fake.reset();
    const balanceBefore = await balance();
    fake.enqueue(
      errorAnswer(503, 'overloaded'),
      listAnswer('events', [{ name: 'Second Try Medtech Forum' }], { prompt_tokens: 700, completion_tokens: 80 }),
    );
    const res = await call<EventAnswer>('POST', '/api/events/generate', { category_id: category });
    expect(res.status).toBe(200);
    expect(res.body.events.map((e) => e.name)).toEqual(['Second Try Medtech Forum']);
    expect(fake.requests).toHaveLength(2);
    const run = await lastRun(t.database.db, { type: 'Events', categoryId: category });
    expect(run).toMatchObject({ status: statusNames.generated, chargedTokens: 780 });
    expect(await balance()).toBe((balanceBefore ?? 0) - 780);
  });

  it('an answer that is not JSON, cut off, or without the list fails the run and adds nothing, but is charged: the provider answered', async () => {
    const category = await ids.category('Agricultural Machinery');
    const eventsBefore = await t.database.db.select().from(events).where(eq(events.categoryId, category));
    const cases: [ReturnType<typeof contentAnswer>, string][] = [
      [
        contentAnswer('Here are the events you asked for: Agritechnica 2029.', { prompt_tokens: 300, completion_tokens: 40 }),
        "The AI provider's answer is not JSON.",
      ],
      [
        contentAnswer('{"events": [{"name": "Agri Expo', { prompt_tokens: 300, completion_tokens: 3000 }, 'length'),
        "The AI provider's answer is not JSON (it was cut off at the token limit).",
      ],
      [
        contentAnswer('{"items": [{"name": "Field Days 2027"}]}', { prompt_tokens: 300, completion_tokens: 40 }),
        'The AI provider\'s answer has no "events" list.',
      ],
      [
        contentAnswer('{"events": {"name": "Field Days 2027"}}', { prompt_tokens: 300, completion_tokens: 40 }),
        'The AI provider\'s answer has no "events" list.',
      ],
    ];
    for (const [answer, reason] of cases) {
      fake.reset();
      fake.enqueue(answer);
      const balanceBefore = await balance();
      const res = await call<{ message: string }>('POST', '/api/events/generate', { category_id: category });
      expect(res.status).toBe(502);
      const body = fake.chatBodies()[0];
      if (!body || answer.kind !== 'completion' || !answer.usage) throw new Error('the provider was not called');
      // The provider answered: what it reports is charged (less than the run held here), and the answer says so.
      const charged = answer.usage.prompt_tokens + answer.usage.completion_tokens;
      expect(charged).toBeLessThan(estimateOf(body));
      expect(res.body.message).toBe(`${reason} Nothing could be read from the answer; ${charged.toLocaleString('en-US')} tokens charged.`);
      expect(fake.requests).toHaveLength(1); // a 200 answer is never retried
      const run = await lastRun(t.database.db, { type: 'Events', categoryId: category });
      expect(run).toMatchObject({
        status: statusNames.failed,
        inputTokens: 300,
        chargedTokens: charged,
        chargeBasis: 'reported',
        itemsAdded: 0,
        heldTokens: 0,
      });
      expect(await balance()).toBe((balanceBefore ?? 0) - charged);
      expect((await statusOf(t.database.db, { modelType: modelTypes.event, categoryId: category }))?.name).toBe(statusNames.failed);
    }
    expect(await t.database.db.select().from(events).where(eq(events.categoryId, category))).toEqual(eventsBefore);
  });

  it('POST /api/brands/generate queues the run; the worker stores the brands with their information and only allowed socials', async () => {
    const subcategory = await ids.subcategory('Bulldozers');
    const before = await balance();
    fake.enqueue(
      listAnswer(
        'brands',
        [
          {
            name: 'Alpha Dozers',
            seo_title: 'Alpha Dozers bulldozers',
            seo_description: 'Crawler dozers from Alpha.',
            website: 'https://alpha-dozers.example',
            country: 'Germany',
            address: 'Industriestr. 1, Hamburg',
            phone_number: '+49 40 123456',
            email: 'sales@alpha-dozers.example',
            socials: [
              { type: 'linkedin', url: 'https://www.linkedin.com/company/alpha-dozers' },
              { type: 'instagram', url: 'https://www.instagram.com/alpha-dozers' }, // not an allowed type
              { type: 'x', url: 'http://x.com/alphadozers' }, // not https
              { type: 'facebook', url: 'https://www.facebook.com/alphadozers' },
              'https://crunchbase.com/alpha', // not an object
            ],
          },
          { name: 'Beta Track', website: 'ftp://beta-track.example', country: 'Japan', email: 'not-an-email', socials: null },
          { name: '   ' },
          { name: 42 },
        ],
        { prompt_tokens: 900, completion_tokens: 300 },
      ),
    );

    const res = await call('POST', '/api/brands/generate', { subcategory_id: subcategory });
    expect(res.status).toBe(200);
    expect(generateAnswer.parse(res.body)).toMatchObject({ success: true, message: 'Generating brands for Bulldozers.' });
    const done = await eventually(async () => {
      const status = await statusOf(t.database.db, { modelType: modelTypes.brand, subcategoryId: subcategory });
      return status?.name === statusNames.inProgress ? undefined : status;
    });
    expect(done).toMatchObject({ name: statusNames.generated, message: 'Generated 2 new brands.' });

    expect(fake.requests).toHaveLength(1);
    const body = fake.chatBodies()[0];
    expect(body?.messages[1]?.content).toContain('manufacturers (brands) of "Bulldozers" in the category "Construction Equipment"');
    expect(body?.messages[1]?.content).toContain('{"brands": [');

    const added = await t.database.db
      .select({ id: brands.id, name: brands.name, seoTitle: brands.seoTitle, socials: brands.socials, info: brandInformations })
      .from(brands)
      .leftJoin(brandInformations, eq(brandInformations.brandId, brands.id))
      .where(eq(brands.subcategoryId, subcategory))
      .orderBy(brands.name);
    expect(added.map((b) => b.name)).toEqual(['Alpha Dozers', 'Beta Track']);
    const [alpha, beta] = added;
    expect(alpha?.seoTitle).toBe('Alpha Dozers bulldozers');
    expect(JSON.parse(alpha?.socials ?? 'null')).toEqual([
      { type: 'linkedin', url: 'https://www.linkedin.com/company/alpha-dozers' },
      { type: 'facebook', url: 'https://www.facebook.com/alphadozers' },
    ]);
    expect(alpha?.info).toMatchObject({
      website: 'https://alpha-dozers.example',
      country: 'Germany',
      address: 'Industriestr. 1, Hamburg',
      phoneNumber: '+49 40 123456',
      email: 'sales@alpha-dozers.example',
    });
    expect(beta?.socials).toBeNull();
    expect(beta?.info).toMatchObject({ website: null, country: 'Japan', email: null });

    const run = await lastRun(t.database.db, { type: 'Brands', subcategoryId: subcategory });
    expect(run).toMatchObject({ status: statusNames.generated, userId, inputTokens: 900, outputTokens: 300, chargedTokens: 1200 });
    expect(await balance()).toBe((before ?? 0) - 1200);
  });

  it("POST /api/equipments/generate-models asks for the brand's models and answers the new ones", async () => {
    const subcategory = await ids.subcategory('Microphones');
    const brand = await ids.brand('Shure');
    fake.enqueue(
      listAnswer(
        'models',
        [
          { model: 'sm7db' }, // already known, in another case
          { model: 'MV7+', year: '2024', tags: ['usb', ' usb ', 'podcast'], is_manufactured: false, description: 'A USB microphone.' },
          { model: '' },
        ],
        { prompt_tokens: 500, completion_tokens: 120 },
      ),
    );
    const res = await call<{ models: { brand: string; model: string; brand_id: number; year: number | null }[] }>(
      'POST',
      '/api/equipments/generate-models',
      {
        brand,
        subcategory_id: subcategory,
      },
    );
    expect(res.status).toBe(200);
    expect(generateModelsAnswer.safeParse(res.body).success).toBe(true);
    expect(res.body.models).toEqual([expect.objectContaining({ brand: 'Shure', brand_id: brand, model: 'MV7+', year: 2024 })]);
    const user = fake.chatBodies()[0]?.messages[1]?.content ?? '';
    expect(user).toContain('models of "Microphones" made by "Shure" (category "Audio Equipment")');
    expect(user).toContain('"SM7dB"');
    const [stored] = await t.database.db
      .select()
      .from(equipments)
      .where(and(eq(equipments.brandId, brand), eq(equipments.model, 'MV7+')));
    expect(stored).toMatchObject({ tags: ['usb', 'podcast'], isManufactured: false, description: 'A USB microphone.' });
    expect((await lastRun(t.database.db, { type: 'Equipments', brandId: brand }))?.chargedTokens).toBe(620);
  });

  it("stores an answer's text as text can be stored: cut on character boundaries, without NUL or half a surrogate pair", async () => {
    const subcategory = await ids.subcategory('Studio Monitors');
    const brand = await ids.brand('Genelec');
    const longTag = `${'a'.repeat(63)}😀`;
    fake.enqueue(
      listAnswer('models', [
        {
          model: 'Edge\u0000 8361',
          tags: [`${longTag}b`, 'ok\ud800'],
          description: 'Three-way\u0000 monitor \udc00',
          seo_title: `${'😀'.repeat(300)}`,
        },
      ]),
    );
    const res = await call<{ models: { model: string; tags: string[]; description: string | null }[] }>(
      'POST',
      '/api/equipments/generate-models',
      {
        brand,
        subcategory_id: subcategory,
      },
    );
    expect(res.status).toBe(200);
    expect(res.body.models).toEqual([
      expect.objectContaining({ model: 'Edge 8361', tags: [longTag, 'ok\ufffd'], description: 'Three-way monitor \ufffd' }),
    ]);
    const [stored] = await t.database.db
      .select()
      .from(equipments)
      .where(and(eq(equipments.brandId, brand), eq(equipments.model, 'Edge 8361')));
    expect(stored?.tags).toEqual([longTag, 'ok\ufffd']);
    expect(stored?.seoTitle).toBe('😀'.repeat(255));
    expect((await lastRun(t.database.db, { type: 'Equipments', brandId: brand }))?.status).toBe(statusNames.generated);
  });

  it('a run whose every row the database refuses ends Failed, each row dropped alone and said so, charged by the rule, its target free again', async () => {
    const category = await ids.category('Fitness Equipment');
    const eventsBefore = await t.database.db.select().from(events).where(eq(events.categoryId, category));
    const balanceBefore = await balance();
    // The database refuses the rows, as a trigger of its own would.
    await t.database.db.execute(
      sql.raw(`create function refuse_events() returns trigger language plpgsql as $$ begin raise exception 'disk full'; end $$`),
    );
    await t.database.db.execute(
      sql.raw('create trigger refuse_events before insert on events for each row execute function refuse_events()'),
    );
    try {
      fake.enqueue(listAnswer('events', [{ name: 'Unstorable Expo' }], { prompt_tokens: 250, completion_tokens: 50 }));
      const res = await call<{ message: string }>('POST', '/api/events/generate', { category_id: category });
      expect(res.status).toBe(502);
      expect(res.body.message).toBe(
        'The one event the AI provider proposed could not be stored. 1 proposed: 1 dropped (refused by the database); 300 tokens charged.',
      );
    } finally {
      await t.database.db.execute(sql.raw('drop trigger refuse_events on events'));
      await t.database.db.execute(sql.raw('drop function refuse_events()'));
    }
    const run = await lastRun(t.database.db, { type: 'Events', categoryId: category });
    expect(run).toMatchObject({
      status: statusNames.failed,
      chargedTokens: 300,
      heldTokens: 0,
      leaseUntil: null,
      itemsProposed: 1,
      itemsDropped: 1,
      droppedReasons: [{ reason: 'refused by the database', count: 1 }],
    });
    expect(run?.finishedAt).not.toBeNull();
    expect(await balance()).toBe((balanceBefore ?? 0) - 300);
    expect(await t.database.db.select().from(events).where(eq(events.categoryId, category))).toEqual(eventsBefore);
    expect((await statusOf(t.database.db, { modelType: modelTypes.event, categoryId: category }))?.name).toBe(statusNames.failed);

    fake.enqueue(listAnswer('events', [{ name: 'Storable Expo' }]));
    const again = await call<{ events: { name: string }[] }>('POST', '/api/events/generate', { category_id: category });
    expect(again.status).toBe(200);
    expect(again.body.events.map((e) => e.name)).toEqual(['Storable Expo']);
  });

  it('a provider slower than the timeout fails the run with "did not answer in time" after the retries', async () => {
    // A second process on the same database, whose provider gives up after 300 ms an attempt.
    const slow = await buildApp(
      testConfig({ ai: openAiConfig(fake, 300), generation: { concurrency: 1, pollMs: 60_000, leaseMs: 30_000 } }),
      {
        database: t.database,
        logger: false,
      },
    );
    try {
      await slow.ready();
      const category = await ids.category('Drones');
      const before = await catalogueDigest(t.database.db);
      const balanceBefore = await balance();
      fake.always(delayed(5_000, listAnswer('events', [{ name: 'Too Late Expo' }])));
      const res = await slow.inject({
        method: 'POST',
        url: '/api/events/generate',
        headers: { ...headers, 'x-requested-with': 'XMLHttpRequest' },
        payload: { category_id: category },
      });
      expect(res.statusCode).toBe(502);
      expect(res.json()).toEqual({ message: 'The AI provider did not answer in time.' });
      expect(fake.requests).toHaveLength(3); // 1 + maxRetries (2), each given up after 300 ms
      const run = await lastRun(t.database.db, { type: 'Events', categoryId: category });
      expect(run).toMatchObject({
        status: statusNames.failed,
        chargedTokens: 0,
        message: '<p>The AI provider did not answer in time.</p>',
      });
      expect((await statusOf(t.database.db, { modelType: modelTypes.event, categoryId: category }))?.name).toBe(statusNames.failed);
      expect(await balance()).toBe(balanceBefore);
      expect(await catalogueDigest(t.database.db)).toBe(before);
    } finally {
      await slow.close();
    }
  });

  it('never writes the API key to the log, even at trace level and when the provider quotes it back', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer | string, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const consoleText: string[] = [];
    const spies = (['log', 'info', 'warn', 'error', 'debug'] as const).map((level) =>
      vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
        consoleText.push(args.map((a) => (typeof a === 'string' ? a : JSON.stringify(a))).join(' '));
      }),
    );
    // A second process on the same database, logging everything as production does (same redactions).
    const config = testConfig({ ai: openAiConfig(fake), generation: { concurrency: 1, pollMs: 60_000, leaseMs: 30_000 } });
    const app = await buildApp(config, { database: t.database, logger: { level: 'trace', redact: redactedLogPaths, stream } });
    try {
      await app.ready();
      const category = await ids.category('Audio Equipment');
      const generate = () =>
        app.inject({
          method: 'POST',
          url: '/api/events/generate',
          headers: { ...headers, 'x-requested-with': 'XMLHttpRequest' },
          payload: { category_id: category },
        });

      fake.enqueue(errorAnswer(401, `Incorrect API key provided: ${apiKey}.`));
      const failed = await generate();
      expect(failed.statusCode).toBe(502);
      // The provider quoted the key: the answer (also stored with the run and shown to operators) masks it.
      expect(failed.json<{ message: string }>().message).toBe(
        'The AI provider refused the request (HTTP 401): Incorrect API key provided: ***.',
      );

      fake.enqueue(listAnswer('events', [{ name: 'Logged Audio Show' }], { prompt_tokens: 10, completion_tokens: 20 }));
      const succeeded = await generate();
      expect(succeeded.statusCode).toBe(200);

      // The key was really in play: the provider got it on both calls.
      expect(fake.requests.map((r) => r.headers.authorization)).toEqual([`Bearer ${apiKey}`, `Bearer ${apiKey}`]);
      const logged = lines.join('');
      expect(logged).toContain('generation run finished');
      expect(logged).toContain('/api/events/generate');
      expect(logged).not.toContain(apiKey);
      expect(consoleText.join('\n')).not.toContain(apiKey);
    } finally {
      for (const spy of spies) spy.mockRestore();
      await app.close();
    }
  });
});

describe('the OpenAI provider on its own', () => {
  let fake: FakeOpenAi;
  beforeAll(async () => {
    fake = await startFakeOpenAi();
  });
  afterAll(() => fake.close());

  it('leaves no listener on the signal it is given (the worker passes one signal to every call it ever makes)', async () => {
    const provider = await createOpenAiProvider({ apiKey, baseUrl: fake.baseUrl, model: 'test-model', timeoutMs: 2000, maxOutputTokens });
    const lifetime = new AbortController();
    fake.enqueue(
      listAnswer('events', [{ name: 'One' }]),
      errorAnswer(503, 'busy', { 'retry-after-ms': '0' }),
      listAnswer('brands', [{ name: 'Two' }]),
      errorAnswer(400, 'refused'),
    );
    const request = { category: 'Drones', subcategory: 'Quadcopters', known: [], rejected: [], count: 3 };
    expect((await provider.events(request, lifetime.signal)).items.map((e) => e.name)).toEqual(['One']);
    expect((await provider.brands(request, lifetime.signal)).items.map((b) => b.name)).toEqual(['Two']);
    await expect(provider.models({ ...request, brand: 'DJI' }, lifetime.signal)).rejects.toThrow(
      'The AI provider refused the request (HTTP 400): refused',
    );
    expect(fake.requests).toHaveLength(4);
    expect(getEventListeners(lifetime.signal, 'abort')).toEqual([]);
  });

  it('a call whose signal is aborted stops at once and says so', async () => {
    const provider = await createOpenAiProvider({ apiKey, baseUrl: fake.baseUrl, model: 'test-model', timeoutMs: 10_000, maxOutputTokens });
    fake.reset();
    fake.always(delayed(5_000, listAnswer('events', [{ name: 'Never' }])));
    const lifetime = new AbortController();
    const pending = provider.events({ category: 'Drones', known: [], rejected: [], count: 3 }, lifetime.signal);
    await eventually(async () => (fake.requests.length > 0 ? true : undefined));
    lifetime.abort();
    await expect(pending).rejects.toThrow('The generation was stopped before the AI provider answered.');
    expect(fake.requests).toHaveLength(1);
  });
});
