import { parse } from 'csv-parse/sync';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stripeWebhookApi } from '../../contract/stripe-webhook';
import type { TransactionsAnswer } from '../../contract/transactions';
import { categories, generationRuns } from '../db/schema';
import { type FakePaymentIntent, type FakeStripe, startFakeStripe } from '../payments/test-support/fake-stripe';
import { saveCard } from '../payments/test-support/saved-cards';
import { createTestApp, type TestApp } from '../test/app';
import { availableEngines } from '../test/databases';
import { holdForRun, settleRun } from './ledger';

/**
 * Token amounts past 2^31 (docs/decisions/0004-token-ledger-and-holds.md): 32-bit columns refused the purchase that
 * took a balance past 2,147,483,647 tokens after Stripe had taken the money. A balance above it is credited (by the
 * purchase and by its webhook), held, charged, and shown by every call that shows it, on both engines.
 */

const engines = await availableEngines();
const webhookSecret = 'whsec_large_balances';
const int4Max = 2 ** 31 - 1;

describe.each(engines)('balances past 2^31 on %s', (engine) => {
  let fake: FakeStripe;
  let t: TestApp;
  let userId: number;
  let headers: { authorization: string };
  beforeAll(async () => {
    fake = await startFakeStripe();
    t = await createTestApp(engine, { stripe: fake.config(webhookSecret) });
    ({ userId, headers } = await t.signIn({ tokens: int4Max - 1_000 }));
    await saveCard(t, fake, headers);
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  const get = async <T>(url: string) => {
    const res = await t.app.inject({ method: 'GET', url, headers });
    expect(res.statusCode, `${url}: ${res.body.slice(0, 200)}`).toBe(200);
    return res.json<T>();
  };
  const balance = () => get<{ tokens: number; held_tokens?: number }>('/api/user-tokens');
  const deliver = (event: unknown) => {
    const payload = JSON.stringify(event);
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret });
    return t.app.inject({
      method: 'POST',
      url: stripeWebhookApi.receive.path,
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      payload,
    });
  };

  const afterPurchase = int4Max - 1_000 + 10_000_000;
  const afterWebhook = afterPurchase + 10_000_000;
  const held = 2_160_000_000;
  const charged = 2_150_000_000;

  const webhookOf = (intent: FakePaymentIntent | undefined) =>
    deliver({ id: `evt_${intent?.id ?? 'none'}`, object: 'event', type: 'payment_intent.succeeded', data: { object: intent } });

  it('credits purchases that take the balance past 2^31, once each, whether the request or its webhook comes first', async () => {
    const bought = await t.app.inject({
      method: 'POST',
      url: '/api/purchase-tokens',
      headers: { ...headers, 'idempotency-key': 'past-int4-0001' },
      payload: { amount: 10_000_000, price: 290 },
    });
    expect(bought.statusCode, bought.body).toBe(200);
    expect(bought.json()).toEqual({ message: 'Successfully purchased 10,000,000 tokens.', tokens: afterPurchase });
    const replay = await webhookOf(fake.paymentIntents().at(-1));
    expect(replay.statusCode, replay.body).toBe(200);
    expect(await balance()).toEqual({ tokens: afterPurchase, held_tokens: 0 });

    // Stripe takes the next payment but its answer is lost: the request or the webhook credits it, once.
    fake.failAfterCapture('none');
    await t.app.inject({
      method: 'POST',
      url: '/api/purchase-tokens',
      headers: { ...headers, 'idempotency-key': 'past-int4-0002' },
      payload: { amount: 10_000_000, price: 290 },
    });
    fake.repairApi();
    const captured = fake.paymentIntents().at(-1);
    expect(captured).toMatchObject({ status: 'succeeded', amount: 29_000 });
    const hook = await webhookOf(captured);
    expect(hook.statusCode, hook.body).toBe(200);

    expect(await balance()).toEqual({ tokens: afterWebhook, held_tokens: 0 });
    expect((await get<{ tokens: number }>('/api/user')).tokens).toBe(afterWebhook);
    expect((await get<{ tokens: number }>('/api/overview')).tokens).toBe(afterWebhook);
  });

  it('holds and charges more than 2^31 tokens for one run, and shows its cost', async () => {
    const [category] = await t.database.db.insert(categories).values({ name: 'Large balances' }).returning();
    const [run] = await t.database.db
      .insert(generationRuns)
      // Ended, so that no worker takes it up: the ledger's hold and charge are what this test drives.
      .values({ type: 'Events', userId, categoryId: category!.id, status: 'Generated', finishedAt: new Date() })
      .returning();
    const runId = run!.id;

    await t.database.db.transaction((tx) => holdForRun(tx, { userId, runId, amount: held }));
    expect(await balance()).toEqual({ tokens: afterWebhook, held_tokens: held });
    const [shown] = (await get<{ runs: { id: number; max_tokens: number }[] }>(`/api/runs?id=${runId}`)).runs;
    expect(shown).toMatchObject({ id: runId, max_tokens: held });

    const settled = await t.database.db.transaction((tx) => settleRun(tx, { userId, runId, charge: charged, description: 'Generation' }));
    expect(settled).toEqual({ charged, balance: { tokens: afterWebhook - charged, held: 0, available: afterWebhook - charged } });
    expect(await balance()).toEqual({ tokens: afterWebhook - charged, held_tokens: 0 });
  });

  it('shows every amount and balance as it is in the statement and its CSV', async () => {
    const statement = await get<TransactionsAnswer>('/api/transactions');
    expect(statement.transactions.map((row) => [row.type, row.tokens, row.balance_after])).toEqual([
      ['withdrawal', -charged, afterWebhook - charged],
      ['deposit', 10_000_000, afterWebhook],
      ['deposit', 10_000_000, afterPurchase],
      ['adjustment', int4Max - 1_000, int4Max - 1_000],
    ]);
    expect(statement.sums).toEqual({ deposits: 20_000_000, withdrawals: charged });

    const csv = await t.app.inject({ method: 'GET', url: '/api/transactions/export?columns=type,tokens,balance_after', headers });
    expect(csv.statusCode).toBe(200);
    expect(parse(csv.body.replace(/^\uFEFF/, ''))).toEqual([
      ['Type', 'Tokens Amount', 'Balance'],
      ['withdrawal', String(-charged), String(afterWebhook - charged)],
      ['deposit', '10000000', String(afterWebhook)],
      ['deposit', '10000000', String(afterPurchase)],
      ['adjustment', String(int4Max - 1_000), String(int4Max - 1_000)],
    ]);
  });
});
