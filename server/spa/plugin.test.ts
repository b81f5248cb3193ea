import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app';

describe('serving the SPA', () => {
  let t: TestApp;
  let spaDir: string;
  beforeAll(async () => {
    spaDir = await mkdtemp(path.join(tmpdir(), 'spa-'));
    await mkdir(path.join(spaDir, 'assets'));
    await writeFile(path.join(spaDir, 'index.html'), '<!doctype html><html><head><title>x</title></head><body></body></html>');
    await writeFile(path.join(spaDir, 'assets', 'main-abc123.js'), 'console.log(1)');
    const base = (await import('../test/app')).testConfig();
    t = await createTestApp('pglite', {
      spaDir,
      stripe: { secretKey: 'sk_test_secret', publishableKey: 'pk_test_"quoted"', webhookSecret: 'whsec_x', apiBase: undefined },
      realtime: { ...base.realtime, key: 'app-key', cluster: 'eu', host: 'ws.example.com', port: 443, scheme: 'wss' },
    });
  });
  afterAll(async () => {
    await t.close();
    await rm(spaDir, { recursive: true, force: true });
  });

  it('answers index.html with the meta tags for every browser-history route, without a token', async () => {
    for (const url of ['/', '/login', '/dashboard/brands', '/dashboard/equipments/exclusions/brands?sort=name']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('<meta name="stripe-key" content="pk_test_&quot;quoted&quot;">');
      expect(res.body).toContain('<meta name="pusher-key" content="app-key">');
      expect(res.body).toContain('<meta name="pusher-cluster" content="eu">');
      expect(res.body).toContain('<meta name="pusher-host" content="ws.example.com">');
      expect(res.body).toContain('<meta name="pusher-port" content="443">');
      expect(res.body).toContain('<meta name="pusher-scheme" content="wss">');
    }
  });

  it('never puts a secret into the page', async () => {
    const res = await t.app.inject({ url: '/dashboard' });
    expect(res.body).not.toContain('sk_test_secret');
    expect(res.body).not.toContain('whsec_x');
    expect(res.body).not.toContain('test-secret');
  });

  it('serves hashed assets with a long cache and answers a JSON 404 for a missing file or API path', async () => {
    const asset = await t.app.inject({ url: '/assets/main-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    const missing = await t.app.inject({ url: '/assets/missing.js' });
    expect(missing.statusCode).toBe(404);
    const api = await t.app.inject({ url: '/api/does-not-exist' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ message: 'Not found.' });
  });
});

describe('meta tags for hosted Pusher', () => {
  it("point the browser at the cluster's endpoint when no host is set", async () => {
    const { metaTags } = await import('./meta-tags');
    const { testConfig } = await import('../test/app');
    const base = testConfig();
    const tags = metaTags({ ...base, realtime: { ...base.realtime, driver: 'pusher', cluster: 'eu', host: undefined, port: undefined } });
    expect(tags).toContain('<meta name="pusher-host" content="ws-eu.pusher.com">');
    expect(tags).toContain('<meta name="pusher-port" content="443">');
    expect(tags).toContain('<meta name="pusher-scheme" content="wss">');
  });
});
