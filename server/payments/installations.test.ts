import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purchaseMessages } from '../../contract/tokens';
import { buildApp } from '../app';
import { users } from '../db/schema';
import { createTestApp, type TestApp, testConfig } from '../test/app';
import { availableEngines } from '../test/databases';
import { type FakeStripe, startFakeStripe } from './test-support/fake-stripe';
import { customerOf, intentsOf, purchase } from './test-support/purchases';
import { saveCard } from './test-support/saved-cards';

/**
 * Two databases on one Stripe account (staging and production, a re-created database, PGlite and PostgreSQL) never
 * share a customer, a card or a payment (docs/decisions/0020-purchases-that-are-never-lost.md): each has its own
 * installation id, in every idempotency key and metadata, and a stored customer that names another installation or
 * operator is not used.
 */

const engines = await availableEngines();

describe.each(engines)('installations on one Stripe account, on %s', (engine) => {
  let fake: FakeStripe;
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    fake = await startFakeStripe();
    a = await createTestApp(engine, { stripe: fake.config() });
    b = await createTestApp(engine, { stripe: fake.config() });
  });
  afterAll(async () => {
    await a.close();
    await b.close();
    await fake.close();
  });

  const cards = async (t: TestApp, headers: { authorization: string }) =>
    (await t.app.inject({ url: '/api/payment-methods', headers })).json<{
      methods: Array<{ id: string }>;
      defaultPaymentMethod: string | null;
    }>();
  const setCustomer = (t: TestApp, userId: number, customer: string | null) =>
    t.database.db.update(users).set({ stripeCustomerId: customer }).where(eq(users.id, userId));

  /** The same operator id in both databases. */
  async function twins() {
    let inA = await a.signIn();
    let inB = await b.signIn();
    while (inA.userId < inB.userId) inA = await a.signIn();
    while (inB.userId < inA.userId) inB = await b.signIn();
    return { inA, inB, userId: inA.userId };
  }

  it('each database makes its own installation id at its first start and keeps it', async () => {
    const idA = a.app.payments?.installationId;
    expect(idA).toMatch(/^[0-9a-f-]{36}$/);
    expect(b.app.payments?.installationId).not.toBe(idA);
    const restarted = await buildApp(testConfig({ stripe: fake.config() }), { database: a.database, logger: false });
    try {
      await restarted.ready();
      expect(restarted.payments?.installationId).toBe(idA);
    } finally {
      await restarted.close();
    }
  });

  it('operator N of one database never gets the customer or the card of operator N of the other', async () => {
    const { inA, inB, userId } = await twins();
    const cardOfA = await saveCard(a, fake, inA.headers);
    const customerOfA = await customerOf(a.database.db, userId);

    expect(await cards(b, inB.headers)).toEqual({ methods: [], defaultPaymentMethod: null });
    const refused = await purchase(b, inB.headers, 'twin-purchase-1');
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ message: purchaseMessages.noDefaultCard });

    const cardOfB = await saveCard(b, fake, inB.headers);
    const customerOfB = await customerOf(b.database.db, userId);
    expect(customerOfB).not.toBe(customerOfA);
    expect((await cards(b, inB.headers)).methods.map((m) => m.id)).toEqual([cardOfB]);
    expect((await purchase(b, inB.headers, 'twin-purchase-2')).statusCode).toBe(200);
    expect(intentsOf(fake, customerOfA)).toEqual([]);
    expect(intentsOf(fake, customerOfB).map((i) => i.payment_method)).toEqual([cardOfB]);
    expect(fake.customer(customerOfB!)?.metadata).toEqual({ installation: b.app.payments?.installationId, user_id: String(userId) });
    expect((await cards(a, inA.headers)).methods.map((m) => m.id)).toEqual([cardOfA]);
  });

  it('a stored customer of another installation (a copied database) is not used: no card, no charge, a new customer', async () => {
    const { inA, inB, userId } = await twins();
    await saveCard(a, fake, inA.headers);
    const customerOfA = await customerOf(a.database.db, userId);
    await setCustomer(b, userId, customerOfA);

    expect(await cards(b, inB.headers)).toEqual({ methods: [], defaultPaymentMethod: null });
    expect((await purchase(b, inB.headers, 'copied-1')).statusCode).toBe(422);
    expect(intentsOf(fake, customerOfA)).toEqual([]);
    const setup = await b.app.inject({ method: 'POST', url: '/api/payment-methods/setup-intent', headers: inB.headers });
    expect(setup.statusCode).toBe(200);
    const replaced = await customerOf(b.database.db, userId);
    expect(replaced).toMatch(/^cus_/);
    expect(replaced).not.toBe(customerOfA);
  });

  it('a stored customer of another operator of the same installation is not used either', async () => {
    const owner = await a.signIn();
    await saveCard(a, fake, owner.headers);
    const customerOfOwner = await customerOf(a.database.db, owner.userId);
    const other = await a.signIn();
    await setCustomer(a, other.userId, customerOfOwner);

    expect(await cards(a, other.headers)).toEqual({ methods: [], defaultPaymentMethod: null });
    expect((await purchase(a, other.headers, 'other-operator-1')).statusCode).toBe(422);
    expect(intentsOf(fake, customerOfOwner)).toEqual([]);
  });
});
