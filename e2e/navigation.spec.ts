import type { Locator, Page } from '@playwright/test';
import { requestedWithHeader } from '../contract/http';
import { categories, subcategories } from '../server/db/schema';
import { changeBalance } from '../server/tokens/ledger';
import { expectNoSeriousA11yViolations } from './axe';
import { expect, test, type TestServer } from './fixtures';
import { chooseCategory, header, whenLive } from './live';

/** docs/product.md#left-navigation and docs/product.md#dashboard-header: a left navigation to every screen; a header of one row and one height. */

const viewports = [
  { width: 1280, height: 800 },
  { width: 1440, height: 900 },
] as const;

const navigation = (page: Page) => page.getByRole('navigation', { name: 'Main' });
const navigationToggle = (page: Page) => header(page).getByRole('button', { name: 'Navigation' });

/** The search of a screen whose address holds the header's selection (docs/product.md#selection), as a pattern. */
const withSubcategory = '\\?category=\\d+&subcategory=\\d+';

/** Every dashboard screen: its link's name in the navigation, its path (and search) and its heading. */
const screens = [
  { link: 'Home', path: '/dashboard', heading: 'Dashboard' },
  { link: 'Brands', path: '/dashboard/brands', search: withSubcategory, heading: 'Brands' },
  { link: 'Equipments', path: '/dashboard/equipments', search: withSubcategory, heading: 'Equipments' },
  { link: 'Events', path: '/dashboard/events', search: '\\?category=\\d+', heading: 'Events' },
  { link: 'Equipment exclusions', path: '/dashboard/equipments/exclusions', heading: /exclusions/i },
  { link: 'Brand exclusions', path: '/dashboard/equipments/exclusions/brands', heading: /exclusions/i },
  { link: 'Brand exclusions (logos)', path: '/dashboard/brands/exclusions', heading: /exclusions/i },
  { link: 'Runs', path: '/dashboard/runs', heading: /runs/i },
  { link: 'Transactions', path: '/dashboard/transactions', heading: 'Transactions' },
  { link: 'Payment Methods', path: '/dashboard/payment-methods', heading: 'Payment Methods' },
] as const;

for (const viewport of viewports) {
  test.describe(`navigation at ${viewport.width}x${viewport.height}`, () => {
    test.use({ viewport });

    test('every screen is one click away, the current one marked; folded away it is two, and stays folded', async ({ page, server }) => {
      await server.loginAs(page);
      await page.goto(`${server.url}/dashboard`);
      await expect(navigation(page)).toBeVisible();
      await expect(navigationToggle(page)).toHaveAttribute('aria-expanded', 'true');

      for (const screen of screens) {
        const link = navigation(page).getByRole('link', { name: screen.link, exact: true });
        await link.click();
        const search = 'search' in screen ? screen.search : '';
        await expect(page).toHaveURL(new RegExp(`^${(server.url + screen.path).replace(/[.?]/g, '\\$&')}${search}$`));
        await expect(page.getByRole('heading', { level: 1, name: screen.heading })).toBeVisible();
        await expect(link).toHaveAttribute('aria-current', 'page');
        await expect(navigation(page).locator('[aria-current="page"]')).toHaveCount(1);
        await expect(link).toBeInViewport({ ratio: 1 });
      }
      await expectNoSeriousA11yViolations(page);

      // Folded away: the toggle and a link, two clicks; the choice outlives a reload.
      await navigationToggle(page).click();
      await expect(navigation(page)).toHaveCount(0);
      await expect(navigationToggle(page)).toHaveAttribute('aria-expanded', 'false');
      await page.reload();
      await expect(page.getByRole('heading', { level: 1, name: 'Payment Methods' })).toBeVisible();
      await expect(navigation(page)).toHaveCount(0);
      await navigationToggle(page).click();
      await navigation(page).getByRole('link', { name: 'Runs', exact: true }).click();
      await expect(page).toHaveURL(`${server.url}/dashboard/runs`);
    });

    test('by keyboard alone: the toggle folds and shows it, Tab reaches its links, Enter follows one', async ({ page, server }) => {
      await server.loginAs(page);
      await page.goto(`${server.url}/dashboard/transactions`);
      await expect(page.getByRole('heading', { level: 1, name: 'Transactions' })).toBeVisible();

      await page.keyboard.press('Tab'); // the skip link
      await page.keyboard.press('Tab');
      await expect(navigationToggle(page)).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(navigation(page)).toHaveCount(0);
      await expect(navigationToggle(page)).toBeFocused();
      await page.keyboard.press('Space');
      await expect(navigation(page)).toBeVisible();

      const runs = navigation(page).getByRole('link', { name: 'Runs', exact: true });
      for (let presses = 0; presses < 40 && !(await runs.evaluate((link) => link === document.activeElement)); presses += 1) {
        await page.keyboard.press('Tab');
      }
      await expect(runs).toBeFocused();
      // The focused link shows its focus ring.
      expect(await runs.evaluate((link) => getComputedStyle(link).outlineStyle)).not.toBe('none');
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(`${server.url}/dashboard/runs`);
      await expect(runs).toHaveAttribute('aria-current', 'page');
    });
  });
}

/** The header's row: its height, and whether any of its parts sits outside it or overflows it. */
async function headerShape(page: Page) {
  const row = header(page).locator('.app-header__row');
  return row.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const parts = [...element.children].map((child) => child.getBoundingClientRect()).filter((part) => part.width > 0);
    return {
      height: Math.round(box.height),
      outside: parts.filter((part) => part.top < box.top - 0.5 || part.bottom > box.bottom + 0.5).length,
      overflows: element.scrollWidth > element.clientWidth + 1,
      pageScrollsSideways: document.documentElement.scrollWidth > window.innerWidth,
    };
  });
}

async function expectOneRow(page: Page, height: number, state: string, visible: Locator) {
  await expect(visible, state).toBeVisible();
  expect(await headerShape(page), state).toEqual({ height, outside: 0, overflows: false, pageScrollsSideways: false });
}

async function longNamedCategory(server: TestServer) {
  const stamp = Date.now();
  const name = `Zz navigation Heavy Construction and Earthmoving Machinery ${stamp}`;
  const [category] = await server.db.insert(categories).values({ name }).returning({ id: categories.id });
  const [subcategory] = await server.db
    .insert(subcategories)
    .values({ categoryId: category!.id, name: `Articulated Dump Trucks and Off-Highway Haulers ${stamp}` })
    .returning({ id: subcategories.id });
  return { name, subcategoryId: subcategory!.id };
}

for (const viewport of viewports) {
  test(`the header is one row of one height through its states at ${viewport.width}x${viewport.height}`, async ({
    makeServer,
    browser,
  }) => {
    test.setTimeout(120_000);
    // The demo generator answers after a minute: the run below stays under way, holding tokens.
    const server = await makeServer({ env: { AI_DEMO_DELAY_MS: '60000' } });
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    const me = await server.loginAs(page, { email: `navigation-${viewport.width}-${Date.now()}@example.com` });
    await changeBalance(server.db, {
      userId: me.userId,
      delta: 6_000,
      reason: 'adjustment',
      reference: `e2e-navigation-${me.userId}`,
      description: 'Balance adjustment',
    });
    const long = await longNamedCategory(server);

    // Categories loading, then failing.
    let answerCategories!: () => void;
    const categoriesHeld = new Promise<void>((resolve) => (answerCategories = resolve));
    await page.route(/\/api\/categories(\?|$)/, async (route) => {
      await categoriesHeld;
      await route.abort();
    });
    await page.goto(`${server.url}/dashboard/events`);
    const height = await header(page)
      .locator('.app-header__row')
      .evaluate((row) => Math.round(row.getBoundingClientRect().height));
    expect(height).toBeGreaterThanOrEqual(56);
    await expectOneRow(page, height, 'categories loading', header(page).getByRole('button', { name: /^Category/ }));
    answerCategories();
    await expectOneRow(page, height, 'categories failed', header(page).getByRole('button', { name: 'Retry' }));
    await page.unroute(/\/api\/categories(\?|$)/);

    // Events with a long category name, then Equipments with long names and a run under way holding tokens.
    await header(page).getByRole('button', { name: 'Retry' }).click();
    await chooseCategory(page, long.name);
    await expectOneRow(page, height, 'events, a long name', header(page).getByRole('button', { name: 'Regenerate' }));
    // The run below is started outside the page: its live events reach the header only once every channel is joined.
    const live = whenLive(page);
    await page.goto(`${server.url}/dashboard/brands`);
    await live;
    await chooseCategory(page, long.name);
    await expectOneRow(page, height, 'equipments, long names', header(page).getByRole('button', { name: /^Subcategory/ }));
    const started = await page.request.post(`${server.url}/api/brands/generate`, {
      headers: { Authorization: `Bearer ${me.token}`, ...requestedWithHeader },
      data: { subcategory_id: long.subcategoryId },
    });
    expect(started.status()).toBe(200);
    await expect(header(page).getByText(/held/)).toBeVisible();
    await expectOneRow(page, height, 'a run under way', header(page).getByRole('status').filter({ hasText: 'Generating (1)' }));
    await expect(header(page).locator('[data-low]')).toBeVisible();
    await expectOneRow(page, height, 'a low balance', header(page).getByRole('status', { name: 'Generating' }));
    // Long names are cut with their whole text at hand.
    await expect(header(page).getByRole('button', { name: /^Category/ })).toHaveAttribute('title', long.name);
    await expectNoSeriousA11yViolations(page);
    await context.close();
  });
}
