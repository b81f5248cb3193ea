import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stripeWebhookMessages } from '../../contract/stripe-webhook';
import { type FakeStripe, startFakeStripe } from '../payments/test-support/fake-stripe';
import { balanceOf, deliverEvent, purchasesOf, succeededEvent } from '../payments/test-support/purchases';
import { databaseDigest } from '../test/catalogue';
import { createTestApp, type TestApp } from '../test/app';
import { availableEngines } from '../test/databases';

/**
 * The webhook reads only what a strict schema let through (docs/decisions/0020-purchases-that-are-never-lost.md):
 * a correctly signed but malformed event is a 400 that changes nothing, never a 500 and never a credit; a payment
 * is credited once per event and per PaymentIntent; a well-formed event we do not act on is a 200, as Stripe expects.
 */

const engines = await availableEngines();
const secret = 'whsec_strict_secret';

describe.each(engines)('the Stripe webhook, strictly, on %s', (engine) => {
  let fake: FakeStripe;
  let t: TestApp;
  let operator: { userId: number };
  beforeAll(async () => {
    fake = await startFakeStripe();
    t = await createTestApp(engine, { stripe: fake.config(secret) });
    // The first operator of the database: the one a "1e0" or " 1" would have been read as.
    operator = await t.signIn();
    expect(operator.userId).toBe(1);
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  const ours = () => ({ installation: t.app.payments?.installationId ?? '', user_id: '1', package: 'tokens-1m', tokens: '1000000' });
  const deliver = (event: unknown) => deliverEvent(t, JSON.stringify(event), secret);

  async function expectRefusedChangingNothing(body: string) {
    const before = await databaseDigest(t.database.db);
    const answer = await deliverEvent(t, body, secret);
    expect(answer.statusCode, body.slice(0, 200)).toBe(400);
    expect(answer.json()).toEqual({ message: stripeWebhookMessages.malformed });
    expect(await databaseDigest(t.database.db)).toBe(before);
  }

  it('refuses a signed body that is not an event: null, an array, no data, no object', async () => {
    const event = succeededEvent({ id: 'pi_envelope', amount: 3_500, metadata: ours() });
    const { data: _data, ...withoutData } = event;
    for (const body of [
      'null',
      '[]',
      '"event"',
      '{}',
      JSON.stringify(withoutData),
      JSON.stringify({ ...event, data: null }),
      JSON.stringify({ ...event, data: {} }),
    ]) {
      await expectRefusedChangingNothing(body);
    }
  });

  it('refuses an operator id written any way but digits, or out of range, and credits no one', async () => {
    for (const userId of ['2147483648', '1e0', ' 1', '0x1', '+1', '01', '1.0', '', [1], 1, null]) {
      const event = succeededEvent({ id: 'pi_operatorid', amount: 3_500, metadata: { ...ours(), user_id: userId } });
      await expectRefusedChangingNothing(JSON.stringify(event));
    }
    expect(await balanceOf(t.database.db, operator.userId)).toBe(0);
  });

  it('refuses an intent id that is null, huge, or holds a NUL, and a package or amount of the wrong kind', async () => {
    const intents = [
      { id: null },
      { id: `pi_${'a'.repeat(300_000)}` },
      { id: 'pi_nul\u0000byte' },
      { id: 42 },
      { id: 'pi_package', metadata: { ...ours(), package: 'tokens-2m' } },
      { id: 'pi_tokens', metadata: { ...ours(), tokens: '2000000' } },
      { id: 'pi_amount', amount: '3500' },
      { id: 'pi_amount', amount: 3_500.5 },
      { id: 'pi_status', status: 'requires_payment_method' },
    ];
    for (const intent of intents) {
      await expectRefusedChangingNothing(JSON.stringify(succeededEvent({ amount: 3_500, metadata: ours(), ...intent })));
    }
    expect(await purchasesOf(t.database.db, operator.userId)).toEqual([]);
  });

  it('credits a payment once per event and per intent: replays and a second event of the same intent add nothing', async () => {
    const intent = { id: 'pi_oncepaid', amount: 3_500, metadata: ours() };
    const first = succeededEvent(intent, 'evt_first');
    for (const event of [first, first, succeededEvent(intent, 'evt_second')]) expect((await deliver(event)).statusCode).toBe(200);
    expect((await purchasesOf(t.database.db, operator.userId)).map((row) => row.reference)).toEqual(['pi_oncepaid']);
    expect(await balanceOf(t.database.db, operator.userId)).toBe(1_000_000);
  });

  it("answers 200 and does nothing for an event of another type, another installation's payment, or not at a package's price", async () => {
    const before = await databaseDigest(t.database.db);
    const events = [
      { id: 'evt_customer', object: 'event', type: 'customer.created', data: { object: { id: 'cus_x', object: 'customer' } } },
      { id: 'evt_charge', object: 'event', type: 'charge.refunded', data: { object: { id: 'ch_x', object: 'charge', amount: 3_500 } } },
      succeededEvent({ id: 'pi_elsewhere', amount: 3_500, metadata: { ...ours(), installation: 'another-installation' } }),
      succeededEvent({ id: 'pi_nometadata', amount: 3_500, metadata: {} }),
      succeededEvent({ id: 'pi_cheaper', amount: 100, metadata: ours() }),
    ];
    for (const event of events) expect((await deliver(event)).statusCode).toBe(200);
    expect(await databaseDigest(t.database.db)).toBe(before);
  });
});
