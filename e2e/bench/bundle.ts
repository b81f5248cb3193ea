import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { launchChromium } from './chromium';
import type { TestServer } from '../fixtures';

async function gzipBytesOf(urls: string[], origin: string): Promise<number> {
  let total = 0;
  for (const url of new Set(urls)) {
    const file = path.join('dist', new URL(url, origin).pathname);
    total += gzipSync(await readFile(file), { level: 9 }).length;
  }
  return total;
}

/** Gzip bytes of the JavaScript a real Chromium loads for the login route and for the dashboard shell. */
export async function benchBundles(server: TestServer): Promise<Record<string, number | boolean>> {
  const browser = await launchChromium();
  try {
    const context = await browser.newContext();
    const page = await context.newPage();
    const scripts: string[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script' && response.url().startsWith(server.url)) scripts.push(response.url());
    });
    await page.goto(`${server.url}/login`, { waitUntil: 'networkidle' });
    const loginBytes = await gzipBytesOf(scripts, server.url);

    await server.loginAs(page);
    scripts.length = 0;
    await page.goto(`${server.url}/dashboard`, { waitUntil: 'networkidle' });
    const shellBytes = await gzipBytesOf(scripts, server.url);
    await context.close();
    return {
      login_route_js_gzip_bytes: loginBytes,
      login_route_budget_met: loginBytes <= 150 * 1024,
      dashboard_shell_js_gzip_bytes: shellBytes,
    };
  } finally {
    await browser.close();
  }
}
