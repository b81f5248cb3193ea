import type { Page } from '@playwright/test';
import { demoOperator, startTestServer } from '../fixtures';
import { launchChromium } from './chromium';
import { clickToFirstBrandRows } from './first-brand-rows';
import { isMainModule, printFigures } from './run-alone';

/**
 * From the Login click to the brands screen's first rows (docs/figures.md), in Chromium over the built SPA and the
 * demo data: the login form is left idle first (it preloads the next screen's code meanwhile), then signs in through
 * the form as an operator does. Median of 5, each in a fresh browser context (nothing cached but the HTTP cache's
 * absence). Run alone: `npx tsx e2e/bench/login-to-rows.ts` (needs `npm run build`).
 */
const runs = 5;
const targetMs = 400;

/** From the Login click (the demo operator, through the form) to the first rows of a brands table captioned `captionPrefix`. */
export async function loginToFirstRows(page: Page, url: string, captionPrefix = 'Brands of '): Promise<number> {
  await page.goto(`${url}/login`, { waitUntil: 'networkidle' });
  await page.getByLabel('Email').fill(demoOperator.email);
  await page.getByLabel('Password').fill(demoOperator.password);
  const login = page.getByRole('button', { name: 'Login' });
  return clickToFirstBrandRows(page, () => login.click(), captionPrefix);
}

export async function benchLoginToRows() {
  const server = await startTestServer();
  const browser = await launchChromium();
  try {
    const times: number[] = [];
    for (let run = 0; run < runs; run += 1) {
      const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
      try {
        times.push(await loginToFirstRows(await context.newPage(), server.url));
      } finally {
        await context.close();
      }
    }
    const median = [...times].sort((a, b) => a - b)[Math.floor(runs / 2)] ?? Number.NaN;
    return { login_click_to_first_rows_ms: median, runs_ms: times, target_met: median <= targetMs };
  } finally {
    await browser.close();
    await server.close();
  }
}

if (isMainModule(import.meta.url)) printFigures(benchLoginToRows);
