import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { paymentMessages } from '../../contract/payment-methods';
import { channels } from '../../contract/realtime';
import { purchaseMessages } from '../../contract/tokens';
import { type FakeStripe, startFakeStripe } from '../payments/test-support/fake-stripe';
import {
  balanceOf,
  buyer,
  checkPurchases,
  deliverEvent,
  intentsOf,
  purchase,
  purchasesOf,
  refuseCredits,
  succeededEvent,
} from '../payments/test-support/purchases';
import { createTestApp, type TestApp } from '../test/app';
import { availableEngines } from '../test/databases';

/**
 * A retried purchase never charges twice, and a captured payment is never lost
 * (docs/decisions/0020-purchases-that-are-never-lost.md): Stripe charges the card and its answer fails or never
 * arrives; the database fails after the charge. With a webhook secret and without one: the webhook may not come.
 */

const engines = await availableEngines();
const webhookSecret = 'whsec_retry_secret';
const webhooks = [
  ['with a webhook secret', webhookSecret],
  ['without a webhook secret', undefined],
] as const;

describe.each(engines)('a purchase whose charge is not answered, on %s', (engine) => {
  describe.each(webhooks)('%s', (_label, secret) => {
    let fake: FakeStripe;
    let t: TestApp;
    beforeAll(async () => {
      fake = await startFakeStripe();
      t = await createTestApp(engine, { stripe: fake.config(secret) });
    });
    afterAll(async () => {
      await t.close();
      await fake.close();
    });
    afterEach(() => {
      fake.repairApi();
      vi.restoreAllMocks();
    });

    const db = () => t.database.db;

    it('Stripe charged but answered 500: two clicks with one key are one payment and one credit', async () => {
      const { userId, headers, customer } = await buyer(t, fake);
      fake.failAfterCapture('error');
      const first = await purchase(t, headers, 'lost-answer-1');
      const second = await purchase(t, headers, 'lost-answer-1');
      for (const answer of [first, second]) {
        expect(answer.statusCode).toBe(200);
        expect(answer.json()).toEqual({ message: purchaseMessages.purchased(1_000_000), tokens: 1_000_000 });
      }
      const intents = intentsOf(fake, customer);
      expect(intents.map((i) => i.status)).toEqual(['succeeded']);
      if (secret) {
        const event = succeededEvent({ id: intents[0]!.id, amount: 3_500, metadata: intents[0]!.metadata });
        expect((await deliverEvent(t, JSON.stringify(event), secret)).statusCode).toBe(200);
      }
      expect((await purchasesOf(db(), userId)).map((row) => row.reference)).toEqual([intents[0]!.id]);
      expect(await balanceOf(db(), userId)).toBe(1_000_000);
    });

    it('Stripe charged and nothing of it answered: 502, and the retry with the same key is that payment, credited once', async () => {
      const { userId, headers, customer } = await buyer(t, fake);
      fake.failAfterCapture('none');
      fake.breakApi(500, { method: 'GET', path: /^\/v1\/payment_intents$/ });
      const first = await purchase(t, headers, 'no-answer-1');
      expect(first.statusCode).toBe(502);
      expect(first.json()).toEqual({ message: paymentMessages.providerFailed });
      expect(intentsOf(fake, customer).map((i) => i.status)).toEqual(['succeeded']);
      expect(await purchasesOf(db(), userId)).toEqual([]);

      fake.repairApi();
      const publish = vi.spyOn(t.app.broadcaster, 'publish');
      const retry = await purchase(t, headers, 'no-answer-1');
      expect(retry.statusCode).toBe(200);
      expect(retry.json()).toEqual({ message: purchaseMessages.purchased(1_000_000), tokens: 1_000_000 });
      expect(intentsOf(fake, customer)).toHaveLength(1);
      expect(await purchasesOf(db(), userId)).toHaveLength(1);
      expect(publish).toHaveBeenCalledWith(channels.user(userId), 'changetokens', {
        user: { id: userId, tokens: 1_000_000, held_tokens: 0 },
      });
    });

    it('the database failing after the charge answers 202 processing, and a check credits it once when it is back', async () => {
      const { userId, headers, customer } = await buyer(t, fake);
      const allowCredits = await refuseCredits(db());
      try {
        const answer = await purchase(t, headers, 'credit-fails-1');
        expect(answer.statusCode).toBe(202);
        expect(answer.json()).toEqual({ message: purchaseMessages.processing });
        const stillDown = await checkPurchases(t, headers);
        expect(stillDown.statusCode).toBe(200);
        expect(stillDown.json()).toEqual({ message: purchaseMessages.processing, tokens: 0, processing: true });
      } finally {
        await allowCredits();
      }
      expect(await balanceOf(db(), userId)).toBe(0);

      const publish = vi.spyOn(t.app.broadcaster, 'publish');
      const check = await checkPurchases(t, headers);
      expect(check.statusCode).toBe(200);
      expect(check.json()).toEqual({ message: purchaseMessages.purchased(1_000_000), tokens: 1_000_000, processing: false });
      expect(publish).toHaveBeenCalledWith(channels.user(userId), 'changetokens', {
        user: { id: userId, tokens: 1_000_000, held_tokens: 0 },
      });

      const again = await checkPurchases(t, headers);
      expect(again.json()).toEqual({ message: purchaseMessages.nothingWaiting, tokens: 1_000_000, processing: false });
      const retry = await purchase(t, headers, 'credit-fails-1');
      expect(retry.statusCode).toBe(200);
      expect(intentsOf(fake, customer)).toHaveLength(1);
      expect(await purchasesOf(db(), userId)).toHaveLength(1);
      expect(await balanceOf(db(), userId)).toBe(1_000_000);
    });

    it('a check by an operator without a customer or a payment changes nothing; without a token it is a 401', async () => {
      const { userId, headers } = await t.signIn({ tokens: 7 });
      const check = await checkPurchases(t, headers);
      expect(check.json()).toEqual({ message: purchaseMessages.nothingWaiting, tokens: 7, processing: false });
      expect(await purchasesOf(db(), userId)).toEqual([]);
      expect((await t.app.inject({ method: 'POST', url: '/api/purchase-tokens/check' })).statusCode).toBe(401);
    });
  });
});
