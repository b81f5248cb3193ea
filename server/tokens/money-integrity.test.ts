import { asc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { statusNames } from '../../contract/statuses';
import { brands, categories, generationRuns, subcategories, tokenLedger, users } from '../db/schema';
import { errorAnswer, heldAnswer, listAnswer, startFakeOpenAi, type FakeOpenAi } from '../generation/test-support/fake-openai';
import { eventually } from '../generation/test-support/queries';
import { createTestApp, type TestApp } from '../test/app';
import { caller } from '../test/catalogue';
import { availableEngines } from '../test/databases';

/**
 * Money integrity (docs/decisions/0004-token-ledger-and-holds.md): 20 runs queued at once on a balance that cannot hold them all, some answered,
 * some failed by the provider, some cancelled while queued or working. Once every run has ended: the ledger sums to
 * the balance, every charge belongs to a run that ended with a result and equals what it was charged, no cancelled,
 * failed or unpaid run is charged or stored anything, nothing is held any more, and no balance ever went below zero.
 * The real app, the real `openai` client, a fake OpenAI-compatible endpoint on loopback.
 */

const runCount = 20;
const maxOutputTokens = 4_000;
/**
 * Covers the holds of the six runs that work at once (each holds its prompt plus 4,000), so every generate call is
 * accepted; the charges (up to about 4,000 a run) then use it up, so the last runs cannot hold and end unpaid.
 */
const startingBalance = 32_000;

describe.each(await availableEngines())('money integrity under 20 concurrent runs with cancels and failures, on %s', (engine) => {
  let fake: FakeOpenAi;
  let t: TestApp;

  beforeAll(async () => {
    fake = await startFakeOpenAi();
    t = await createTestApp(engine, {
      ai: { provider: 'openai', baseUrl: fake.baseUrl, apiKey: 'sk-test', model: 'test-model', timeoutMs: 20_000, maxOutputTokens },
      generation: { concurrency: 6, pollMs: 50, leaseMs: 30_000 },
    });
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  it('keeps the ledger, the balance, the holds and the runs in agreement', async () => {
    const [category] = await t.database.db.insert(categories).values({ name: 'Integrity category' }).returning();
    const subs = await t.database.db
      .insert(subcategories)
      .values(Array.from({ length: runCount }, (_, i) => ({ categoryId: category!.id, name: `Integrity subcategory ${i + 1}` })))
      .returning({ id: subcategories.id });
    const { userId, headers } = await t.signIn({ tokens: startingBalance });
    const call = caller(t, headers);

    // One answer a provider call, in the order the calls come: every fourth fails, the others answer with a large
    // usage of their own. Each is held until the test lets it go, so nothing is answered, charged or ended before
    // every generate call is accepted and the cancels below are made: the order of events is the test's, not the clock's.
    const answers = Array.from({ length: runCount }, (_, i) =>
      heldAnswer(
        i % 4 === 3
          ? errorAnswer(400, `Refused ${i}`)
          : listAnswer('brands', [{ name: `Integrity Brand ${i}` }], { prompt_tokens: 90 + i, completion_tokens: 3_000 + 40 * i }),
      ),
    );
    fake.enqueue(...answers.map((held) => held.answer));
    const queued = await Promise.all(subs.map((sub) => call('POST', '/api/brands/generate', { subcategory_id: sub.id })));
    expect(queued.map((answer) => answer.status)).toEqual(Array(runCount).fill(200));
    const runs = await t.database.db.select().from(generationRuns).where(eq(generationRuns.userId, userId)).orderBy(asc(generationRuns.id));
    expect(runs).toHaveLength(runCount);

    // The first wave (six at once) is waiting on its provider calls. The run of a call is the subcategory its prompt names.
    await Promise.all(answers.slice(0, 6).map((held) => held.arrived));
    const runOfCall = (i: number) => {
      const prompt = (fake.chatBodies()[i]?.messages ?? []).map((message) => message.content).join('\n');
      const index = subs.findIndex((_, n) => prompt.includes(JSON.stringify(`Integrity subcategory ${n + 1}`)));
      return runs.find((run) => run.subcategoryId === subs[index]?.id);
    };
    const working = [runOfCall(0), runOfCall(1)];
    const waitingIds = new Set(Array.from({ length: 6 }, (_, i) => runOfCall(i)?.id));
    // Two runs still queued (the last two, which no freed place reaches first), then two whose provider call is open.
    const queuedToCancel = runs.filter((run) => !waitingIds.has(run.id)).slice(-2);
    for (const run of [...queuedToCancel, ...working]) {
      expect((await call('POST', `/api/runs/${run?.id}/cancel`)).status).toBe(200);
    }
    // A cancelled run's provider call is aborted, never answered: whatever it would have stored cannot come later.
    await Promise.all([answers[0]!.abandoned, answers[1]!.abandoned]);

    // Every other call is answered as it comes; the charges use the balance up, so the last runs cannot hold.
    for (const held of answers) void held.arrived.then(() => held.release());
    const ended = await eventually(async () => {
      const rows = await t.database.db.select().from(generationRuns).where(eq(generationRuns.userId, userId));
      return rows.every((run) => run.finishedAt !== null) ? rows : undefined;
    }, 60_000);
    expect(
      ended.filter((run) => [...queuedToCancel, ...working].some((cancelled) => cancelled?.id === run.id)).map((run) => run.status),
    ).toEqual(Array(4).fill(statusNames.cancelled));

    const [user] = await t.database.db.select().from(users).where(eq(users.id, userId));
    const ledger = await t.database.db.select().from(tokenLedger).where(eq(tokenLedger.userId, userId)).orderBy(asc(tokenLedger.id));
    const byId = new Map(ended.map((run) => [run.id, run]));
    const withResult = new Set<string>([statusNames.generated, statusNames.noNewResults]);

    // The ledger sums to the balance, row by row, never below zero; nothing is held any more.
    let running = 0;
    for (const row of ledger) {
      running += row.delta;
      expect(row.balanceAfter).toBe(running);
      expect(row.balanceAfter).toBeGreaterThanOrEqual(0);
    }
    expect(running).toBe(user!.tokens);
    expect(user!.heldTokens).toBe(0);
    expect(ended.every((run) => run.heldTokens === 0)).toBe(true);

    // Every charge belongs to a run that ended with a result, once, for what the run says it was charged.
    const charges = ledger.filter((row) => row.reason === 'generation');
    expect(new Set(charges.map((row) => row.runId)).size).toBe(charges.length);
    for (const charge of charges) {
      const run = byId.get(charge.runId ?? -1);
      expect(run && withResult.has(run.status)).toBe(true);
      expect(charge.delta).toBe(-run!.chargedTokens);
      expect(run!.chargedTokens).toBeLessThanOrEqual(run!.maxTokens);
    }
    for (const run of ended.filter((r) => withResult.has(r.status))) {
      expect(charges.some((charge) => charge.runId === run.id)).toBe(true);
    }

    // No cancelled, failed or unpaid run is charged or kept anything.
    const unpaid = ended.filter((run) => !withResult.has(run.status));
    expect(unpaid.length).toBeGreaterThan(0);
    expect(new Set(ended.map((run) => run.status))).toContain(statusNames.cancelled);
    expect(new Set(ended.map((run) => run.status))).toContain(statusNames.failed);
    expect(new Set(ended.map((run) => run.status))).toContain(statusNames.insufficientTokens);
    for (const run of unpaid) {
      expect(run.chargedTokens).toBe(0);
      expect(run.itemsAdded).toBe(0);
    }
    const unpaidSubcategories = unpaid.map((run) => run.subcategoryId!);
    const stored = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(brands)
      .where(inArray(brands.subcategoryId, unpaidSubcategories));
    expect(Number(stored[0]?.n)).toBe(0);
    expect(user!.tokens).toBe(startingBalance - charges.reduce((sum, row) => sum - row.delta, 0));
  });
});
