import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { themeFromCookies } from '../../contract/theme';
import { createTestApp, type TestApp } from '../test/app';

/** docs/product.md#dashboard-header: the page comes in the theme the browser's cookie chose, before any script runs. */
describe('index.html in the chosen theme', () => {
  let t: TestApp;
  let spaDir: string;
  beforeAll(async () => {
    spaDir = await mkdtemp(path.join(tmpdir(), 'spa-theme-'));
    await writeFile(path.join(spaDir, 'index.html'), '<!doctype html><html lang="en"><head><title>x</title></head><body></body></html>');
    t = await createTestApp('pglite', { spaDir });
  });
  afterAll(async () => {
    await t.close();
    await rm(spaDir, { recursive: true, force: true });
  });

  const htmlTag = (body: string) => /<html[^>]*>/.exec(body)?.[0];

  it('writes data-theme for a Light or Dark cookie on every page route', async () => {
    for (const url of ['/', '/login', '/dashboard/brands', '/index.html']) {
      const dark = await t.app.inject({ url, headers: { cookie: 'other=1; theme=dark' } });
      expect(dark.statusCode, url).toBe(200);
      expect(htmlTag(dark.body), url).toBe('<html data-theme="dark" lang="en">');
      const light = await t.app.inject({ url, headers: { cookie: 'theme=light' } });
      expect(htmlTag(light.body), url).toBe('<html data-theme="light" lang="en">');
    }
  });

  it('leaves the page to the system without a valid choice', async () => {
    for (const cookie of [undefined, 'theme=system', 'theme=blue', 'theme="><script>', 'xtheme=dark', 'theme=']) {
      const res = await t.app.inject({ url: '/login', headers: cookie === undefined ? {} : { cookie } });
      expect(htmlTag(res.body), cookie).toBe('<html lang="en">');
    }
  });

  it('reads the cookie the same way in the browser', () => {
    expect(themeFromCookies('a=b; theme=dark')).toBe('dark');
    expect(themeFromCookies('theme=light')).toBe('light');
    expect(themeFromCookies('theme=Dark')).toBe('system');
    expect(themeFromCookies(undefined)).toBe('system');
  });
});
