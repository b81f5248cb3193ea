import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import lighthouse, { desktopConfig } from 'lighthouse';
import { startTestServer } from '../fixtures';
import { chromiumArgs, chromiumPath } from './chromium';
import { freePort } from './free-port';
import { isMainModule, printFigures } from './run-alone';

/**
 * Lighthouse's performance score (docs/figures.md) in Debian's Chromium over the built SPA: /login with its default
 * settings (mobile, simulated slow 4G and a 4x slower CPU) and with the desktop preset, and /dashboard/brands signed
 * in with the desktop preset. Lighthouse drives the browser Playwright started, through its debugging port; the
 * session is put in that browser's storage, which Lighthouse is told to keep.
 * Run alone: `npx tsx e2e/bench/lighthouse.ts`; `LIGHTHOUSE_REPORT_DIR=dir` also writes each full report (JSON) there.
 */
export async function benchLighthouse() {
  const server = await startTestServer();
  const profile = await mkdtemp(path.join(tmpdir(), 'lighthouse-profile-'));
  const port = await freePort();
  const browser = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath,
    args: [...chromiumArgs, `--remote-debugging-port=${port}`],
  });
  const audit = async (url: string, config?: typeof desktopConfig) => {
    const result = await lighthouse(
      url,
      { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'], disableStorageReset: true },
      config,
    );
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    if (process.env.LIGHTHOUSE_REPORT_DIR) await mkdir(process.env.LIGHTHOUSE_REPORT_DIR, { recursive: true });
    if (process.env.LIGHTHOUSE_REPORT_DIR)
      await writeFile(
        path.join(process.env.LIGHTHOUSE_REPORT_DIR, `${new URL(url).pathname.replaceAll('/', '_')}-${config ? 'desktop' : 'mobile'}.json`),
        JSON.stringify(result.lhr),
      );
    const { categories, audits } = result.lhr;
    const ms = (id: string) => Math.round(audits[id]?.numericValue ?? Number.NaN);
    return {
      score: Math.round((categories.performance?.score ?? 0) * 100),
      first_contentful_paint_ms: ms('first-contentful-paint'),
      largest_contentful_paint_ms: ms('largest-contentful-paint'),
      total_blocking_time_ms: ms('total-blocking-time'),
      speed_index_ms: ms('speed-index'),
      cumulative_layout_shift: Number((audits['cumulative-layout-shift']?.numericValue ?? Number.NaN).toFixed(3)),
    };
  };
  try {
    const loginMobile = await audit(`${server.url}/login`);
    const loginDesktop = await audit(`${server.url}/login`, desktopConfig);
    const page = await browser.newPage();
    await server.loginAs(page);
    await page.close();
    const brandsDesktop = await audit(`${server.url}/dashboard/brands`, desktopConfig);
    return {
      login_mobile: loginMobile,
      login_desktop: loginDesktop,
      brands_signed_in_desktop: brandsDesktop,
      targets_met: loginMobile.score >= 95 && loginDesktop.score >= 98 && brandsDesktop.score >= 98,
    };
  } finally {
    await browser.close();
    await server.close();
    await rm(profile, { recursive: true, force: true });
  }
}

if (isMainModule(import.meta.url)) printFigures(benchLighthouse);
