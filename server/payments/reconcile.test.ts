import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { channels } from '../../contract/realtime';
import { buildApp } from '../app';
import { createTestApp, type TestApp, testConfig } from '../test/app';
import { availableEngines } from '../test/databases';
import { type FakeStripe, startFakeStripe } from './test-support/fake-stripe';
import { balanceOf, buyer, intentsOf, purchase, purchasesOf, refuseCredits } from './test-support/purchases';

/**
 * The reconciliation (docs/decisions/0020-purchases-that-are-never-lost.md): at start and on its timer it credits,
 * once, a payment Stripe captured that the ledger lacks; it stops with the server. The timer is Vitest's fake
 * setInterval: a pass comes when the test moves the clock, never by waiting.
 */

const engines = await availableEngines();
const everyMs = 1_000;

describe.each(engines)('the purchase reconciliation on %s', (engine) => {
  let fake: FakeStripe;
  let t: TestApp;
  beforeAll(async () => {
    // Only the intervals are fake (the reconciliation's timer among them); every other clock runs as usual.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    fake = await startFakeStripe();
    t = await createTestApp(engine, { stripe: { ...fake.config(), reconcileEveryMs: everyMs } });
    await reconciler(t).idle();
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
    vi.useRealTimers();
  });
  afterEach(() => {
    fake.repairApi();
    vi.restoreAllMocks();
  });

  const reconciler = (app: { app: TestApp['app'] } | TestApp['app']) => {
    const payments = ('app' in app ? app.app : app).payments;
    if (!payments) throw new Error('payments are not configured');
    return payments.reconciler;
  };
  const db = () => t.database.db;

  /** A purchase Stripe charged and the database could not credit (202): what only the reconciliation completes. */
  async function uncreditedPurchase() {
    const session = await buyer(t, fake);
    const allowCredits = await refuseCredits(db());
    try {
      expect((await purchase(t, session.headers, `uncredited-${session.userId}`)).statusCode).toBe(202);
    } finally {
      await allowCredits();
    }
    expect(await purchasesOf(db(), session.userId)).toEqual([]);
    return session;
  }

  it('credits, on its next tick, a charged payment the ledger lacks, once, and announces the balance', async () => {
    const { userId, customer } = await uncreditedPurchase();
    const publish = vi.spyOn(t.app.broadcaster, 'publish');
    const passes = reconciler(t).passes;

    vi.advanceTimersByTime(everyMs);
    expect(reconciler(t).passes).toBe(passes + 1);
    await reconciler(t).idle();
    const [intent] = intentsOf(fake, customer);
    expect((await purchasesOf(db(), userId)).map((row) => [row.delta, row.reference])).toEqual([[1_000_000, intent?.id]]);
    expect(publish).toHaveBeenCalledWith(channels.user(userId), 'changetokens', {
      user: { id: userId, tokens: 1_000_000, held_tokens: 0 },
    });

    vi.advanceTimersByTime(everyMs);
    await reconciler(t).idle();
    expect(reconciler(t).passes).toBe(passes + 2);
    expect(await purchasesOf(db(), userId)).toHaveLength(1);
    expect(await balanceOf(db(), userId)).toBe(1_000_000);
  });

  it('a pass that fails (Stripe down) credits nothing and the next one does', async () => {
    const { userId } = await uncreditedPurchase();
    fake.breakApi();
    vi.advanceTimersByTime(everyMs);
    await reconciler(t).idle();
    expect(await purchasesOf(db(), userId)).toEqual([]);
    fake.repairApi();
    vi.advanceTimersByTime(everyMs);
    await reconciler(t).idle();
    expect(await balanceOf(db(), userId)).toBe(1_000_000);
  });

  it('runs at start: a server started on the database credits what an earlier one left', async () => {
    const { userId } = await uncreditedPurchase();
    const second = await buildApp(testConfig({ stripe: fake.config() }), { database: t.database, logger: false });
    try {
      await second.ready();
      await reconciler(second).idle();
      expect(reconciler(second).passes).toBe(1);
      expect(await balanceOf(db(), userId)).toBe(1_000_000);
    } finally {
      await second.close();
    }
    expect(await purchasesOf(db(), userId)).toHaveLength(1);
  });

  it('stops with the server: closing waits for the pass under way, and no pass comes after', async () => {
    const { userId } = await uncreditedPurchase();
    const held = fake.hold('GET', /^\/v1\/payment_intents$/);
    const second = await buildApp(testConfig({ stripe: { ...fake.config(), reconcileEveryMs: everyMs } }), {
      database: t.database,
      logger: false,
    });
    await second.ready();
    await held.reached;
    let passEnded = false;
    void reconciler(second)
      .idle()
      .then(() => (passEnded = true));
    const closing = second.close();
    held.release();
    await closing;
    expect(passEnded).toBe(true);
    expect(await balanceOf(db(), userId)).toBe(1_000_000);

    const passes = reconciler(second).passes;
    vi.advanceTimersByTime(everyMs * 3);
    expect(reconciler(second).passes).toBe(passes);
  });

  it("credits only this installation's payments: another database on the same Stripe account credits none", async () => {
    const { userId } = await uncreditedPurchase();
    const other = await createTestApp(engine, { stripe: { ...fake.config(), reconcileEveryMs: everyMs } });
    try {
      expect(other.app.payments?.installationId).not.toBe(t.app.payments?.installationId);
      // The other database's operator with the same id as the buyer.
      let twin = await other.signIn();
      while (twin.userId < userId) twin = await other.signIn();
      expect(twin.userId).toBe(userId);

      vi.advanceTimersByTime(everyMs);
      await Promise.all([reconciler(other).idle(), reconciler(t).idle()]);
      expect(await purchasesOf(other.database.db, twin.userId)).toEqual([]);
      expect(await balanceOf(other.database.db, twin.userId)).toBe(0);
      expect(await balanceOf(db(), userId)).toBe(1_000_000);
    } finally {
      await other.close();
    }
  });
});
