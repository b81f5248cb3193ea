import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './axe';
import { expect, test } from './fixtures';
import { header } from './live';

/**
 * docs/product.md#help: the operator guide (docs/guide.md) inside the app, from the account menu's Help; its pictures
 * load from the build's assets and its sections have anchors. docs/product.md#glossary: the login screen says "Log in"
 * as its button does.
 */

const guide = readFileSync(new URL('../docs/guide.md', import.meta.url), 'utf8');
/** The guide's title (its first heading) and its pictures, as the Markdown has them. */
const guideTitle = /^# (.+)$/m.exec(guide)?.[1] ?? '';
const guidePictures = [...guide.matchAll(/!\[([^\]]*)\]\(([^)]+)\)/g)].map((match) => ({ alt: match[1] ?? '', file: match[2] ?? '' }));

const backgrounds = { dark: 'rgb(15, 20, 27)', light: 'rgb(245, 246, 248)' } as const;

async function inTheme(page: Page, scheme: 'light' | 'dark') {
  await page.emulateMedia({ colorScheme: scheme });
  await expect.poll(() => page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor)).toBe(backgrounds[scheme]);
  // Buttons fade their colours into the new theme: axe must read the colours they end at.
  await page.waitForFunction(() => !document.getAnimations().some((animation) => animation instanceof CSSTransition));
}

test.use({ viewport: { width: 1280, height: 800 } });

test('Help, chosen from the account menu by keyboard, shows the guide with its pictures; axe passes in both themes', async ({
  page,
  server,
}) => {
  expect(guideTitle).not.toBe('');
  expect(guidePictures.length).toBeGreaterThan(0);
  await server.loginAs(page);
  await page.goto(`${server.url}/dashboard`);

  const trigger = header(page).getByRole('button', { name: 'Account menu' });
  await trigger.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menuitem', { name: 'Purchase Tokens' })).toBeFocused();
  const help = page.getByRole('menuitem', { name: 'Help' });
  for (let presses = 0; presses < 5 && !(await help.evaluate((item) => item === document.activeElement)); presses++) {
    await page.keyboard.press('ArrowDown');
  }
  await expect(help).toBeFocused();
  await page.keyboard.press('Enter');

  await expect(page).toHaveURL(`${server.url}/dashboard/help`);
  const article = page.getByRole('article', { name: guideTitle });
  await expect(article.getByRole('heading', { level: 1 })).toHaveText(guideTitle);
  // The header and the navigation as on every dashboard screen.
  await expect(header(page).getByRole('button', { name: 'Account menu' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();

  // Every picture of the guide is there, in its order, served from the build's assets and loaded.
  const pictures = article.getByRole('img');
  await expect(pictures).toHaveCount(guidePictures.length);
  for (const [index, expected] of guidePictures.entries()) {
    const picture = pictures.nth(index);
    await expect(picture).toHaveAttribute('alt', expected.alt);
    await expect(picture).toHaveAttribute('src', /^\/assets\/.+\.(png|jpg)$/);
    await picture.scrollIntoViewIfNeeded();
    await expect
      .poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), expected.file)
      .toBeGreaterThan(0);
  }
  // No link leads to a file the app does not serve.
  await expect(article.locator('a[href$=".md"], a[href*=".md#"]')).toHaveCount(0);

  // A section's link goes to its heading, below the sticky header; the address names the section.
  await page.evaluate(() => window.scrollTo(0, 0));
  await article.getByRole('link', { name: 'Runs', exact: true }).first().click();
  await expect(page).toHaveURL(`${server.url}/dashboard/help#runs`);
  await expect(article.getByRole('heading', { level: 2, name: /^Runs/ })).toBeInViewport();

  for (const scheme of ['dark', 'light'] as const) {
    await inTheme(page, scheme);
    await test.step(`axe in ${scheme}`, () => expectNoSeriousA11yViolations(page));
  }
});

test('an address with a section opens the guide at that section', async ({ page, server }) => {
  await server.loginAs(page);
  await page.goto(`${server.url}/dashboard/help#what-costs-tokens`);
  await expect(page.getByRole('heading', { level: 2, name: /^What costs tokens/ })).toBeInViewport();
});

test('the login screen says "Log in", as its Login button does, never "sign in"', async ({ page, server }) => {
  await page.goto(`${server.url}/login`);
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
  await expect(page.getByText('Log in with your operator account.')).toBeVisible();
  await expect(page.locator('body')).not.toContainText(/sign(ed|ing)?[ -]?in/i);
});
