import { and, eq, sql } from 'drizzle-orm';
import Stripe from 'stripe';
import { stripeWebhookApi } from '../../../contract/stripe-webhook';
import type { Database } from '../../db/client';
import { tokenLedger, users } from '../../db/schema';
import type { TestApp } from '../../test/app';
import type { FakeStripe } from './fake-stripe';
import { saveCard } from './saved-cards';
import { testCards } from './test-cards';

/** What the purchase tests share: an operator with a card, the calls, and what the database and Stripe hold. */

export type Headers = { authorization: string };

export const purchase = (
  t: TestApp,
  headers: Headers,
  key?: string,
  payload: { amount: number; price: number } = { amount: 1_000_000, price: 35 },
) =>
  t.app.inject({ method: 'POST', url: '/api/purchase-tokens', headers: key ? { ...headers, 'idempotency-key': key } : headers, payload });

export const checkPurchases = (t: TestApp, headers: Headers) =>
  t.app.inject({ method: 'POST', url: '/api/purchase-tokens/check', headers });

export const balanceOf = async (db: Database, userId: number) =>
  (await db.select({ tokens: users.tokens }).from(users).where(eq(users.id, userId)))[0]?.tokens;

export const purchasesOf = (db: Database, userId: number) =>
  db
    .select()
    .from(tokenLedger)
    .where(and(eq(tokenLedger.userId, userId), eq(tokenLedger.reason, 'purchase')));

export const customerOf = async (db: Database, userId: number) =>
  (await db.select({ id: users.stripeCustomerId }).from(users).where(eq(users.id, userId)))[0]?.id ?? null;

export const intentsOf = (fake: FakeStripe, customer: string | null) => fake.paymentIntents().filter((i) => i.customer === customer);

/** A signed-in operator with a saved default card. */
export async function buyer(t: TestApp, fake: FakeStripe, number: string = testCards.visa) {
  const session = await t.signIn();
  const card = await saveCard(t, fake, session.headers, number);
  return { ...session, card, customer: await customerOf(t.database.db, session.userId) };
}

/**
 * Makes the database refuse every purchase credit (a trigger that raises), as a database failing between Stripe's
 * charge and our credit would; answers how to let credits through again.
 */
export async function refuseCredits(db: Database): Promise<() => Promise<void>> {
  await db.execute(
    sql.raw(
      `create or replace function test_refuse_credit() returns trigger language plpgsql as $$ begin raise exception 'the ledger is unavailable'; end $$`,
    ),
  );
  await db.execute(
    sql.raw(
      `create trigger test_refuse_credit before insert on token_ledger for each row when (new.reason = 'purchase') execute function test_refuse_credit()`,
    ),
  );
  return async () => {
    await db.execute(sql.raw('drop trigger test_refuse_credit on token_ledger'));
    await db.execute(sql.raw('drop function test_refuse_credit()'));
  };
}

/** Posts `body` to the webhook, signed with `secret` as Stripe signs it (the body as given, even `null`). */
export function deliverEvent(t: TestApp, body: string, secret: string) {
  const signature = Stripe.webhooks.generateTestHeaderString({ payload: body, secret });
  return t.app.inject({
    method: 'POST',
    url: stripeWebhookApi.receive.path,
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    payload: body,
  });
}

/** A `payment_intent.succeeded` event of `intent`, as Stripe sends it. */
export function succeededEvent(intent: Record<string, unknown>, eventId = `evt_${String(intent.id).slice(0, 40)}`) {
  return {
    id: eventId,
    object: 'event',
    api_version: '2025-01-27.acacia',
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    type: 'payment_intent.succeeded',
    data: { object: { object: 'payment_intent', currency: 'usd', status: 'succeeded', payment_method: null, ...intent } },
  };
}
