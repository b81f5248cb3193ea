import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { launchChromium } from './chromium';
import type { TestServer } from '../fixtures';
import { loginRouteBudgetBytes, loginRouteGzipBytes, loginRouteTargetBytes } from './login-bundle';

async function gzipBytesOf(urls: string[], origin: string): Promise<number> {
  let total = 0;
  for (const url of new Set(urls)) {
    const file = path.join('dist', new URL(url, origin).pathname);
    total += gzipSync(await readFile(file), { level: 9 }).length;
  }
  return total;
}

/**
 * Gzip bytes of the JavaScript the login route needs (from the build's manifest), of all a real Chromium loads on
 * /login once idle (with the next screen's code the form preloads), and of the dashboard shell's.
 */
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
    const loginPageBytes = await gzipBytesOf(scripts, server.url);
    const loginRoute = await loginRouteGzipBytes();

    await server.loginAs(page);
    scripts.length = 0;
    await page.goto(`${server.url}/dashboard`, { waitUntil: 'networkidle' });
    const shellBytes = await gzipBytesOf(scripts, server.url);
    await context.close();
    return {
      login_route_js_gzip_bytes: loginRoute.bytes,
      login_route_budget_met: loginRoute.bytes <= loginRouteBudgetBytes,
      login_route_target_met: loginRoute.bytes <= loginRouteTargetBytes,
      login_page_js_gzip_bytes_with_idle_preload: loginPageBytes,
      dashboard_shell_js_gzip_bytes: shellBytes,
    };
  } finally {
    await browser.close();
  }
}
