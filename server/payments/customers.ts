import { and, eq, isNull } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { Executor } from '../db/client';
import { users } from '../db/schema';
import { callStripe, isMissingResource, translateStripeError } from './provider-errors';
import { ConflictError, UnknownOperatorError } from '../domain-errors';

/**
 * Each operator is one Stripe customer, created on first use and kept in users.stripe_customer_id. A customer
 * deleted on Stripe's side is replaced by a new one on the next card set-up.
 */

export interface LiveCustomer {
  id: string;
  defaultPaymentMethod: string | null;
}

async function operatorRow(db: Executor, userId: number) {
  const [row] = await db
    .select({ email: users.email, name: users.name, customerId: users.stripeCustomerId })
    .from(users)
    .where(eq(users.id, userId));
  if (!row) throw new UnknownOperatorError(userId);
  return row;
}

/** The stored customer id, without asking Stripe. */
export async function storedCustomerId(db: Executor, userId: number): Promise<string | null> {
  return (await operatorRow(db, userId)).customerId;
}

function defaultOf(customer: Stripe.Customer): string | null {
  const chosen = customer.invoice_settings?.default_payment_method;
  if (!chosen) return null;
  return typeof chosen === 'string' ? chosen : chosen.id;
}

/** The customer as Stripe has it, or undefined when it is gone (deleted or unknown there). */
export async function retrieveCustomer(stripe: Stripe, id: string): Promise<LiveCustomer | undefined> {
  let customer: Stripe.Customer | Stripe.DeletedCustomer;
  try {
    customer = await stripe.customers.retrieve(id);
  } catch (error) {
    if (isMissingResource(error)) return undefined;
    throw translateStripeError(error);
  }
  if ('deleted' in customer && customer.deleted) return undefined;
  return { id, defaultPaymentMethod: defaultOf(customer as Stripe.Customer) };
}

/** The operator's customer if one exists and is alive; never creates one. */
export async function findCustomer(db: Executor, stripe: Stripe, userId: number): Promise<LiveCustomer | undefined> {
  const id = await storedCustomerId(db, userId);
  return id ? retrieveCustomer(stripe, id) : undefined;
}

/**
 * The operator's customer, created (or replaced, when the stored one is gone) if needed. Two requests racing here
 * send the same idempotency key, so Stripe creates one customer, and only the first stored id is kept.
 */
export async function ensureCustomer(db: Executor, stripe: Stripe, userId: number): Promise<LiveCustomer> {
  const row = await operatorRow(db, userId);
  if (row.customerId) {
    const live = await retrieveCustomer(stripe, row.customerId);
    if (live) return live;
  }
  const replacing = row.customerId;
  const created = await callStripe(() =>
    stripe.customers.create(
      { email: row.email, name: row.name, metadata: { user_id: String(userId) } },
      { idempotencyKey: `customer-of-user-${userId}-replacing-${replacing ?? 'none'}` },
    ),
  );
  const stillReplacing = replacing === null ? isNull(users.stripeCustomerId) : eq(users.stripeCustomerId, replacing);
  const stored = await db
    .update(users)
    .set({ stripeCustomerId: created.id })
    .where(and(eq(users.id, userId), stillReplacing))
    .returning({ id: users.stripeCustomerId });
  if (stored.length > 0) return { id: created.id, defaultPaymentMethod: null };
  // Another request stored a customer first: use that one.
  const winner = await storedCustomerId(db, userId);
  const live = winner ? await retrieveCustomer(stripe, winner) : undefined;
  if (!live) throw new ConflictError('The payment account changed meanwhile. Please try again.');
  return live;
}
