import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './axe';
import { dashboardScreens, openScreen } from './screens';
import { expect, test } from './stripe-fixtures';

/**
 * docs/product.md#dashboard-header: dark mode follows the system unless the operator chose Light or Dark in the account menu (remembered
 * in the browser: the server writes the choice into the page, so it is painted in it from the first frame). Every
 * screen passes axe, colour contrast included, in both themes.
 */

const darkBackground = 'rgb(15, 20, 27)';
const lightBackground = 'rgb(245, 246, 248)';

const background = (page: Page) => page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);

async function expectTheme(page: Page, scheme: 'light' | 'dark') {
  await expect.poll(() => background(page)).toBe(scheme === 'dark' ? darkBackground : lightBackground);
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).colorScheme)).toContain(scheme);
  // Buttons fade their colours into the new theme (120 ms): axe must read the colours they end at, not a blend.
  await page.waitForFunction(() => !document.getAnimations().some((animation) => animation instanceof CSSTransition));
}

async function chooseTheme(page: Page, label: 'System' | 'Light' | 'Dark') {
  await page.getByRole('button', { name: 'Account menu' }).click();
  const menu = page.getByRole('menu', { name: 'Account menu' });
  const group = menu.getByRole('group', { name: 'Theme' });
  await group.getByRole('menuitemradio', { name: label }).click();
  await expect(group.getByRole('menuitemradio', { name: label })).toHaveAttribute('aria-checked', 'true');
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
}

test.describe('themes', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('the system theme, dark and light, on every screen: axe passes in both', async ({ page, paymentsServer, signInBuyer }) => {
    test.setTimeout(300_000);
    await page.goto(`${paymentsServer.url}/login`);
    await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
    for (const scheme of ['dark', 'light'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await expectTheme(page, scheme);
      await expectNoSeriousA11yViolations(page);
    }

    await signInBuyer(page);
    for (const screen of dashboardScreens) {
      await openScreen(page, paymentsServer.url, screen);
      for (const scheme of ['dark', 'light'] as const) {
        await page.emulateMedia({ colorScheme: scheme });
        await expectTheme(page, scheme);
        await test.step(`${screen.path} in ${scheme}`, () => expectNoSeriousA11yViolations(page));
      }
    }
  });

  test('the toggle: Dark or Light over the system, remembered from the first paint, System again', async ({
    page,
    paymentsServer,
    signInBuyer,
  }) => {
    test.setTimeout(300_000);
    await page.emulateMedia({ colorScheme: 'light' });
    await signInBuyer(page);
    await openScreen(page, paymentsServer.url, dashboardScreens[1]!);
    await expectTheme(page, 'light');

    await chooseTheme(page, 'Dark');
    await expectTheme(page, 'dark');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    // The menu itself in dark, open.
    await page.getByRole('button', { name: 'Account menu' }).click();
    await expect(page.getByRole('menu', { name: 'Account menu' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.keyboard.press('Escape');

    // Every screen in the chosen Dark (the system says light): served in it, before any script runs.
    for (const screen of dashboardScreens) {
      const served = await page.request.get(`${paymentsServer.url}${screen.path}`); // the context's cookies
      expect(await served.text()).toContain('<html data-theme="dark"');
      await openScreen(page, paymentsServer.url, screen);
      await expectTheme(page, 'dark');
      await test.step(`${screen.path} in the chosen Dark`, () => expectNoSeriousA11yViolations(page));
    }

    // Light over a dark system.
    await page.emulateMedia({ colorScheme: 'dark' });
    await expectTheme(page, 'dark');
    await chooseTheme(page, 'Light');
    await expectTheme(page, 'light');
    await page.reload();
    await expectTheme(page, 'light');
    await expectNoSeriousA11yViolations(page);

    // System again: the cookie is forgotten and the page follows the system.
    await chooseTheme(page, 'System');
    await expectTheme(page, 'dark');
    await expect(page.locator('html')).not.toHaveAttribute('data-theme', /./);
    expect((await page.context().cookies()).find((c) => c.name === 'theme')).toBeUndefined();
    await page.emulateMedia({ colorScheme: 'light' });
    await expectTheme(page, 'light');
  });
});
