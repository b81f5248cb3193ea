import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import type { EndpointErrorStatus } from '../../contract/endpoint';
import type { ErrorAnswer } from '../../contract/http';
import { storageKeys } from '../../contract/auth';
import { getAuthToken, getAuthUserId, saveSession } from '../auth/session';
import { MemoryStorage } from '../test/memory-storage';
import { startCannedServer } from '../test/canned-server';
import { logout, getUser, getUserTokens } from './auth';
import { getCategories } from './categories';
import { login } from './login';
import {
  configureHttp,
  errorAnswerOf,
  errorMessage,
  call,
  httpStatus,
  isRetryable,
  MalformedAnswerError,
  refusalOf,
  retryAfterMs,
  serverMessage,
} from './http';
import { getStatuses } from './statuses';
import { api } from '../../contract/api';

type Canned = Awaited<ReturnType<typeof startCannedServer>>;
let server: Canned;
const onUnauthorized = vi.fn();

const subcategory = { id: 11, name: 'Road bikes', category_id: 1, status: 'In Progress', brands_count: 4, equipments_count: 9 };
const categoriesBody = {
  categories: [
    { id: 1, name: 'Cycling', status: null, events_count: 3, subcategories: [subcategory] },
    { id: 2, name: 'Running', status: 'Generated', events_count: 0, subcategories: [] },
  ],
  brands: [],
  events: [],
  statuses: [],
};
const statusBody = {
  id: 5,
  name: 'Failed',
  message: 'The provider timed out.',
  brand_id: null,
  subcategory_id: 11,
  category_id: 1,
  model_type: 'App\\Models\\Brand',
};

beforeAll(async () => {
  server = await startCannedServer();
  configureHttp({ baseUrl: server.url, onUnauthorized });
});
afterAll(() => server.close());

beforeEach(() => {
  vi.stubGlobal('localStorage', new MemoryStorage());
  server.reset();
  onUnauthorized.mockReset();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('requests', () => {
  it('carry X-Requested-With, Accept and the bearer token read at request time', async () => {
    server.answer('GET /api/user-tokens', { body: { tokens: 1 } });
    saveSession({ token: 'first-token', userId: 7 });
    await getUserTokens();
    saveSession({ token: 'second-token', userId: 7 });
    await getUserTokens();

    expect(server.seen).toHaveLength(2);
    for (const request of server.seen) {
      expect(request.headers['x-requested-with']).toBe('XMLHttpRequest');
      expect(request.headers.accept).toBe('application/json');
    }
    expect(server.seen[0]?.headers.authorization).toBe('Bearer first-token');
    expect(server.seen[1]?.headers.authorization).toBe('Bearer second-token');
  });

  it('send no Authorization header when signed out', async () => {
    server.answer('GET /api/user-tokens', { body: { tokens: 1 } });
    await getUserTokens();
    expect(server.seen[0]?.headers.authorization).toBeUndefined();
  });

  it('send JSON bodies and scope query parameters (undefined ones dropped)', async () => {
    server.answer('POST /api/login', { body: { token: 't', user: { id: 3 } } });
    server.answer('GET /api/categories', { body: categoriesBody });
    await login({ email: 'a@example.com', password: 'pw' });
    await getCategories({ subcategory_id: 11, category_id: undefined });

    expect(server.seen[0]?.headers['content-type']).toContain('application/json');
    expect(JSON.parse(server.seen[0]?.body ?? '')).toEqual({ email: 'a@example.com', password: 'pw' });
    expect(server.seen[1]?.url).toBe('/api/categories?subcategory_id=11&statuses=false&compact=true');
  });
});

describe('answers are parsed with their contract schema', () => {
  it('GET /api/categories', async () => {
    server.answer('GET /api/categories', { body: categoriesBody });
    const answer = await getCategories();
    expect(answer.categories.map((c) => c.name)).toEqual(['Cycling', 'Running']);
    expect(answer.categories[0]?.subcategories[0]).toEqual(subcategory);
  });

  it('fills the defaults of a categories answer that leaves the optional lists out', async () => {
    server.answer('GET /api/categories', { body: { categories: categoriesBody.categories } });
    const answer = await getCategories();
    expect(answer.brands).toEqual([]);
    expect(answer.events).toEqual([]);
    expect(answer.statuses).toEqual([]);
  });

  it('GET /api/statuses answers the list and the In Progress count (absent from an older server)', async () => {
    server.answer('GET /api/statuses', { body: { statuses: [statusBody], in_progress: 2 } });
    expect(await getStatuses()).toEqual({ statuses: [statusBody], in_progress: 2 });
    server.answer('GET /api/statuses', { body: { statuses: [statusBody] } });
    expect(await getStatuses()).toEqual({ statuses: [statusBody] });
  });

  it('POST /api/login, GET /api/user and GET /api/user-tokens', async () => {
    server.answer('POST /api/login', { body: { token: 'abc', user: { id: 3 } } });
    server.answer('GET /api/user', { body: { id: 3, email: 'demo@example.com', name: 'Demo', tokens: 1_000 } });
    server.answer('GET /api/user-tokens', { body: { tokens: 1_000 } });
    expect(await login({ email: 'demo@example.com', password: 'x' })).toEqual({ token: 'abc', user: { id: 3 } });
    expect((await getUser()).name).toBe('Demo');
    expect(await getUserTokens()).toEqual({ tokens: 1_000 });
  });

  it('a malformed answer fails clearly, naming the call and the field', async () => {
    server.answer('GET /api/categories', {
      body: { categories: [{ id: 1, name: 'Cycling', status: null, events_count: 'three', subcategories: [] }] },
    });
    const error = await getCategories().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MalformedAnswerError);
    const malformed = error as MalformedAnswerError;
    expect(malformed.where).toBe('GET /api/categories');
    expect(malformed.message).toContain('GET /api/categories');
    expect(malformed.message).toContain('events_count');
    expect(malformed.issues[0]?.path).toEqual(['categories', 0, 'events_count']);
    expect(isRetryable(malformed)).toBe(false);
  });

  it('an answer of the wrong shape altogether fails', async () => {
    server.answer('GET /api/statuses', { body: [statusBody] });
    await expect(getStatuses()).rejects.toBeInstanceOf(MalformedAnswerError);
    server.answer('POST /api/login', { body: { token: 'abc' } });
    await expect(login({ email: 'a@example.com', password: 'x' })).rejects.toThrow(/POST \/api\/login[\s\S]*user/);
  });

  it('a body that is not JSON fails', async () => {
    server.answer('GET /api/user-tokens', { body: '<html>proxy</html>', raw: true });
    await expect(getUserTokens()).rejects.toThrow('The answer is not JSON (HTTP 200).');
  });

  it('an empty answer is accepted where the spec leaves the answer open, refused where a schema expects one', async () => {
    server.answer('POST /logout', { status: 204 });
    await expect(logout()).resolves.toBeUndefined();
    server.answer('POST /api/brands/generate', { status: 204 });
    await expect(call(api.brands.generate, { body: { subcategory_id: 1 } })).rejects.toBeInstanceOf(MalformedAnswerError);
  });

  it("puts a call's path parameters into its declared path, URL-encoded, and its query's defined members in the URL", async () => {
    server.answer('DELETE /api/payment-methods/pm_a%2Fb', { body: { methods: [], defaultPaymentMethod: null, message: 'Removed.' } });
    await expect(call(api.paymentMethods.remove, { params: { id: 'pm_a/b' } })).resolves.toBeDefined();
    server.answer('GET /api/equipments/brands', { body: { brands: [] } });
    await call(api.equipments.brands, { query: { subcategory_id: 3, q: undefined, limit: 5 } });
    expect(server.seen.at(-1)?.url).toBe('/api/equipments/brands?subcategory_id=3&limit=5');
  });

  it('refuses a call without the path parameters its declaration needs, before sending anything', async () => {
    const sent = server.seen.length;
    await expect(call(api.brands.show, {})).rejects.toThrow('brands.show: the path parameter id is missing');
    expect(server.seen.length).toBe(sent);
  });
});

describe('error answers', () => {
  it("keep the server's { message, errors } and show its message", async () => {
    const body = { message: 'The email must be a valid email address.', errors: { email: ['The email must be a valid email address.'] } };
    server.answer('POST /api/login', { status: 422, body });
    const error = await login({ email: 'x', password: 'y' }).catch((e: unknown) => e);
    expect(httpStatus(error)).toBe(422);
    expect(errorAnswerOf(error)).toEqual(body);
    expect(serverMessage(error)).toBe(body.message);
    expect(errorMessage(error, 'Login failed')).toBe(body.message);
    expect(isRetryable(error)).toBe(false);
  });

  it('use the server text of a 401 and a 429', async () => {
    server.answer('POST /api/login', { status: 401, body: { message: 'These credentials do not match our records.' } });
    expect(errorMessage(await login({ email: 'a@b.c', password: 'y' }).catch((e: unknown) => e), 'Login failed')).toBe(
      'These credentials do not match our records.',
    );
    server.answer('POST /api/login', { status: 429, body: { message: 'Too many login attempts. Please try again in 60 seconds.' } });
    expect(errorMessage(await login({ email: 'a@b.c', password: 'y' }).catch((e: unknown) => e), 'Login failed')).toMatch(
      /^Too many login attempts/,
    );
  });

  it("retry a shedding server's 503 after the Retry-After it asks for, and a 5xx without one by the client's own delay", async () => {
    server.answer('GET /api/categories', {
      status: 503,
      body: { message: 'The server is busy. Try again in a moment.' },
      headers: { 'Retry-After': '2' },
    });
    const busy = await getCategories().catch((e: unknown) => e);
    expect(isRetryable(busy)).toBe(true);
    expect(retryAfterMs(busy)).toBe(2_000);
    expect(serverMessage(busy)).toBe('The server is busy. Try again in a moment.');
    server.answer('GET /api/categories', { status: 502, body: { message: 'Bad gateway' } });
    expect(retryAfterMs(await getCategories().catch((e: unknown) => e))).toBeUndefined();
  });

  it('fall back for a 500, a body without a message, a non-JSON body and an unreachable server', async () => {
    server.answer('POST /api/login', { status: 500, body: { message: 'Internal Server Error' } });
    const e500 = await login({ email: 'a@b.c', password: 'y' }).catch((e: unknown) => e);
    expect(errorMessage(e500, 'Login failed')).toBe('Login failed');
    expect(isRetryable(e500)).toBe(true);

    server.answer('POST /api/login', { status: 400, body: { error: 'no message here' } });
    expect(errorMessage(await login({ email: 'a@b.c', password: 'y' }).catch((e: unknown) => e), 'Login failed')).toBe('Login failed');

    server.answer('POST /api/login', { status: 502, body: '<html>Bad gateway</html>', raw: true });
    const e502 = await login({ email: 'a@b.c', password: 'y' }).catch((e: unknown) => e);
    expect(httpStatus(e502)).toBe(502);
    expect(errorMessage(e502, 'Login failed')).toBe('Login failed');

    const closed = await startCannedServer();
    await closed.close();
    configureHttp({ baseUrl: closed.url });
    try {
      const network = await login({ email: 'a@b.c', password: 'y' }).catch((e: unknown) => e);
      expect(network).toBeInstanceOf(Error);
      expect(httpStatus(network)).toBeUndefined();
      expect(errorMessage(network, 'Login failed')).toBe('Login failed');
      expect(isRetryable(network)).toBe(true);
    } finally {
      configureHttp({ baseUrl: server.url });
    }
  });
});

describe('a 401 answer', () => {
  it('signs out and calls the unauthorized handler', async () => {
    saveSession({ token: 'expired', userId: 9 });
    server.answer('GET /api/categories', { status: 401, body: { message: 'Unauthenticated.' } });
    const error = await getCategories().catch((e: unknown) => e);
    expect(httpStatus(error)).toBe(401);
    expect(getAuthToken()).toBeNull();
    expect(getAuthUserId()).toBeNull();
    expect(localStorage.getItem(storageKeys.authToken)).toBeNull();
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('from POST /api/login is the answer for the form, not a lost session', async () => {
    saveSession({ token: 'still-valid', userId: 9 });
    server.answer('POST /api/login', { status: 401, body: { message: 'These credentials do not match our records.' } });
    await expect(login({ email: 'a@b.c', password: 'y' })).rejects.toThrow();
    expect(getAuthToken()).toBe('still-valid');
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('to a request made with an older token does not sign out the newer session', async () => {
    saveSession({ token: 'old', userId: 9 });
    server.answer('GET /api/user', { status: 401, body: { message: 'Unauthenticated.' }, delayMs: 300 });
    const pending = getUser().catch((e: unknown) => e);
    // The request has left with "old"; a new sign-in happens before its answer is handled.
    await vi.waitFor(() => expect(server.seen).toHaveLength(1), { interval: 5 });
    saveSession({ token: 'new', userId: 9 });
    await pending;
    expect(server.seen[0]?.headers.authorization).toBe('Bearer old');
    expect(getAuthToken()).toBe('new');
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('other error statuses leave the session alone', async () => {
    saveSession({ token: 'valid', userId: 9 });
    server.answer('GET /api/categories', { status: 403, body: { message: 'Forbidden.' } });
    await expect(getCategories()).rejects.toThrow();
    expect(getAuthToken()).toBe('valid');
    expect(onUnauthorized).not.toHaveBeenCalled();
  });
});

const retryRun = () => call(api.runs.retry, { params: { id: 7 } }).catch((error: unknown) => error);

describe('refusalOf', () => {
  it("reads an endpoint's declared failure at its status, parsed with its declared schema", async () => {
    server.answer('POST /api/runs/7/retry', { status: 409, body: { message: 'Run #8 already retried it.' } });
    const error = await retryRun();
    expect(refusalOf(api.runs.retry, error, 409)).toEqual({ message: 'Run #8 already retried it.' });
    expect(refusalOf(api.runs.retry, error, 402)).toBeUndefined();
  });

  it("reads the common failures every endpoint declares (a 422's fields)", async () => {
    const body = { message: 'The name is taken.', errors: { name: ['The name is taken.'] } };
    server.answer('POST /api/saved-views', { status: 422, body });
    const error = await call(api.savedViews.create, { body: { grid: 'brands', name: 'Mine', state: { columns: ['name'] } } }).catch(
      (e: unknown) => e,
    );
    expect(refusalOf(api.savedViews.create, error, 422)?.errors?.name).toEqual(['The name is taken.']);
  });

  it("is undefined for another endpoint's failure, a body that is not the declared one, and no answer", async () => {
    server.answer('POST /api/runs/7/retry', { status: 409, body: { message: 'Already retried.' } });
    expect(refusalOf(api.runs.cancel, await retryRun(), 409)).toBeUndefined();
    server.answer('POST /api/runs/7/retry', { status: 409, body: '<html>Conflict</html>', raw: true });
    expect(refusalOf(api.runs.retry, await retryRun(), 409)).toBeUndefined();
    expect(refusalOf(api.runs.retry, new Error('Network down'), 409)).toBeUndefined();
  });

  it('accepts only the statuses an endpoint declares, and types the answer from the declaration', () => {
    expectTypeOf<EndpointErrorStatus<typeof api.runs.retry>>().toEqualTypeOf<401 | 402 | 404 | 409 | 422>();
    // The 202 of a purchase is a success, not a failure; its failures are its own and the common ones.
    expectTypeOf<EndpointErrorStatus<typeof api.tokens.purchase>>().toEqualTypeOf<401 | 402 | 422 | 502 | 503>();
    // A public endpoint without input has none of the common failures.
    expectTypeOf<EndpointErrorStatus<typeof api.health.show>>().toEqualTypeOf<never>();
    expectTypeOf(refusalOf(api.runs.retry, undefined, 409)).toEqualTypeOf<ErrorAnswer | undefined>();

    // @ts-expect-error -- saved views never answer 409 (a taken name is a 422)
    refusalOf(api.savedViews.create, undefined, 409);
    // @ts-expect-error -- GET /api/runs takes no path parameter: no 404
    refusalOf(api.runs.list, undefined, 404);
    // @ts-expect-error -- the health check is public: no 401
    refusalOf(api.health.show, undefined, 401);
  });
});
