import { and, eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { paymentMessages } from '../../contract/payment-methods';
import { channels } from '../../contract/realtime';
import { purchaseMessages } from '../../contract/tokens';
import { tokenLedger, users } from '../db/schema';
import { stripeWebhookApi } from '../../contract/stripe-webhook';
import { type FakeStripe, startFakeStripe } from '../payments/test-support/fake-stripe';
import { saveCard } from '../payments/test-support/saved-cards';
import { testCards } from '../payments/test-support/test-cards';
import { createTestApp, type TestApp } from '../test/app';
import { availableEngines } from '../test/databases';

const engines = await availableEngines();
const webhookSecret = 'whsec_test_secret';

describe.each(engines)('POST /api/purchase-tokens on %s', (engine) => {
  let fake: FakeStripe;
  let t: TestApp;
  beforeAll(async () => {
    fake = await startFakeStripe();
    t = await createTestApp(engine, { stripe: fake.config(webhookSecret) });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });
  afterEach(() => {
    fake.repairApi();
    vi.restoreAllMocks();
  });

  const purchase = (headers: Record<string, string>, payload: unknown) =>
    t.app.inject({ method: 'POST', url: '/api/purchase-tokens', headers, payload: payload as Record<string, unknown> });
  const balanceOf = async (userId: number) =>
    (await t.database.db.select({ tokens: users.tokens }).from(users).where(eq(users.id, userId)))[0]?.tokens;
  const purchasesOf = (userId: number) =>
    t.database.db
      .select()
      .from(tokenLedger)
      .where(and(eq(tokenLedger.userId, userId), eq(tokenLedger.reason, 'purchase')));
  const installationId = () => t.app.payments?.installationId ?? '';
  const intentsOf = (customer: string | null | undefined) => fake.paymentIntents().filter((i) => i.customer === customer);
  const customerOf = async (userId: number) =>
    (await t.database.db.select({ id: users.stripeCustomerId }).from(users).where(eq(users.id, userId)))[0]?.id;

  /** An operator with a saved default card (and, optionally, a starting balance). */
  async function buyer(number: string = testCards.visa, tokens?: number) {
    const session = await t.signIn({ tokens });
    const card = await saveCard(t, fake, session.headers, number);
    return { ...session, card, customer: await customerOf(session.userId) };
  }

  it('charges the server price on the default card, credits the tokens through the ledger and announces the balance', async () => {
    const { userId, headers, card, customer } = await buyer(testCards.visa, 500);
    const publish = vi.spyOn(t.app.broadcaster, 'publish');
    const res = await purchase({ ...headers, 'idempotency-key': 'attempt-0001' }, { amount: 5_000_000, price: 160 });

    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Successfully purchased 5,000,000 tokens.', tokens: 5_000_500 });
    expect(await balanceOf(userId)).toBe(5_000_500);

    const [intent] = intentsOf(customer);
    expect(intentsOf(customer)).toHaveLength(1);
    expect(intent).toMatchObject({ amount: 16_000, currency: 'usd', payment_method: card, status: 'succeeded' });
    expect(intent?.metadata).toEqual({
      installation: installationId(),
      user_id: String(userId),
      package: 'tokens-5m',
      tokens: '5000000',
      purchase_key: `purchase-${installationId()}-user-${userId}-tokens-5m-key-attempt-0001`,
    });

    const rows = await purchasesOf(userId);
    expect(rows.map((r) => [r.delta, r.balanceAfter, r.reference])).toEqual([[5_000_000, 5_000_500, intent?.id]]);
    expect(publish).toHaveBeenCalledWith(channels.user(userId), 'changetokens', {
      user: { id: userId, tokens: 5_000_500, held_tokens: 0 },
    });
  });

  it('sends its own idempotency key to Stripe, scoped to the installation, the operator and the package', async () => {
    const { userId, headers } = await buyer();
    await purchase({ ...headers, 'idempotency-key': 'attempt-0002' }, { amount: 1_000_000, price: 35 });
    const sent = fake.requests.filter((r) => r.method === 'POST' && r.path === '/v1/payment_intents').at(-1);
    expect(sent?.idempotencyKey).toBe(`purchase-${installationId()}-user-${userId}-tokens-1m-key-attempt-0002`);
  });

  it('credits once for two identical purchases with the same key, even at the same moment', async () => {
    const { userId, headers, customer } = await buyer();
    const keyed = { ...headers, 'idempotency-key': 'double-click-1' };
    const [first, second] = await Promise.all([
      purchase(keyed, { amount: 1_000_000, price: 35 }),
      purchase(keyed, { amount: 1_000_000, price: 35 }),
    ]);
    const third = await purchase(keyed, { amount: 1_000_000, price: 35 });
    for (const res of [first, second, third]) {
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ tokens: 1_000_000 });
    }
    expect(intentsOf(customer)).toHaveLength(1);
    expect(await purchasesOf(userId)).toHaveLength(1);
    expect(await balanceOf(userId)).toBe(1_000_000);
  });

  it('charges again for a new key, and takes two quick purchases without a key as one', async () => {
    const { userId, headers, customer } = await buyer();
    await purchase({ ...headers, 'idempotency-key': 'attempt-a-1' }, { amount: 1_000_000, price: 35 });
    await purchase({ ...headers, 'idempotency-key': 'attempt-b-1' }, { amount: 1_000_000, price: 35 });
    expect(intentsOf(customer)).toHaveLength(2);
    expect(await balanceOf(userId)).toBe(2_000_000);

    // One instant for both, so that they cannot straddle a window boundary.
    vi.spyOn(Date, 'now').mockReturnValue(Date.now());
    const [a, b] = await Promise.all([
      purchase(headers, { amount: 10_000_000, price: 290 }),
      purchase(headers, { amount: 10_000_000, price: 290 }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(intentsOf(customer)).toHaveLength(3);
    expect(await balanceOf(userId)).toBe(12_000_000);
  });

  it('refuses a price that is not the package price with 422, and charges nothing', async () => {
    const { userId, headers, customer } = await buyer();
    for (const payload of [
      { amount: 1_000_000, price: 30 },
      { amount: 1_000_000, price: 3500 },
      { amount: 5_000_000, price: 35 },
      { amount: 2_000_000, price: 70 },
    ]) {
      const res = await purchase(headers, payload);
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({ message: purchaseMessages.unknownPackage, errors: { price: [purchaseMessages.unknownPackage] } });
    }
    const malformed = await purchase(headers, { amount: 'lots', price: -1 });
    expect(malformed.statusCode).toBe(422);
    const badKey = await purchase({ ...headers, 'idempotency-key': 'no spaces!' }, { amount: 1_000_000, price: 35 });
    expect(badKey.statusCode).toBe(422);
    expect(intentsOf(customer)).toHaveLength(0);
    expect(await balanceOf(userId)).toBe(0);
  });

  it('refuses with 422 when there is no default card (no customer yet, or no card left)', async () => {
    const fresh = await t.signIn();
    const none = await purchase(fresh.headers, { amount: 1_000_000, price: 35 });
    expect(none.statusCode).toBe(422);
    expect(none.json()).toMatchObject({ message: purchaseMessages.noDefaultCard });

    const { headers, card, customer } = await buyer();
    await t.app.inject({ method: 'DELETE', url: `/api/payment-methods/${card}`, headers });
    const noCard = await purchase(headers, { amount: 1_000_000, price: 35 });
    expect(noCard.statusCode).toBe(422);
    expect(noCard.json()).toMatchObject({ message: purchaseMessages.noDefaultCard });
    expect(intentsOf(customer)).toHaveLength(0);
  });

  it("answers a decline with 402 and Stripe's message, credits nothing and announces nothing", async () => {
    const { userId, headers, customer } = await buyer(testCards.declinedOnCharge, 42);
    const publish = vi.spyOn(t.app.broadcaster, 'publish');
    const res = await purchase({ ...headers, 'idempotency-key': 'declined-1' }, { amount: 1_000_000, price: 35 });
    expect(res.statusCode).toBe(402);
    expect(res.json()).toEqual({ message: 'Your card was declined.' });
    expect(await balanceOf(userId)).toBe(42);
    expect(await purchasesOf(userId)).toEqual([]);
    expect(publish).not.toHaveBeenCalled();
    expect(intentsOf(customer)).toHaveLength(1);

    const poor = await buyer(testCards.insufficientFunds);
    const insufficient = await purchase(poor.headers, { amount: 1_000_000, price: 35 });
    expect(insufficient.statusCode).toBe(402);
    expect(insufficient.json()).toEqual({ message: 'Your card has insufficient funds.' });
  });

  it('answers 502 and credits nothing when Stripe cannot be reached', async () => {
    const { userId, headers } = await buyer();
    fake.breakApi();
    const res = await purchase(headers, { amount: 1_000_000, price: 35 });
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({ message: paymentMessages.providerFailed });
    expect(await balanceOf(userId)).toBe(0);
  });

  it('answers 401 without a token', async () => {
    expect((await purchase({}, { amount: 1_000_000, price: 35 })).statusCode).toBe(401);
  });

  describe('the Stripe webhook', () => {
    const deliver = (event: unknown, secret = webhookSecret) => {
      const payload = JSON.stringify(event);
      const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret });
      return t.app.inject({
        method: 'POST',
        url: stripeWebhookApi.receive.path,
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
        payload,
      });
    };
    const succeeded = (intent: { id: string; amount: number; metadata: Record<string, string> }) => ({
      id: `evt_${intent.id}`,
      object: 'event',
      type: 'payment_intent.succeeded',
      data: {
        object: {
          object: 'payment_intent',
          currency: 'usd',
          status: 'succeeded',
          ...intent,
          metadata: { installation: installationId(), ...intent.metadata },
        },
      },
    });

    it('credits a succeeded purchase once, whether the request or the event comes first', async () => {
      const { userId, headers } = await buyer();
      await purchase({ ...headers, 'idempotency-key': 'hook-1-key' }, { amount: 1_000_000, price: 35 });
      const [row] = await purchasesOf(userId);
      const replay = await deliver(
        succeeded({ id: row!.reference!, amount: 3_500, metadata: { user_id: String(userId), package: 'tokens-1m', tokens: '1000000' } }),
      );
      expect(replay.statusCode).toBe(200);
      expect(await balanceOf(userId)).toBe(1_000_000);

      const publish = vi.spyOn(t.app.broadcaster, 'publish');
      const processing = {
        id: 'pi_processedlater',
        amount: 16_000,
        metadata: { user_id: String(userId), package: 'tokens-5m', tokens: '5000000' },
      };
      expect((await deliver(succeeded(processing))).statusCode).toBe(200);
      expect((await deliver(succeeded(processing))).statusCode).toBe(200);
      expect(await balanceOf(userId)).toBe(6_000_000);
      expect(await purchasesOf(userId)).toHaveLength(2);
      expect(publish).toHaveBeenCalledTimes(1);
    });

    it('ignores events that are not one of our purchases, and refuses a bad signature with 400', async () => {
      const { userId } = await t.signIn();
      const wrongAmount = succeeded({
        id: 'pi_wrongamount',
        amount: 100,
        metadata: { user_id: String(userId), package: 'tokens-1m', tokens: '1000000' },
      });
      expect((await deliver(wrongAmount)).statusCode).toBe(200);
      expect((await deliver({ ...wrongAmount, type: 'customer.created' })).statusCode).toBe(200);
      expect(await balanceOf(userId)).toBe(0);

      const forged = await deliver(
        succeeded({ id: 'pi_forged', amount: 3_500, metadata: { user_id: String(userId), package: 'tokens-1m' } }),
        'whsec_wrong',
      );
      expect(forged.statusCode).toBe(400);
      const unsigned = await t.app.inject({
        method: 'POST',
        url: stripeWebhookApi.receive.path,
        headers: { 'content-type': 'application/json' },
        payload: '{}',
      });
      expect(unsigned.statusCode).toBe(400);
      expect(await balanceOf(userId)).toBe(0);
    });
  });
});
