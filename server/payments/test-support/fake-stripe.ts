import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { StripeConfig } from '../../config';
import { child, type FormObject, parseForm, text } from './form-body';
import { type CardFailure, cardBrand, chargeFailure, luhnValid, setupFailure, testCards } from './test-cards';

/**
 * A fake of the few Stripe REST endpoints the product uses, on 127.0.0.1, for tests (ARCHITECTURE.md "Tests": only
 * what lies outside this machine is faked, at the network boundary). The real `stripe` SDK talks to it through
 * STRIPE_API_BASE; the fake Stripe.js of the end-to-end tests confirms SetupIntents against it (CORS allowed).
 *
 * Endpoints: customers create/retrieve/update (invoice_settings.default_payment_method), setup_intents
 * create/retrieve/confirm, payment_methods create/list/retrieve/attach/detach, payment_intents create (confirm,
 * off_session)/retrieve/list (by `customer` and `created`, newest first, paged by `limit` and `starting_after` /
 * `ending_before`, as Stripe's). POSTs honour `Idempotency-Key` like Stripe: the same key and parameters replay the
 * first answer (errors included, a 500 too), the same key with other parameters is an idempotency_error.
 *
 * Card behaviour follows Stripe's test numbers (test-cards.ts). Controls for tests: `breakApi`/`repairApi` (every
 * call, or the calls matching a method and path, answers 500), `failAfterCapture` (a payment is charged but its
 * answer is an error or never arrives), `hold` (park matching requests until released), direct state helpers.
 */

type Json = Record<string, unknown>;

interface Customer {
  id: string;
  object: 'customer';
  created: number;
  email: string | null;
  name: string | null;
  metadata: Record<string, string>;
  invoice_settings: { default_payment_method: string | null };
  livemode: false;
}

interface PaymentMethod {
  id: string;
  object: 'payment_method';
  type: 'card';
  created: number;
  customer: string | null;
  card: { brand: string; last4: string; exp_month: number; exp_year: number; funding: 'credit'; country: 'US' };
  billing_details: { address: null; email: null; name: null; phone: null };
  metadata: Record<string, string>;
  livemode: false;
}

interface SetupIntent {
  id: string;
  object: 'setup_intent';
  created: number;
  client_secret: string;
  customer: string | null;
  payment_method: string | null;
  allowed_payment_method_types: string[];
  status: 'requires_payment_method' | 'succeeded';
  usage: string;
  last_setup_error: Json | null;
  livemode: false;
}

export interface FakePaymentIntent {
  id: string;
  object: 'payment_intent';
  created: number;
  amount: number;
  currency: string;
  customer: string | null;
  payment_method: string | null;
  description: string | null;
  metadata: Record<string, string>;
  status: 'requires_payment_method' | 'requires_confirmation' | 'processing' | 'succeeded';
  client_secret: string;
  last_payment_error: Json | null;
  livemode: false;
}

interface StoredAnswer {
  fingerprint: string;
  status: number;
  body: Json;
}

interface Held {
  method: string;
  path: RegExp;
  waiting: Array<() => void>;
  released: boolean;
  reached: Promise<void>;
  markReached: () => void;
}

class StripeFailure extends Error {
  constructor(
    readonly status: number,
    readonly body: Json,
  ) {
    super(String(body.message));
  }
}

const invalid = (message: string, param?: string, code?: string) =>
  new StripeFailure(400, { type: 'invalid_request_error', message, ...(param ? { param } : {}), ...(code ? { code } : {}) });
const missing = (kind: string, id: string, param = 'id') =>
  new StripeFailure(404, { type: 'invalid_request_error', code: 'resource_missing', param, message: `No such ${kind}: '${id}'` });
const cardError = (failure: CardFailure, extra: Json) => new StripeFailure(402, { type: 'card_error', ...failure, ...extra });

const now = () => Math.floor(Date.now() / 1000);
const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
function newId(prefix: string): string {
  const bytes = randomBytes(24);
  return `${prefix}_${Array.from(bytes, (b) => alphabet[b % alphabet.length]).join('')}`;
}

function integer(value: string | undefined, param: string): number {
  if (value === undefined || !/^-?\d+$/.test(value)) throw invalid(`Invalid integer: ${value ?? ''}`, param);
  return Number(value);
}

function metadataOf(form: FormObject | undefined): Record<string, string> {
  const metadata = child(form, 'metadata') ?? {};
  return Object.fromEntries(Object.entries(metadata).filter((e): e is [string, string] => typeof e[1] === 'string'));
}

export interface FakeStripeOptions {
  secretKey?: string;
  publishableKey?: string;
}

export class FakeStripe {
  readonly secretKey: string;
  readonly publishableKey: string;
  private readonly server = createServer((request, response) => void this.handle(request, response));
  private port = 0;

  private readonly customers = new Map<string, Customer>();
  private readonly paymentMethods = new Map<string, PaymentMethod>();
  /** The full card number of each payment method: never part of an answer. */
  private readonly cardNumbers = new Map<string, string>();
  private readonly setupIntents = new Map<string, SetupIntent>();
  private readonly intents = new Map<string, FakePaymentIntent>();
  private readonly idempotent = new Map<string, StoredAnswer>();
  private readonly holds: Held[] = [];
  private broken: { status: number; method?: string; path?: RegExp } | undefined;
  private afterCapture: 'error' | 'none' | undefined;
  /** Every request, in order: method, path and idempotency key (tests count calls with it). */
  readonly requests: Array<{ method: string; path: string; idempotencyKey: string | undefined }> = [];

  constructor(options: FakeStripeOptions = {}) {
    this.secretKey = options.secretKey ?? `sk_test_fake_${randomBytes(8).toString('hex')}`;
    this.publishableKey = options.publishableKey ?? `pk_test_fake_${randomBytes(8).toString('hex')}`;
  }

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
    return this;
  }

  async close(): Promise<void> {
    for (const hold of this.holds) hold.waiting.splice(0).forEach((go) => go());
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** The server's environment for a fake-backed start (makeServer({ env })). */
  get env(): Record<'STRIPE_SECRET_KEY' | 'STRIPE_PUBLISHABLE_KEY' | 'STRIPE_API_BASE', string> {
    return { STRIPE_SECRET_KEY: this.secretKey, STRIPE_PUBLISHABLE_KEY: this.publishableKey, STRIPE_API_BASE: this.url };
  }

  /** The app's config.stripe for a fake-backed test app. */
  config(webhookSecret?: string): StripeConfig {
    return { secretKey: this.secretKey, publishableKey: this.publishableKey, webhookSecret, apiBase: this.url };
  }

  // ---- controls ------------------------------------------------------------------------------------------------

  /** Every call (or only those matching `only`'s method and path) answers `status` (an api_error) until repairApi(). */
  breakApi(status = 500, only: { method?: string; path?: RegExp } = {}): void {
    this.broken = { status, method: only.method?.toUpperCase(), path: only.path };
  }

  /**
   * Until repairApi(), a payment intent created with `confirm` is charged as usual, but its answer is lost: 'error'
   * answers a 500 api_error (kept under the idempotency key, so a retry with the key gets the 500 again, as Stripe
   * replays a 500), 'none' drops the connection without an answer (each retry with the key too, until repaired; then
   * the retry gets the payment). A decline still answers its card error.
   */
  failAfterCapture(answer: 'error' | 'none'): void {
    this.afterCapture = answer;
  }

  repairApi(): void {
    this.broken = undefined;
    this.afterCapture = undefined;
  }

  /** Parks every request matching method and path until release(); `reached` resolves when one arrives. */
  hold(method: string, path: RegExp): { reached: Promise<void>; release(): void } {
    let markReached!: () => void;
    const reached = new Promise<void>((resolve) => (markReached = resolve));
    const held: Held = { method: method.toUpperCase(), path, waiting: [], released: false, reached, markReached };
    this.holds.push(held);
    return {
      reached,
      release: () => {
        held.released = true;
        this.holds.splice(this.holds.indexOf(held), 1);
        held.waiting.splice(0).forEach((go) => go());
      },
    };
  }

  /** Confirms a SetupIntent with a card, as Stripe.js would after the operator typed it; answers the payment method id. */
  confirmSetupIntent(clientSecret: string, number: string = testCards.visa): string {
    const id = clientSecret.split('_secret_')[0] ?? '';
    const intent = this.confirmSetup(id, { client_secret: clientSecret, payment_method_data: { type: 'card', card: { number } } }, true);
    return intent.payment_method ?? '';
  }

  /** A card payment method, optionally attached to a customer; answers its id. */
  createCard(number: string = testCards.visa, customer?: string): string {
    const method = this.newCard({ number });
    if (customer) this.attach(method.id, customer);
    return method.id;
  }

  /** Removes a customer, as if it were deleted in Stripe's dashboard. */
  deleteCustomer(id: string): void {
    this.customers.delete(id);
  }

  customer(id: string): Customer | undefined {
    return this.customers.get(id);
  }

  paymentMethodsOf(customer: string): PaymentMethod[] {
    return [...this.paymentMethods.values()].filter((m) => m.customer === customer);
  }

  paymentIntents(): FakePaymentIntent[] {
    return [...this.intents.values()];
  }

  // ---- HTTP ----------------------------------------------------------------------------------------------------

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    response.setHeader('access-control-allow-origin', '*');
    if (request.method === 'OPTIONS') {
      response.writeHead(204, {
        'access-control-allow-methods': 'GET, POST, DELETE, OPTIONS',
        'access-control-allow-headers': 'authorization, content-type, stripe-version, idempotency-key',
        'access-control-max-age': '600',
      });
      response.end();
      return;
    }
    const method = request.method ?? 'GET';
    const url = new URL(request.url ?? '/', this.url);
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    const idempotencyKey = header(request, 'idempotency-key');
    this.requests.push({ method, path: url.pathname, idempotencyKey });

    await this.waitForHolds(method, url.pathname);
    const { status, body, replayed } = this.answer(method, url, raw, header(request, 'authorization'), idempotencyKey);
    if (this.afterCapture === 'none' && isCharge(method, url.pathname) && status === 200) {
      request.socket.destroy();
      return;
    }
    response.writeHead(status, {
      'content-type': 'application/json',
      'request-id': newId('req'),
      ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
      ...(replayed ? { 'idempotent-replayed': 'true' } : {}),
    });
    response.end(JSON.stringify(body));
  }

  private async waitForHolds(method: string, path: string): Promise<void> {
    for (const held of [...this.holds]) {
      if (held.released || held.method !== method || !held.path.test(path)) continue;
      held.markReached();
      await new Promise<void>((resolve) => held.waiting.push(resolve));
    }
  }

  private answer(
    method: string,
    url: URL,
    raw: string,
    authorization: string | undefined,
    idempotencyKey: string | undefined,
  ): { status: number; body: Json; replayed: boolean } {
    const broken = this.broken;
    if (broken && (broken.method ?? method) === method && (broken.path?.test(url.pathname) ?? true)) {
      return { status: broken.status, body: { error: { type: 'api_error', message: 'An unknown error occurred.' } }, replayed: false };
    }
    const key = /^Bearer (\S+)$/.exec(authorization ?? '')?.[1];
    const secret = key === this.secretKey;
    if (!secret && key !== this.publishableKey) {
      const message = `Invalid API Key provided: ${key ? `${key.slice(0, 8)}****` : '(none)'}`;
      return { status: 401, body: { error: { type: 'invalid_request_error', message } }, replayed: false };
    }

    const storeKey = method === 'POST' && idempotencyKey ? `${key}:${idempotencyKey}` : undefined;
    const fingerprint = `${method} ${url.pathname} ${raw}`;
    const stored = storeKey ? this.idempotent.get(storeKey) : undefined;
    if (stored) {
      if (stored.fingerprint === fingerprint) return { status: stored.status, body: stored.body, replayed: true };
      const message =
        'Keys for idempotent requests can only be used with the same parameters they were first used with. ' +
        `Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`;
      return { status: 400, body: { error: { type: 'idempotency_error', message } }, replayed: false };
    }

    let status = 200;
    let body: Json;
    try {
      const form = method === 'GET' ? parseForm(url.search.slice(1)) : parseForm(raw);
      body = this.route(method, url.pathname, form, secret);
    } catch (error) {
      if (!(error instanceof StripeFailure)) throw error;
      status = error.status;
      body = { error: error.body };
    }
    if (this.afterCapture === 'error' && isCharge(method, url.pathname) && status === 200) {
      status = 500;
      body = { error: { type: 'api_error', message: 'An unknown error occurred while processing your request.' } };
    }
    if (storeKey) this.idempotent.set(storeKey, { fingerprint, status, body });
    return { status, body, replayed: false };
  }

  private route(method: string, path: string, form: FormObject, secret: boolean): Json {
    const parts = path.split('/').filter(Boolean);
    if (parts[0] !== 'v1') throw invalid(`Unrecognized request URL (${method}: ${path}).`);
    const [, resource, id, action] = parts;
    const publishableAllowed =
      (resource === 'setup_intents' && action === 'confirm') || (resource === 'payment_methods' && !id && method === 'POST');
    if (!secret && !publishableAllowed) {
      throw new StripeFailure(403, { type: 'invalid_request_error', message: 'This API call cannot be made with a publishable API key.' });
    }

    switch (`${method} ${resource}${id ? '/:id' : ''}${action ? `/${action}` : ''}`) {
      case 'POST customers':
        return this.createCustomer(form) as unknown as Json;
      case 'GET customers/:id':
        return this.requireCustomer(id!) as unknown as Json;
      case 'POST customers/:id':
        return this.updateCustomer(id!, form) as unknown as Json;
      case 'POST setup_intents':
        return this.createSetupIntent(form) as unknown as Json;
      case 'GET setup_intents/:id':
        return this.requireSetupIntent(id!) as unknown as Json;
      case 'POST setup_intents/:id/confirm':
        return this.confirmSetup(id!, form, secret) as unknown as Json;
      case 'POST payment_methods':
        return this.newCard(child(form, 'card') ?? {}) as unknown as Json;
      case 'GET payment_methods':
        return this.listPaymentMethods(form);
      case 'GET payment_methods/:id':
        return this.requirePaymentMethod(id!) as unknown as Json;
      case 'POST payment_methods/:id/attach':
        return this.attach(id!, text(form, 'customer') ?? '') as unknown as Json;
      case 'POST payment_methods/:id/detach':
        return this.detach(id!) as unknown as Json;
      case 'POST payment_intents':
        return this.createPaymentIntent(form) as unknown as Json;
      case 'GET payment_intents':
        return this.listPaymentIntents(form);
      case 'GET payment_intents/:id': {
        const intent = this.intents.get(id!);
        if (!intent) throw missing('payment_intent', id!, 'intent');
        return intent as unknown as Json;
      }
      default:
        throw invalid(`Unrecognized request URL (${method}: ${path}).`);
    }
  }

  // ---- customers -----------------------------------------------------------------------------------------------

  private createCustomer(form: FormObject): Customer {
    const customer: Customer = {
      id: newId('cus'),
      object: 'customer',
      created: now(),
      email: text(form, 'email') ?? null,
      name: text(form, 'name') ?? null,
      metadata: metadataOf(form),
      invoice_settings: { default_payment_method: null },
      livemode: false,
    };
    this.customers.set(customer.id, customer);
    return customer;
  }

  private requireCustomer(id: string): Customer {
    const customer = this.customers.get(id);
    if (!customer) throw missing('customer', id);
    return customer;
  }

  private updateCustomer(id: string, form: FormObject): Customer {
    const customer = this.requireCustomer(id);
    const settings = child(form, 'invoice_settings');
    const chosen = text(settings, 'default_payment_method');
    if (chosen !== undefined) {
      if (chosen !== '' && this.paymentMethods.get(chosen)?.customer !== id) {
        throw invalid(
          `The customer does not have a payment method with the ID ${chosen}. The payment method must be attached to the customer.`,
          'invoice_settings[default_payment_method]',
          'resource_missing',
        );
      }
      customer.invoice_settings.default_payment_method = chosen === '' ? null : chosen;
    }
    if (text(form, 'email') !== undefined) customer.email = text(form, 'email') ?? null;
    if (text(form, 'name') !== undefined) customer.name = text(form, 'name') ?? null;
    Object.assign(customer.metadata, metadataOf(form));
    return customer;
  }

  // ---- setup intents -------------------------------------------------------------------------------------------

  private createSetupIntent(form: FormObject): SetupIntent {
    const customer = text(form, 'customer') ?? null;
    if (customer) this.requireCustomer(customer);
    const id = newId('seti');
    const intent: SetupIntent = {
      id,
      object: 'setup_intent',
      created: now(),
      client_secret: `${id}_secret_${randomBytes(12).toString('hex')}`,
      customer,
      payment_method: null,
      allowed_payment_method_types: ['card'],
      status: 'requires_payment_method',
      usage: text(form, 'usage') ?? 'off_session',
      last_setup_error: null,
      livemode: false,
    };
    this.setupIntents.set(id, intent);
    return intent;
  }

  private requireSetupIntent(id: string): SetupIntent {
    const intent = this.setupIntents.get(id);
    if (!intent) throw missing('setup_intent', id, 'intent');
    return intent;
  }

  private confirmSetup(id: string, form: FormObject, secret: boolean): SetupIntent {
    const intent = this.requireSetupIntent(id);
    if (!secret && text(form, 'client_secret') !== intent.client_secret) {
      throw invalid('The client_secret provided does not match any associated SetupIntent on this account.', 'client_secret');
    }
    if (intent.status === 'succeeded') {
      throw invalid(
        'You cannot confirm this SetupIntent because it has already succeeded after being previously confirmed.',
        undefined,
        'setup_intent_unexpected_state',
      );
    }
    const card = child(child(form, 'payment_method_data'), 'card');
    const existing = text(form, 'payment_method');
    const method = existing ? this.requirePaymentMethod(existing) : this.newCard(card ?? {});
    const failure = setupFailure(this.cardNumbers.get(method.id) ?? '');
    if (failure) {
      intent.last_setup_error = { type: 'card_error', ...failure };
      throw cardError(failure, { setup_intent: { ...intent } });
    }
    if (intent.customer) this.attach(method.id, intent.customer);
    intent.payment_method = method.id;
    intent.status = 'succeeded';
    intent.last_setup_error = null;
    return intent;
  }

  // ---- payment methods -----------------------------------------------------------------------------------------

  private newCard(card: FormObject): PaymentMethod {
    const token = text(card, 'token');
    const number = token ? tokenNumbers[token] : text(card, 'number')?.replace(/\s+/g, '');
    if (!number || !luhnValid(number)) {
      throw cardError({ code: 'incorrect_number', message: 'Your card number is incorrect.' }, { param: 'number' });
    }
    const year = new Date().getUTCFullYear();
    const expMonth = text(card, 'exp_month') ? integer(text(card, 'exp_month'), 'exp_month') : 12;
    const expYear = text(card, 'exp_year') ? integer(text(card, 'exp_year'), 'exp_year') : year + 3;
    const fullYear = expYear < 100 ? 2000 + expYear : expYear;
    if (expMonth < 1 || expMonth > 12)
      throw cardError({ code: 'invalid_expiry_month', message: "Your card's expiration month is invalid." }, { param: 'exp_month' });
    if (fullYear < year)
      throw cardError({ code: 'invalid_expiry_year', message: "Your card's expiration year is invalid." }, { param: 'exp_year' });
    const method: PaymentMethod = {
      id: newId('pm'),
      object: 'payment_method',
      type: 'card',
      created: now(),
      customer: null,
      card: {
        brand: cardBrand(number),
        last4: number.slice(-4),
        exp_month: expMonth,
        exp_year: fullYear,
        funding: 'credit',
        country: 'US',
      },
      billing_details: { address: null, email: null, name: null, phone: null },
      metadata: {},
      livemode: false,
    };
    this.paymentMethods.set(method.id, method);
    this.cardNumbers.set(method.id, number);
    return method;
  }

  private requirePaymentMethod(id: string): PaymentMethod {
    const method = this.paymentMethods.get(id);
    if (!method) throw missing('PaymentMethod', id, 'payment_method');
    return method;
  }

  private listPaymentMethods(form: FormObject): Json {
    const customer = text(form, 'customer');
    if (customer) this.requireCustomer(customer);
    const type = text(form, 'type');
    const limit = text(form, 'limit') ? integer(text(form, 'limit'), 'limit') : 10;
    const data = [...this.paymentMethods.values()]
      .filter((m) => (customer ? m.customer === customer : true) && (type ? m.type === type : true))
      .sort((a, b) => b.created - a.created)
      .slice(0, limit);
    return { object: 'list', data, has_more: false, url: '/v1/payment_methods' };
  }

  private attach(id: string, customerId: string): PaymentMethod {
    const method = this.requirePaymentMethod(id);
    this.requireCustomer(customerId);
    if (method.customer && method.customer !== customerId) {
      throw invalid('The payment method you provided has already been attached to a customer.', 'payment_method');
    }
    method.customer = customerId;
    return method;
  }

  private detach(id: string): PaymentMethod {
    const method = this.requirePaymentMethod(id);
    if (!method.customer)
      throw invalid(`The payment method you provided is not attached to a customer so detachment is impossible.`, 'payment_method');
    const customer = this.customers.get(method.customer);
    if (customer?.invoice_settings.default_payment_method === id) customer.invoice_settings.default_payment_method = null;
    method.customer = null;
    return method;
  }

  // ---- payment intents -----------------------------------------------------------------------------------------

  /** GET /v1/payment_intents: newest first, by `customer` and `created` (a number, or gt/gte/lt/lte), paged. */
  private listPaymentIntents(form: FormObject): Json {
    const customer = text(form, 'customer');
    const created = createdFilter(form);
    const limit = text(form, 'limit') ? integer(text(form, 'limit'), 'limit') : 10;
    if (limit < 1 || limit > 100) throw invalid('Invalid limit: must be between 1 and 100', 'limit');
    let matching = [...this.intents.values()]
      .reverse()
      .filter((i) => (customer === undefined || i.customer === customer) && created(i.created));
    const after = text(form, 'starting_after');
    const before = text(form, 'ending_before');
    if (after !== undefined) {
      const at = matching.findIndex((i) => i.id === after);
      if (at === -1) throw missing('payment_intent', after, 'starting_after');
      matching = matching.slice(at + 1);
    } else if (before !== undefined) {
      const at = matching.findIndex((i) => i.id === before);
      if (at === -1) throw missing('payment_intent', before, 'ending_before');
      matching = matching.slice(Math.max(0, at - limit), at);
    }
    return { object: 'list', data: matching.slice(0, limit), has_more: matching.length > limit, url: '/v1/payment_intents' };
  }

  private createPaymentIntent(form: FormObject): FakePaymentIntent {
    const amount = integer(text(form, 'amount'), 'amount');
    if (amount < 50) throw invalid('Amount must be at least $0.50 usd', 'amount', 'amount_too_small');
    const currency = text(form, 'currency');
    if (!currency) throw invalid('Missing required param: currency.', 'currency', 'parameter_missing');
    const customer = text(form, 'customer') ?? null;
    if (customer) this.requireCustomer(customer);
    const methodId = text(form, 'payment_method') ?? null;
    const method = methodId ? this.requirePaymentMethod(methodId) : undefined;
    if (method && customer && method.customer !== customer) {
      throw invalid(`The provided PaymentMethod ${methodId} does not belong to the customer ${customer}.`, 'payment_method');
    }
    const id = newId('pi');
    const intent: FakePaymentIntent = {
      id,
      object: 'payment_intent',
      created: now(),
      amount,
      currency,
      customer,
      payment_method: methodId,
      description: text(form, 'description') ?? null,
      metadata: metadataOf(form),
      status: methodId ? 'requires_confirmation' : 'requires_payment_method',
      client_secret: `${id}_secret_${randomBytes(12).toString('hex')}`,
      last_payment_error: null,
      livemode: false,
    };
    this.intents.set(id, intent);
    if (text(form, 'confirm') !== 'true') return intent;
    if (!method) throw invalid('You cannot confirm this PaymentIntent because it is missing a payment method.', 'payment_method');
    const failure = chargeFailure(this.cardNumbers.get(method.id) ?? '');
    if (failure) {
      intent.status = 'requires_payment_method';
      intent.last_payment_error = { type: 'card_error', ...failure };
      throw cardError(failure, { payment_intent: { ...intent } });
    }
    intent.status = 'succeeded';
    return intent;
  }
}

/** Stripe's test tokens (`card[token]=tok_visa`), for server-side card creation in tests. */
const tokenNumbers: Record<string, string> = {
  tok_visa: testCards.visa,
  tok_mastercard: testCards.mastercard,
  tok_chargeDeclined: testCards.declinedOnCharge,
};

/** A request that confirms a payment intent (creates and charges it). */
const isCharge = (method: string, path: string) => method === 'POST' && path === '/v1/payment_intents';

/** Stripe's `created` list filter: an exact second, or a range of gt, gte, lt and lte. */
function createdFilter(form: FormObject): (created: number) => boolean {
  const exact = text(form, 'created');
  if (exact !== undefined) {
    const at = integer(exact, 'created');
    return (created) => created === at;
  }
  const range = child(form, 'created') ?? {};
  const bound = (name: string) => (text(range, name) === undefined ? undefined : integer(text(range, name), `created[${name}]`));
  const [gt, gte, lt, lte] = ['gt', 'gte', 'lt', 'lte'].map(bound);
  return (created) =>
    (gt === undefined || created > gt) &&
    (gte === undefined || created >= gte) &&
    (lt === undefined || created < lt) &&
    (lte === undefined || created <= lte);
}

function header(request: IncomingMessage, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

export async function startFakeStripe(options: FakeStripeOptions = {}): Promise<FakeStripe> {
  return new FakeStripe(options).start();
}
