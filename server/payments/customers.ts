import { and, eq, isNull } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { Executor } from '../db/client';
import { users } from '../db/schema';
import { type Owner, ownedBy, ownerMetadata } from './owner';
import { callStripe, isMissingResource, translateStripeError } from './provider-errors';
import { ConflictError, UnknownOperatorError } from '../domain-errors';

/**
 * Each operator is one Stripe customer, created on first use and kept in users.stripe_customer_id. The customer's
 * metadata names its installation and operator; a stored customer that is gone on Stripe's side, or whose metadata
 * names another installation or operator (a database copied or re-created on the same Stripe account), is not used:
 * the next card set-up makes the operator a customer of their own
 * (docs/decisions/0020-purchases-that-are-never-lost.md).
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

/** The customer as Stripe has it, or undefined when it is gone (deleted or unknown there) or is not `owner`'s. */
export async function retrieveCustomer(stripe: Stripe, id: string, owner: Owner): Promise<LiveCustomer | undefined> {
  let customer: Stripe.Customer | Stripe.DeletedCustomer;
  try {
    customer = await stripe.customers.retrieve(id);
  } catch (error) {
    if (isMissingResource(error)) return undefined;
    throw translateStripeError(error);
  }
  if ('deleted' in customer && customer.deleted) return undefined;
  const live = customer as Stripe.Customer;
  if (!ownedBy(live.metadata, owner)) return undefined;
  return { id, defaultPaymentMethod: defaultOf(live) };
}

/** The operator's customer if one exists, is alive and is theirs; never creates one. */
export async function findCustomer(db: Executor, stripe: Stripe, owner: Owner): Promise<LiveCustomer | undefined> {
  const id = await storedCustomerId(db, owner.userId);
  return id ? retrieveCustomer(stripe, id, owner) : undefined;
}

/**
 * The operator's customer, created (or replaced, when the stored one is gone or not theirs) if needed. Two requests
 * racing here send the same idempotency key, so Stripe creates one customer, and only the first stored id is kept.
 */
export async function ensureCustomer(db: Executor, stripe: Stripe, owner: Owner): Promise<LiveCustomer> {
  const row = await operatorRow(db, owner.userId);
  if (row.customerId) {
    const live = await retrieveCustomer(stripe, row.customerId, owner);
    if (live) return live;
  }
  const replacing = row.customerId;
  const created = await callStripe(() =>
    stripe.customers.create(
      { email: row.email, name: row.name, metadata: ownerMetadata(owner) },
      { idempotencyKey: `customer-${owner.installationId}-user-${owner.userId}-replacing-${replacing ?? 'none'}` },
    ),
  );
  const stillReplacing = replacing === null ? isNull(users.stripeCustomerId) : eq(users.stripeCustomerId, replacing);
  const stored = await db
    .update(users)
    .set({ stripeCustomerId: created.id })
    .where(and(eq(users.id, owner.userId), stillReplacing))
    .returning({ id: users.stripeCustomerId });
  if (stored.length > 0) return { id: created.id, defaultPaymentMethod: null };
  // Another request stored a customer first: use that one.
  const winner = await storedCustomerId(db, owner.userId);
  const live = winner ? await retrieveCustomer(stripe, winner, owner) : undefined;
  if (!live) throw new ConflictError('The payment account changed meanwhile. Please try again.');
  return live;
}
