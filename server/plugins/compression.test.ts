import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueApp, type DemoIds } from '../test/catalogue';
import type { TestApp } from '../test/app';
import { compressionThreshold } from './compression';

describe('compressed answers (docs/figures.md)', () => {
  let t: TestApp;
  let headers: { authorization: string };
  let ids: DemoIds;
  let spaDir: string;
  const script = `console.log(${JSON.stringify('x'.repeat(4000))});`;
  const scriptBrotli = brotliCompressSync(script);

  beforeAll(async () => {
    spaDir = await mkdtemp(path.join(tmpdir(), 'spa-'));
    await mkdir(path.join(spaDir, 'assets'));
    await writeFile(path.join(spaDir, 'index.html'), '<!doctype html><html><head><title>x</title></head><body></body></html>');
    await writeFile(path.join(spaDir, 'assets', 'main-abc123.js'), script);
    await writeFile(path.join(spaDir, 'assets', 'main-abc123.js.br'), scriptBrotli);
    ({ t, headers, ids } = await catalogueApp('pglite', { spaDir }));
  });
  afterAll(async () => {
    await t.close();
    await rm(spaDir, { recursive: true, force: true });
  });

  const categories = (acceptEncoding?: string) =>
    t.app.inject({
      method: 'GET',
      url: '/api/categories',
      headers: { ...headers, ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) },
    });

  it('sends a JSON answer over 1 kB as brotli when the client accepts it, and the same JSON once decoded', async () => {
    const plain = await categories();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(compressionThreshold);

    const brotli = await categories('gzip, deflate, br');
    expect(brotli.statusCode).toBe(200);
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(String(brotli.headers.vary)).toMatch(/accept-encoding/i);
    expect(brotli.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(JSON.parse(brotliDecompressSync(brotli.rawPayload).toString('utf8'))).toEqual(plain.json());
  });

  it('falls back to gzip for a client that does not accept brotli', async () => {
    const gzip = await categories('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString('utf8'))).toEqual((await categories()).json());
  });

  it("sends the home's overview, made anew for each request, as gzip even to a client that accepts brotli", async () => {
    const overview = (acceptEncoding?: string) =>
      t.app.inject({
        method: 'GET',
        url: '/api/overview',
        headers: { ...headers, ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) },
      });
    const plain = await overview();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(compressionThreshold);
    const gzip = await overview('gzip, deflate, br, zstd');
    expect(gzip.statusCode).toBe(200);
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString('utf8'))).toEqual(plain.json());
  });

  it('sends an answer under 1 kB as it is', async () => {
    const small = await t.app.inject({ method: 'GET', url: '/api/preferences', headers: { ...headers, 'accept-encoding': 'br, gzip' } });
    expect(small.statusCode).toBe(200);
    expect(small.rawPayload.length).toBeLessThan(compressionThreshold);
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it("sends the SPA's assets as the build compressed them, not compressed again", async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/main-abc123.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['content-encoding']).toBe('br');
    expect(asset.rawPayload.equals(scriptBrotli)).toBe(true);
    expect(asset.headers['cache-control']).toContain('immutable');
  });

  it('streams a CSV export compressed, whole', async () => {
    const url = `/api/equipments/export?subcategory_id=${await ids.subcategory('Excavators')}`;
    const plain = await t.app.inject({ method: 'GET', url, headers });
    const exported = await t.app.inject({ method: 'GET', url, headers: { ...headers, 'accept-encoding': 'gzip' } });
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(exported.rawPayload).toString('utf8')).toBe(plain.payload);
  });
});
