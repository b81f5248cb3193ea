import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessTokens, users } from '../db/schema';
import { createTestApp, createTestAppOn, type TestApp } from '../test/app';
import { availableEngines } from '../test/databases';

const engines = await availableEngines();

describe.each(engines)('sign-in on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine, { auth: { tokenTtlDays: 30, maxFailuresPerMinute: 3 } });
  });
  afterAll(() => t.close());

  const login = (email: string, password: string, ip = '10.0.0.1') =>
    t.app.inject({ method: 'POST', url: '/api/login', payload: { email, password }, remoteAddress: ip });

  it('answers a token and the user id for good credentials, and the token opens the API', async () => {
    const { userId } = await t.signIn({ email: 'ada@example.com', tokens: 1234 });
    const res = await login('ADA@example.com', 'password123');
    expect(res.statusCode).toBe(200);
    const body = res.json<{ token: string; user: { id: number } }>();
    expect(body.user.id).toBe(userId);

    const me = await t.app.inject({ url: '/api/user', headers: { authorization: `Bearer ${body.token}` } });
    expect(me.json()).toEqual({ id: userId, email: 'ada@example.com', name: 'ada', tokens: 1234, held_tokens: 0 });
    const tokens = await t.app.inject({ url: '/api/user-tokens', headers: { authorization: `Bearer ${body.token}` } });
    expect(tokens.json()).toEqual({ tokens: 1234, held_tokens: 0 });
  });

  it('stores the password as argon2id and the token only as a hash', async () => {
    const res = await login('ada@example.com', 'password123');
    const { token } = res.json<{ token: string }>();
    const [user] = await t.database.db.select().from(users).where(eq(users.email, 'ada@example.com'));
    expect(user?.passwordHash).toMatch(/^\$argon2id\$/);
    const stored = await t.database.db.select({ hash: accessTokens.tokenHash }).from(accessTokens);
    expect(stored.map((s) => s.hash)).not.toContain(token);
    expect(stored.every((s) => /^[0-9a-f]{64}$/.test(s.hash))).toBe(true);
  });

  it('refuses a wrong password and an unknown email alike', async () => {
    const wrong = await login('ada@example.com', 'nope', '10.0.0.2');
    const unknown = await login('nobody@example.com', 'password123', '10.0.0.3');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ message: 'These credentials do not match our records.' });
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('answers 422 with the fields at fault for bad input and 400 for malformed JSON', async () => {
    const bad = await login('not-an-email', '');
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toMatchObject({ errors: { email: [expect.any(String)], password: [expect.any(String)] } });
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ message: 'The request body is not valid JSON.' });
    const missing = await t.app.inject({ method: 'POST', url: '/api/login' });
    expect(missing.statusCode).toBe(422);
  });

  it('rate limits failed logins per email, then per address, with 429', async () => {
    await t.signIn({ email: 'bruno@example.com' });
    for (let i = 0; i < 3; i += 1) expect((await login('bruno@example.com', 'wrong', `10.1.0.${i}`)).statusCode).toBe(401);
    const limited = await login('bruno@example.com', 'password123', '10.1.0.9');
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toMatch(/^\d+$/);
    expect(limited.json<{ message: string }>().message).toMatch(/Too many login attempts/);

    // One address trying many emails is stopped too (4x the per-email allowance).
    for (let i = 0; i < 12; i += 1) await login(`spray${i}@example.com`, 'wrong', '10.2.0.1');
    expect((await login('ada@example.com', 'password123', '10.2.0.1')).statusCode).toBe(429);
    expect((await login('ada@example.com', 'password123', '10.2.0.2')).statusCode).toBe(200);
  });

  it('checks no more passwords than the limit when guesses arrive at once', async () => {
    await t.signIn({ email: 'burst@example.com' });
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) => login('burst@example.com', `wrong-${i}`, `10.4.${Math.floor(i / 10)}.${i % 10}`)),
    );
    const codes = answers.map((res) => res.statusCode);
    expect(codes.filter((code) => code === 401)).toHaveLength(3);
    expect(codes.filter((code) => code === 429)).toHaveLength(57);
    // The right password is not checked either until the minute is over.
    expect((await login('burst@example.com', 'password123', '10.4.9.9')).statusCode).toBe(429);

    // One address spraying many emails at once: 4x the per-email allowance is checked, no more.
    const spray = await Promise.all(Array.from({ length: 40 }, (_, i) => login(`burst-spray${i}@example.com`, 'wrong', '10.5.0.1')));
    expect(spray.filter((res) => res.statusCode === 401)).toHaveLength(12);
    expect(spray.filter((res) => res.statusCode === 429)).toHaveLength(28);
  });

  it('gives a successful login its points back', async () => {
    await t.signIn({ email: 'carla@example.com' });
    for (let round = 0; round < 3; round += 1) {
      expect((await login('carla@example.com', 'wrong', '10.6.0.1')).statusCode).toBe(401);
      expect((await login('carla@example.com', 'wrong', '10.6.0.1')).statusCode).toBe(401);
      expect((await login('carla@example.com', 'password123', '10.6.0.1')).statusCode).toBe(200);
    }
  });

  it('revokes the token on logout', async () => {
    const { token } = (await login('ada@example.com', 'password123', '10.3.0.1')).json<{ token: string }>();
    const headers = { authorization: `Bearer ${token}` };
    expect((await t.app.inject({ method: 'POST', url: '/logout', headers })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/user', headers })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/logout', headers })).statusCode).toBe(401);
  });

  it.each([
    ['no header', undefined],
    ['a malformed header', 'Token abc'],
    ['an unknown token', 'Bearer not-a-real-token'],
  ])('answers 401 to %s on every private route', async (_label, authorization) => {
    const headers = authorization ? { authorization } : {};
    for (const url of ['/api/user', '/api/user-tokens', '/api/categories', '/api/statuses']) {
      const res = await t.app.inject({ url, headers });
      expect(res.statusCode, url).toBe(401);
      expect(res.json()).toEqual({ message: 'Unauthenticated.' });
    }
  });

  it('refuses an expired token and deletes it', async () => {
    const { headers, userId } = await t.signIn();
    await t.database.db
      .update(accessTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(accessTokens.userId, userId));
    expect((await t.app.inject({ url: '/api/user', headers })).statusCode).toBe(401);
    const left = await t.database.db.select().from(accessTokens).where(eq(accessTokens.userId, userId));
    expect(left).toEqual([]);
  });
});

describe.each(engines)('expired token purge on %s', (engine) => {
  it('deletes the expired tokens when the server starts and keeps the valid ones', async () => {
    const first = await createTestApp(engine);
    const expired = await first.signIn();
    const valid = await first.signIn();
    await first.database.db
      .update(accessTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(accessTokens.userId, expired.userId));
    await first.app.close();

    // A second start over the same database purges what the first left behind.
    const second = await createTestAppOn(first.database, engine);
    try {
      const owners = await second.database.db.select({ userId: accessTokens.userId }).from(accessTokens);
      expect(owners.map((o) => o.userId)).not.toContain(expired.userId);
      expect(owners.map((o) => o.userId)).toContain(valid.userId);
      expect((await second.app.inject({ url: '/api/user', headers: valid.headers })).statusCode).toBe(200);
    } finally {
      await second.close();
    }
  });
});
