import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { statusNames } from '../../contract/statuses';
import { categories, generationRuns, subcategories, tokenLedger } from '../db/schema';
import { createTestApp, type TestApp } from '../test/app';
import { caller } from '../test/catalogue';
import { availableEngines } from '../test/databases';
import { readBalance } from '../tokens/ledger';
import { delayed, listAnswer, startFakeOpenAi, type FakeOpenAi } from './test-support/fake-openai';
import { eventually } from './test-support/queries';

/**
 * Money is held before work (docs/decisions/0004-token-ledger-and-holds.md): a run holds the most it may cost from the balance before its
 * provider is called, so runs started together cannot spend the same tokens twice; a run that cannot hold does not
 * start. The real app and `openai` client, a fake OpenAI-compatible endpoint on loopback that counts its calls.
 */

const maxOutputTokens = 4000;
/** Covers two runs (each holds its prompt, a few hundred tokens, plus 4,000), never three. */
const balanceForTwoRuns = 9_000;

describe.each(await availableEngines())('tokens held before a run starts, on %s', (engine) => {
  let fake: FakeOpenAi;
  let t: TestApp;
  let categoryIds: number[];
  let subcategoryIds: number[];

  beforeAll(async () => {
    fake = await startFakeOpenAi();
    t = await createTestApp(engine, {
      ai: { provider: 'openai', baseUrl: fake.baseUrl, apiKey: 'sk-test', model: 'test-model', timeoutMs: 20_000, maxOutputTokens },
      generation: { concurrency: 10, pollMs: 100, leaseMs: 30_000 },
    });
    const created = await t.database.db
      .insert(categories)
      .values(Array.from({ length: 10 }, (_, i) => ({ name: `Held category ${i + 1}` })))
      .returning({ id: categories.id });
    categoryIds = created.map((row) => row.id);
    const subs = await t.database.db
      .insert(subcategories)
      .values(Array.from({ length: 10 }, (_, i) => ({ categoryId: categoryIds[0] ?? 0, name: `Held subcategory ${i + 1}` })))
      .returning({ id: subcategories.id });
    subcategoryIds = subs.map((row) => row.id);
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });
  beforeEach(() => fake.reset());

  const providerCalls = () => fake.chatBodies().length;
  const chargesOf = async (userId: number) => t.database.db.select().from(tokenLedger).where(eq(tokenLedger.userId, userId));

  it('ten runs a request waits for, started at once on a balance that covers two: exactly two call the provider', async () => {
    const { userId, headers } = await t.signIn({ tokens: balanceForTwoRuns });
    const call = caller(t, headers);
    fake.always(delayed(1500, listAnswer('events', [{ name: 'Held Expo' }], { prompt_tokens: 100, completion_tokens: 200 })));

    const answers = await Promise.all(
      categoryIds.map((id) => call<{ message: string }>('POST', '/api/events/generate', { category_id: id })),
    );
    const codes = answers.map((answer) => answer.status).sort();
    expect(codes).toEqual([200, 200, 402, 402, 402, 402, 402, 402, 402, 402]);
    expect(answers.find((answer) => answer.status === 402)?.body.message).toMatch(
      /^Insufficient tokens: this generation needs up to [\d,]+ tokens; [\d,]+ are available \([\d,]+ held for runs under way\)\.$|^Insufficient tokens: this generation needs up to [\d,]+ tokens; the balance is [\d,]+\.$/,
    );
    expect(providerCalls()).toBe(2);
    // Each refused call changed nothing: no run of its target, nothing held or charged for it.
    const runs = await t.database.db.select().from(generationRuns).where(eq(generationRuns.userId, userId));
    expect(runs).toHaveLength(2);
    expect(runs.every((run) => run.status === statusNames.generated && run.heldTokens === 0 && run.chargedTokens === 300)).toBe(true);
    expect((await chargesOf(userId)).filter((row) => row.reason === 'generation').map((row) => row.delta)).toEqual([-300, -300]);
    expect(await readBalance(t.database.db, userId)).toEqual({
      tokens: balanceForTwoRuns - 600,
      held: 0,
      available: balanceForTwoRuns - 600,
    });
  });

  it('ten queued runs on a balance that covers two: exactly two call the provider, the others end "Insufficient tokens" at no cost', async () => {
    const { userId, headers } = await t.signIn({ tokens: balanceForTwoRuns });
    const call = caller(t, headers);
    fake.always(delayed(1500, listAnswer('brands', [{ name: 'Held Brand' }], { prompt_tokens: 100, completion_tokens: 200 })));

    const answers = await Promise.all(subcategoryIds.map((id) => call('POST', '/api/brands/generate', { subcategory_id: id })));
    // A request checks what is available when it arrives: some may already see the two holds and answer 402.
    expect(answers.every((answer) => answer.status === 200 || answer.status === 402)).toBe(true);
    const queued = answers.filter((answer) => answer.status === 200).length;
    expect(queued).toBeGreaterThanOrEqual(2);
    const finished = await eventually(async () => {
      const runs = await t.database.db.select().from(generationRuns).where(eq(generationRuns.userId, userId));
      return runs.length === queued && runs.every((run) => run.finishedAt !== null) ? runs : undefined;
    }, 30_000);

    expect(providerCalls()).toBe(2);
    const byStatus = (status: string) => finished.filter((run) => run.status === status);
    expect(byStatus(statusNames.generated)).toHaveLength(2);
    expect(byStatus(statusNames.insufficientTokens)).toHaveLength(queued - 2);
    expect(byStatus(statusNames.insufficientTokens).every((run) => run.chargedTokens === 0 && run.startedAt === null)).toBe(true);
    expect(finished.every((run) => run.heldTokens === 0)).toBe(true);
    expect((await chargesOf(userId)).filter((row) => row.reason === 'generation')).toHaveLength(2);
    expect(await readBalance(t.database.db, userId)).toEqual({
      tokens: balanceForTwoRuns - 600,
      held: 0,
      available: balanceForTwoRuns - 600,
    });
  });

  it('a run holds the most it may cost while it works, and the balance says so', async () => {
    const { userId, headers } = await t.signIn({ tokens: 50_000 });
    const call = caller(t, headers);
    fake.always(delayed(1500, listAnswer('brands', [{ name: 'Watched Brand' }], { prompt_tokens: 100, completion_tokens: 200 })));
    const subcategory = subcategoryIds[9] ?? 0;
    await t.database.db.delete(generationRuns).where(inArray(generationRuns.subcategoryId, [subcategory]));
    expect((await call('POST', '/api/brands/generate', { subcategory_id: subcategory })).status).toBe(200);

    const during = await eventually(async () => {
      const answer = await call<{ tokens: number; held_tokens: number }>('GET', '/api/user-tokens');
      return answer.body.held_tokens > 0 ? answer.body : undefined;
    });
    expect(during.tokens).toBe(50_000);
    expect(during.held_tokens).toBeGreaterThan(maxOutputTokens);
    const user = await call<{ tokens: number; held_tokens: number }>('GET', '/api/user');
    expect(user.body).toMatchObject({ tokens: 50_000, held_tokens: during.held_tokens });

    const after = await eventually(async () => {
      const answer = await call<{ tokens: number; held_tokens: number }>('GET', '/api/user-tokens');
      return answer.body.held_tokens === 0 ? answer.body : undefined;
    });
    expect(after.tokens).toBe(50_000 - 300);
    expect((await readBalance(t.database.db, userId))?.held).toBe(0);
  });

  it('runs a request waits for count against the same limit as queued runs', async () => {
    const limited = await createTestApp(engine, {
      ai: { provider: 'openai', baseUrl: fake.baseUrl, apiKey: 'sk-test', model: 'test-model', timeoutMs: 20_000, maxOutputTokens },
      generation: { concurrency: 2, pollMs: 100, leaseMs: 30_000 },
    });
    try {
      const created = await limited.database.db
        .insert(categories)
        .values(Array.from({ length: 6 }, (_, i) => ({ name: `Limited category ${i + 1}` })))
        .returning({ id: categories.id });
      const { headers } = await limited.signIn({ tokens: 100_000 });
      const call = caller(limited, headers);
      fake.always(delayed(600, listAnswer('events', [{ name: 'Busy Expo' }], { prompt_tokens: 100, completion_tokens: 200 })));
      const answers = await Promise.all(created.map((row) => call('POST', '/api/events/generate', { category_id: row.id })));
      expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200, 200]);
      expect(providerCalls()).toBe(6);
      expect(fake.mostAtOnce()).toBe(2);
    } finally {
      await limited.close();
    }
  });
});
