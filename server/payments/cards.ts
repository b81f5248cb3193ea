import type Stripe from 'stripe';
import {
  paymentMessages,
  type PaymentMethod,
  type PaymentMethodsAnswer,
  type PaymentMethodsChangeAnswer,
} from '../../contract/payment-methods';
import type { Executor } from '../db/client';
import type { CardUsed } from '../tokens/descriptions';
import { ensureCustomer, findCustomer, storedCustomerId, type LiveCustomer } from './customers';
import type { Owner } from './owner';
import { callStripe } from './provider-errors';
import { InvalidInputError, NotFoundError, ProviderFailedError } from '../domain-errors';

/**
 * The operator's saved cards (docs/product.md#payment-methods-screen, docs/product.md#calls; ARCHITECTURE.md "Conventions": the server creates
 * a SetupIntent, the browser confirms it with the card element, then POST /api/payment-methods records it).
 * Every card is checked to be the operator's own before anything is done with it: someone else's is a 404.
 */

const noCards: PaymentMethodsAnswer = { methods: [], defaultPaymentMethod: null };

function toPaymentMethod(method: Stripe.PaymentMethod): PaymentMethod {
  const card = method.card;
  return {
    id: method.id,
    card: { brand: card?.brand, last4: card?.last4 ?? '', exp_month: card?.exp_month ?? 0, exp_year: card?.exp_year ?? 0 },
  };
}

async function cardsOf(stripe: Stripe, customer: LiveCustomer): Promise<PaymentMethodsAnswer> {
  const list = await callStripe(() => stripe.paymentMethods.list({ customer: customer.id, type: 'card', limit: 100 }));
  const methods = list.data.map(toPaymentMethod);
  const defaultPaymentMethod = methods.some((m) => m.id === customer.defaultPaymentMethod) ? customer.defaultPaymentMethod : null;
  return { methods, defaultPaymentMethod };
}

/** POST /api/payment-methods/setup-intent: a SetupIntent for off-session use on the operator's customer. */
export async function createSetupIntent(db: Executor, stripe: Stripe, owner: Owner): Promise<{ client_secret: string }> {
  const customer = await ensureCustomer(db, stripe, owner);
  const intent = await callStripe(() =>
    stripe.setupIntents.create({ customer: customer.id, usage: 'off_session', allowed_payment_method_types: ['card'] }),
  );
  if (!intent.client_secret)
    throw new ProviderFailedError(paymentMessages.providerFailed, { reason: 'the SetupIntent has no client secret' });
  return { client_secret: intent.client_secret };
}

/** GET /api/payment-methods: an operator without a customer has no cards (none is created just for looking). */
export async function listCards(db: Executor, stripe: Stripe, owner: Owner): Promise<PaymentMethodsAnswer> {
  const customer = await findCustomer(db, stripe, owner);
  return customer ? cardsOf(stripe, customer) : noCards;
}

/** The customer, once the card is known to be theirs; a 404 otherwise (no customer, no such card, someone else's). */
async function holderOf(stripe: Stripe, customer: LiveCustomer | undefined, id: string): Promise<LiveCustomer> {
  if (!customer) throw new NotFoundError('Payment method', paymentMessages.notFound);
  const method = await callStripe(() => stripe.paymentMethods.retrieve(id), { notFound: paymentMessages.notFound });
  if (customerIdOf(method) !== customer.id) throw new NotFoundError('Payment method', paymentMessages.notFound);
  return customer;
}

function customerIdOf(method: Stripe.PaymentMethod): string | null {
  if (!method.customer) return null;
  return typeof method.customer === 'string' ? method.customer : method.customer.id;
}

async function setDefault(stripe: Stripe, customer: LiveCustomer, id: string): Promise<LiveCustomer> {
  await callStripe(() => stripe.customers.update(customer.id, { invoice_settings: { default_payment_method: id } }));
  return { ...customer, defaultPaymentMethod: id };
}

/**
 * POST /api/payment-methods { payment_method }: records a card confirmed by the browser. The SetupIntent already
 * attached it to the operator's customer; an unattached card is attached here; another customer's is a 404.
 * The card is checked before anything is created, so a refused card changes nothing, at Stripe either.
 * The first card (or any card while there is no default) becomes the default.
 */
export async function addCard(db: Executor, stripe: Stripe, owner: Owner, id: string): Promise<PaymentMethodsChangeAnswer> {
  const method = await callStripe(() => stripe.paymentMethods.retrieve(id), { notFound: paymentMessages.notFound });
  if (method.type !== 'card') throw new InvalidInputError('payment_method', paymentMessages.notACard);
  const attachedTo = customerIdOf(method);
  if (attachedTo !== null && attachedTo !== (await storedCustomerId(db, owner.userId)))
    throw new NotFoundError('Payment method', paymentMessages.notFound);

  let customer = await ensureCustomer(db, stripe, owner);
  if (attachedTo !== null && attachedTo !== customer.id) throw new NotFoundError('Payment method', paymentMessages.notFound);
  if (attachedTo === null) await callStripe(() => stripe.paymentMethods.attach(id, { customer: customer.id }));

  // Stripe clears the default when that card is detached, so a set default is always a card of the customer's.
  if (customer.defaultPaymentMethod === null) customer = await setDefault(stripe, customer, id);
  return { message: paymentMessages.added, ...(await cardsOf(stripe, customer)) };
}

/**
 * DELETE /api/payment-methods/{id}: detaches one of the operator's cards. When it was the default, the newest
 * remaining card becomes the default, so a purchase still has a card to charge.
 */
export async function removeCard(db: Executor, stripe: Stripe, owner: Owner, id: string): Promise<PaymentMethodsChangeAnswer> {
  const holder = await holderOf(stripe, await findCustomer(db, stripe, owner), id);
  await callStripe(() => stripe.paymentMethods.detach(id));
  let customer: LiveCustomer = {
    id: holder.id,
    defaultPaymentMethod: holder.defaultPaymentMethod === id ? null : holder.defaultPaymentMethod,
  };
  let after = await cardsOf(stripe, customer);
  const next = after.methods[0];
  if (after.defaultPaymentMethod === null && next) {
    customer = await setDefault(stripe, customer, next.id);
    after = { ...after, defaultPaymentMethod: next.id };
  }
  return { message: paymentMessages.removed, ...after };
}

/** POST /api/payment-methods/switch-default { payment_method } */
export async function switchDefaultCard(db: Executor, stripe: Stripe, owner: Owner, id: string): Promise<PaymentMethodsChangeAnswer> {
  const holder = await holderOf(stripe, await findCustomer(db, stripe, owner), id);
  const customer = await setDefault(stripe, holder, id);
  return { message: paymentMessages.defaultUpdated, ...(await cardsOf(stripe, customer)) };
}

/**
 * The brand and last four digits of the card a payment used, for the operator's statement; undefined when Stripe
 * cannot say (the payment is recorded all the same: a missing card label never loses a purchase).
 */
export async function cardUsed(stripe: Stripe, paymentMethod: string | Stripe.PaymentMethod | null): Promise<CardUsed | undefined> {
  if (paymentMethod === null) return undefined;
  try {
    const method = typeof paymentMethod === 'string' ? await stripe.paymentMethods.retrieve(paymentMethod) : paymentMethod;
    return method.card ? { brand: method.card.brand, last4: method.card.last4 } : undefined;
  } catch {
    return undefined;
  }
}
