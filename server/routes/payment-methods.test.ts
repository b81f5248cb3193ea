import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { paymentMessages, type PaymentMethodsChangeAnswer } from '../../contract/payment-methods';
import { buildApp } from '../app';
import { users } from '../db/schema';
import { type FakeStripe, startFakeStripe } from '../payments/test-support/fake-stripe';
import { saveCard } from '../payments/test-support/saved-cards';
import { testCards } from '../payments/test-support/test-cards';
import { createTestApp, type TestApp, testConfig } from '../test/app';
import { availableEngines, freshDatabase } from '../test/databases';

const engines = await availableEngines();

describe.each(engines)('payment methods on %s', (engine) => {
  let fake: FakeStripe;
  let t: TestApp;
  beforeAll(async () => {
    fake = await startFakeStripe();
    t = await createTestApp(engine, { stripe: fake.config() });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });
  afterEach(() => fake.repairApi());

  const customerIdOf = async (userId: number) =>
    (await t.database.db.select({ id: users.stripeCustomerId }).from(users).where(eq(users.id, userId)))[0]?.id ?? null;
  const list = async (headers: { authorization: string }) => {
    const res = await t.app.inject({ url: '/api/payment-methods', headers });
    expect(res.statusCode).toBe(200);
    return res.json<{ methods: Array<{ id: string; card: Record<string, unknown> }>; defaultPaymentMethod: string | null }>();
  };

  it('lists nothing for a new operator, without creating a customer', async () => {
    const { userId, headers } = await t.signIn();
    expect(await list(headers)).toEqual({ methods: [], defaultPaymentMethod: null });
    expect(await customerIdOf(userId)).toBeNull();
  });

  it('creates the Stripe customer on the first setup intent, stores it, and reuses it', async () => {
    const { userId, headers } = await t.signIn();
    const first = await t.app.inject({ method: 'POST', url: '/api/payment-methods/setup-intent', headers });
    expect(first.statusCode).toBe(200);
    expect(first.json<{ client_secret: string }>().client_secret).toMatch(/^seti_\w+_secret_\w+$/);
    const customerId = await customerIdOf(userId);
    expect(customerId).toMatch(/^cus_/);
    expect(fake.customer(customerId!)?.metadata).toEqual({ installation: t.app.payments?.installationId, user_id: String(userId) });

    const second = await t.app.inject({ method: 'POST', url: '/api/payment-methods/setup-intent', headers });
    expect(second.statusCode).toBe(200);
    expect(await customerIdOf(userId)).toBe(customerId);
    const created = fake.requests.filter((r) => r.method === 'POST' && r.path === '/v1/customers');
    expect(created.filter((r) => r.idempotencyKey?.includes(`user-${userId}-`))).toHaveLength(1);
  });

  it('records cards: the first becomes the default, the next does not; each shows brand, last 4 and expiry', async () => {
    const { headers } = await t.signIn();
    const visa = await saveCard(t, fake, headers, testCards.visa);
    const mastercard = await saveCard(t, fake, headers, testCards.mastercard);
    const answer = await list(headers);
    expect(answer.defaultPaymentMethod).toBe(visa);
    expect(answer.methods.map((m) => m.id).sort()).toEqual([visa, mastercard].sort());
    const year = new Date().getUTCFullYear() + 3;
    expect(answer.methods.find((m) => m.id === mastercard)?.card).toEqual({
      brand: 'mastercard',
      last4: '4444',
      exp_month: 12,
      exp_year: year,
    });
  });

  it('answers the message and the new list when a card is added, and attaches a card that is not attached yet', async () => {
    const { headers } = await t.signIn();
    await t.app.inject({ method: 'POST', url: '/api/payment-methods/setup-intent', headers });
    const loose = fake.createCard(testCards.mastercard);
    const res = await t.app.inject({ method: 'POST', url: '/api/payment-methods', headers, payload: { payment_method: loose } });
    expect(res.statusCode).toBe(200);
    const body = res.json<PaymentMethodsChangeAnswer>();
    expect(body.message).toBe(paymentMessages.added);
    expect(body.defaultPaymentMethod).toBe(loose);
    expect(body.methods.map((m) => m.id)).toEqual([loose]);
  });

  it('switches the default card', async () => {
    const { headers } = await t.signIn();
    const first = await saveCard(t, fake, headers);
    const second = await saveCard(t, fake, headers, testCards.mastercard);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payment-methods/switch-default',
      headers,
      payload: { payment_method: second },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: paymentMessages.defaultUpdated, defaultPaymentMethod: second });
    expect((await list(headers)).defaultPaymentMethod).toBe(second);
    expect(first).not.toBe(second);
  });

  it('removes a card; removing the default makes the newest remaining card the default', async () => {
    const { headers } = await t.signIn();
    const first = await saveCard(t, fake, headers);
    const second = await saveCard(t, fake, headers, testCards.mastercard);
    const third = await saveCard(t, fake, headers, testCards.visa);

    const removed = await t.app.inject({ method: 'DELETE', url: `/api/payment-methods/${second}`, headers });
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toMatchObject({ message: paymentMessages.removed, defaultPaymentMethod: first });
    expect((await list(headers)).methods.map((m) => m.id).sort()).toEqual([first, third].sort());

    const removedDefault = await t.app.inject({ method: 'DELETE', url: `/api/payment-methods/${first}`, headers });
    expect(removedDefault.statusCode).toBe(200);
    expect(removedDefault.json()).toMatchObject({ defaultPaymentMethod: third, methods: [{ id: third }] });
  });

  it("refuses someone else's card with 404 on every call, and changes nothing", async () => {
    const owner = await t.signIn();
    const other = await t.signIn();
    const card = await saveCard(t, fake, owner.headers);
    await saveCard(t, fake, other.headers);

    const add = await t.app.inject({
      method: 'POST',
      url: '/api/payment-methods',
      headers: other.headers,
      payload: { payment_method: card },
    });
    const remove = await t.app.inject({ method: 'DELETE', url: `/api/payment-methods/${card}`, headers: other.headers });
    const switched = await t.app.inject({
      method: 'POST',
      url: '/api/payment-methods/switch-default',
      headers: other.headers,
      payload: { payment_method: card },
    });
    for (const res of [add, remove, switched]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: paymentMessages.notFound });
    }
    expect((await list(owner.headers)).methods.map((m) => m.id)).toEqual([card]);
    expect((await list(other.headers)).methods.map((m) => m.id)).not.toContain(card);
  });

  it('answers 404 for an unknown card (also to an operator without a customer) and 422 for a malformed id', async () => {
    const { headers } = await t.signIn();
    const unknown = await t.app.inject({ method: 'DELETE', url: '/api/payment-methods/pm_doesnotexist', headers });
    expect(unknown.statusCode).toBe(404);
    await saveCard(t, fake, headers);
    const unknownWithCustomer = await t.app.inject({
      method: 'POST',
      url: '/api/payment-methods/switch-default',
      headers,
      payload: { payment_method: 'pm_doesnotexist' },
    });
    expect(unknownWithCustomer.statusCode).toBe(404);
    const malformed = await t.app.inject({ method: 'POST', url: '/api/payment-methods', headers, payload: { payment_method: 'card_1' } });
    expect(malformed.statusCode).toBe(422);
    expect(malformed.json()).toMatchObject({ errors: { payment_method: [expect.any(String)] } });
  });

  it('makes no Stripe call that changes anything for a refused card, and creates no customer for it', async () => {
    const owner = await t.signIn();
    const card = await saveCard(t, fake, owner.headers);
    const { userId, headers } = await t.signIn();
    const changingCalls = () => fake.requests.filter((r) => r.method !== 'GET').length;
    const before = changingCalls();

    const refusals = [
      await t.app.inject({ method: 'POST', url: '/api/payment-methods', headers, payload: { payment_method: 'pm_doesnotexist' } }),
      await t.app.inject({ method: 'POST', url: '/api/payment-methods', headers, payload: { payment_method: card } }),
      await t.app.inject({ method: 'DELETE', url: `/api/payment-methods/${card}`, headers }),
      await t.app.inject({ method: 'POST', url: '/api/payment-methods/switch-default', headers, payload: { payment_method: card } }),
    ];
    expect(refusals.map((res) => res.statusCode)).toEqual([404, 404, 404, 404]);
    const malformed = fake.requests.length;
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/payment-methods', headers, payload: { payment_method: 'x' } })).statusCode,
    ).toBe(422);
    expect(fake.requests.length).toBe(malformed);

    expect(changingCalls()).toBe(before);
    expect(await customerIdOf(userId)).toBeNull();
    expect((await list(owner.headers)).methods.map((m) => m.id)).toEqual([card]);
  });

  it('answers 401 without a token', async () => {
    const res = await t.app.inject({ url: '/api/payment-methods' });
    expect(res.statusCode).toBe(401);
  });

  it('answers 502 with a plain text when Stripe fails', async () => {
    const { headers } = await t.signIn();
    await saveCard(t, fake, headers);
    fake.breakApi();
    const res = await t.app.inject({ url: '/api/payment-methods', headers });
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({ message: paymentMessages.providerFailed });
  });

  it('replaces a customer deleted on Stripe: an empty list first, a new customer on the next set-up', async () => {
    const { userId, headers } = await t.signIn();
    await saveCard(t, fake, headers);
    const before = await customerIdOf(userId);
    fake.deleteCustomer(before!);
    expect(await list(headers)).toEqual({ methods: [], defaultPaymentMethod: null });
    await saveCard(t, fake, headers, testCards.mastercard);
    const after = await customerIdOf(userId);
    expect(after).toMatch(/^cus_/);
    expect(after).not.toBe(before);
    expect((await list(headers)).methods).toHaveLength(1);
  });
});

describe.each(engines)('payment methods without Stripe on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine, { stripe: undefined });
  });
  afterAll(() => t.close());

  it("answers 503 'Payments are not configured on this server.' on every payment endpoint", async () => {
    const { headers } = await t.signIn();
    const calls = [
      t.app.inject({ method: 'POST', url: '/api/payment-methods/setup-intent', headers }),
      t.app.inject({ url: '/api/payment-methods', headers }),
      t.app.inject({ method: 'POST', url: '/api/payment-methods', headers, payload: { payment_method: 'pm_1' } }),
      t.app.inject({ method: 'POST', url: '/api/payment-methods/switch-default', headers, payload: { payment_method: 'pm_1' } }),
      t.app.inject({ method: 'DELETE', url: '/api/payment-methods/pm_1', headers }),
      t.app.inject({ method: 'POST', url: '/api/purchase-tokens', headers, payload: { amount: 1_000_000, price: 35 } }),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ message: 'Payments are not configured on this server.' });
    }
  });
});

describe('payment logs', () => {
  it('name a failed Stripe call without its key, the client secret or the card', async () => {
    const fake = await startFakeStripe();
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const database = await freshDatabase('pglite');
    const app = await buildApp(testConfig({ stripe: fake.config() }), { database, logger: { level: 'info', stream } });
    try {
      const { upsertOperator } = await import('../auth/users');
      const { issueAccessToken } = await import('../auth/access-tokens');
      const { id } = await upsertOperator(database.db, { email: 'logs@example.com', password: 'password123' });
      const headers = { authorization: `Bearer ${await issueAccessToken(database.db, id, 1)}` };
      const setup = await app.inject({ method: 'POST', url: '/api/payment-methods/setup-intent', headers });
      const secret = setup.json<{ client_secret: string }>().client_secret;
      fake.breakApi();
      const failed = await app.inject({ url: '/api/payment-methods', headers });
      expect(failed.statusCode).toBe(502);
      const log = lines.join('');
      expect(log).toContain('provider call failed');
      expect(log).toContain('StripeAPIError');
      for (const hidden of [fake.secretKey, secret, headers.authorization]) expect(log).not.toContain(hidden);
    } finally {
      await app.close();
      await database.close();
      await fake.close();
    }
  });
});
