import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestedWithHeader } from '../../contract/http';
import type { AppConfig } from '../config';
import { browserSocket } from '../spa/meta-tags';
import { type App, buildApp } from '../app';
import { createTestApp, type TestApp, testConfig } from '../test/app';
import { socketSources, strictTransportSecurity } from './security-headers';

/** The Content-Security-Policy as directive -> sources. */
function policyOf(res: LightMyRequestResponse): Record<string, string[]> {
  const header = res.headers['content-security-policy'];
  expect(typeof header, 'content-security-policy').toBe('string');
  return Object.fromEntries(
    String(header)
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .map(([name = '', ...sources]) => [name, sources]),
  );
}

function expectSecurityHeaders(res: LightMyRequestResponse) {
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(res.headers['x-frame-options']).toBe('DENY');
  expect(res.headers['referrer-policy']).toBe('same-origin');
  expect(res.headers['strict-transport-security']).toBeUndefined();
  const policy = policyOf(res);
  expect(policy['frame-ancestors']).toEqual(["'none'"]);
  expect(policy['object-src']).toEqual(["'none'"]);
  expect(policy['default-src']).toEqual(["'self'"]);
  expect(String(res.headers['content-security-policy'])).not.toMatch(/unsafe-inline|unsafe-eval|unsafe-hashes/);
}

const stripe: AppConfig['stripe'] = {
  secretKey: 'sk_test_secret',
  publishableKey: 'pk_test_key',
  webhookSecret: undefined,
  apiBase: undefined,
};

describe('security headers', () => {
  let t: TestApp;
  let spaDir: string;
  const variants: App[] = [];
  /** The app with other settings, over the same database. */
  const variant = async (overrides: Partial<AppConfig>) => {
    const app = await buildApp(testConfig({ spaDir, stripe, ...overrides }), { database: t.database, logger: false });
    variants.push(app);
    return app;
  };
  beforeAll(async () => {
    spaDir = await mkdtemp(path.join(tmpdir(), 'spa-'));
    await mkdir(path.join(spaDir, 'assets'));
    await writeFile(path.join(spaDir, 'index.html'), '<!doctype html><html><head><title>x</title></head><body></body></html>');
    await writeFile(path.join(spaDir, 'assets', 'main-abc123.js'), 'console.log(1)');
    t = await createTestApp('pglite', { spaDir, stripe });
  });
  afterAll(async () => {
    await Promise.all(variants.map((app) => app.close()));
    await t.close();
    await rm(spaDir, { recursive: true, force: true });
  });

  it('are on every answer: API, 401, 422, JSON 404, index.html, a browser-history route and an asset', async () => {
    const { headers } = await t.signIn();
    const answers = {
      api: await t.app.inject({ url: '/api/user', headers: { ...headers, ...requestedWithHeader } }),
      unauthenticated: await t.app.inject({ url: '/api/user', headers: requestedWithHeader }),
      invalid: await t.app.inject({ method: 'POST', url: '/api/login', payload: { email: 'not an email' } }),
      missing: await t.app.inject({ url: '/api/does-not-exist' }),
      missingAsset: await t.app.inject({ url: '/assets/missing.js' }),
      index: await t.app.inject({ url: '/' }),
      route: await t.app.inject({ url: '/dashboard/brands' }),
      asset: await t.app.inject({ url: '/assets/main-abc123.js' }),
    };
    expect(Object.fromEntries(Object.entries(answers).map(([name, res]) => [name, res.statusCode]))).toEqual({
      api: 200,
      unauthenticated: 401,
      invalid: 422,
      missing: 404,
      missingAsset: 404,
      index: 200,
      route: 200,
      asset: 200,
    });
    for (const [name, res] of Object.entries(answers)) {
      try {
        expectSecurityHeaders(res);
      } catch (error) {
        throw new Error(`${name}: ${(error as Error).message}`);
      }
    }
  });

  it('allow scripts from the page and Stripe.js only, Stripe in its frames and connections, styles by a nonce', async () => {
    const policy = policyOf(await t.app.inject({ url: '/' }));
    expect(policy['script-src']).toEqual(["'self'", 'https://js.stripe.com']);
    expect(policy['connect-src']).toEqual(["'self'", 'https://api.stripe.com']);
    expect(policy['frame-src']).toEqual(['https://js.stripe.com', 'https://hooks.stripe.com']);
    expect(policy['img-src']).toEqual(["'self'", 'data:']);
    expect(policy['base-uri']).toEqual(["'self'"]);
    expect(policy['form-action']).toEqual(["'self'"]);
    expect(policy['style-src']).toEqual(["'self'", expect.stringMatching(/^'nonce-[A-Za-z0-9+/]{22}=='$/)]);
  });

  it("hand index.html its answer's style nonce, a new one each time", async () => {
    const nonces = [];
    for (const url of ['/', '/dashboard']) {
      const res = await t.app.inject({ url });
      const nonce = /'nonce-([^']+)'/.exec(policyOf(res)['style-src']?.join(' ') ?? '')?.[1];
      expect(res.body).toContain(`<meta property="csp-nonce" nonce="${nonce}">`);
      nonces.push(nonce);
    }
    expect(nonces[0]).not.toBe(nonces[1]);
  });

  it("give the API's JSON answers styles from the page's origin alone, no nonce (no page is made of them)", async () => {
    const { headers } = await t.signIn();
    const api = await t.app.inject({ url: '/api/user', headers: { ...headers, ...requestedWithHeader } });
    expect(api.statusCode).toBe(200);
    expect(policyOf(api)['style-src']).toEqual(["'self'"]);
  });

  it("give every API answer the page's headers but the nonce, with the socket sources of its own page host", async () => {
    const { headers } = await t.signIn();
    const base = testConfig();
    // A socket on another port of whatever host the page has: each page host has its own connect-src.
    const otherPort = await variant({ realtime: { ...base.realtime, host: undefined, port: 6001, scheme: 'wss' } });
    const askFrom = (host: string) => otherPort.inject({ url: '/api/user', headers: { ...headers, ...requestedWithHeader, host } });
    const [first, second, firstAgain] = [await askFrom('a.example.com'), await askFrom('b.example.com'), await askFrom('a.example.com')];
    expect([first, second, firstAgain].map((res) => res.statusCode)).toEqual([200, 200, 200]);
    expect(policyOf(first)['connect-src']).toEqual(["'self'", 'https://api.stripe.com', 'wss://a.example.com:6001']);
    expect(policyOf(second)['connect-src']).toEqual(["'self'", 'https://api.stripe.com', 'wss://b.example.com:6001']);
    expect(firstAgain.headers['content-security-policy']).toBe(first.headers['content-security-policy']);

    const page = await otherPort.inject({ url: '/', headers: { host: 'a.example.com' } });
    const securityHeaderNames = [
      'content-security-policy',
      'x-content-type-options',
      'x-frame-options',
      'referrer-policy',
      'cross-origin-opener-policy',
      'cross-origin-resource-policy',
      'origin-agent-cluster',
      'x-dns-prefetch-control',
      'x-download-options',
      'x-permitted-cross-domain-policies',
      'x-xss-protection',
    ];
    const withoutNonce = (res: LightMyRequestResponse) =>
      securityHeaderNames.map((name) => [name, String(res.headers[name]).replace(/ 'nonce-[^']+'/, '')]);
    expect(withoutNonce(first)).toEqual(withoutNonce(page));
    expect(withoutNonce(page).every(([, value]) => value !== 'undefined')).toBe(true);
  });

  it('leave Stripe out where payments are not configured', async () => {
    const plain = await variant({ stripe: undefined });
    const policy = policyOf(await plain.inject({ url: '/' }));
    expect(policy['script-src']).toEqual(["'self'"]);
    expect(policy['connect-src']).toEqual(["'self'"]);
    expect(policy['frame-src']).toEqual(["'none'"]);
  });

  it('let the page connect to a real-time server configured elsewhere, and to the fake Stripe API of the tests', async () => {
    const base = testConfig();
    const elsewhere = await variant({
      stripe: { ...stripe, apiBase: 'http://127.0.0.1:4242/stripe' },
      realtime: { ...base.realtime, host: 'ws.example.com', port: 6001, scheme: 'wss' },
    });
    const policy = policyOf(await elsewhere.inject({ url: '/dashboard' }));
    expect(policy['connect-src']).toEqual(["'self'", 'https://api.stripe.com', 'http://127.0.0.1:4242', 'wss://ws.example.com:6001']);
  });

  describe('HSTS', () => {
    it('is sent on an answer that came over HTTPS, through a trusted proxy', async () => {
      const proxied = await variant({ trustProxy: true });
      const overHttps = await proxied.inject({ url: '/api/user', headers: { 'x-forwarded-proto': 'https' } });
      expect(overHttps.statusCode).toBe(401);
      expect(overHttps.headers['strict-transport-security']).toBe(strictTransportSecurity);
      const overHttp = await proxied.inject({ url: '/api/user', headers: { 'x-forwarded-proto': 'http' } });
      expect(overHttp.headers['strict-transport-security']).toBeUndefined();
    });

    it('is never sent over plain http, whatever an untrusted X-Forwarded-Proto says', async () => {
      for (const headers of [{}, { 'x-forwarded-proto': 'https' }]) {
        const res = await t.app.inject({ url: '/api/does-not-exist', headers });
        expect(res.statusCode).toBe(404);
        expect(res.headers['x-frame-options']).toBe('DENY');
        expect(res.headers['strict-transport-security']).toBeUndefined();
      }
    });
  });
});

describe('the socket origin in connect-src', () => {
  const page = { hostname: 'dash.example.com', host: 'dash.example.com:8443' };
  const realtime = testConfig().realtime;
  const sources = (overrides: Partial<AppConfig['realtime']>) => socketSources(browserSocket({ ...realtime, ...overrides }), page);

  it("is left to 'self' for the embedded server on the page's own origin", () => {
    expect(sources({})).toEqual([]);
  });

  it('is the configured host, port and scheme, or both schemes when the page decides', () => {
    expect(sources({ host: 'soketi.example.com', port: 6001, scheme: 'ws' })).toEqual(['ws://soketi.example.com:6001']);
    expect(sources({ host: 'soketi.example.com' })).toEqual(['ws://soketi.example.com', 'wss://soketi.example.com']);
  });

  it("is the hosted cluster's endpoint for hosted Pusher", () => {
    expect(sources({ driver: 'pusher', cluster: 'eu' })).toEqual(['wss://ws-eu.pusher.com:443']);
  });

  it("is the page's host on another port or scheme, and nothing for a host header that is not a host name", () => {
    expect(sources({ port: 6001 })).toEqual(['ws://dash.example.com:6001', 'wss://dash.example.com:6001']);
    expect(sources({ scheme: 'wss' })).toEqual(['wss://dash.example.com:8443']);
    expect(socketSources({ port: 6001 }, { hostname: "evil; script-src 'unsafe-inline'", host: 'x' })).toEqual([]);
  });
});
