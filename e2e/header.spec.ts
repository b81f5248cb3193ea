import { and, eq, isNull, sql } from 'drizzle-orm';
import type { APIRequestContext, Page } from '@playwright/test';
import type { Category } from '../contract/categories';
import { modelTypes, statusNames } from '../contract/statuses';
import { categories, statuses } from '../server/db/schema';
import { expectNoSeriousA11yViolations } from './axe';
import { demoOperator, expect, test, type TestServer } from './fixtures';
import { selectSubcategory } from './live';

/** docs/product.md#dashboard-header: every state, one dropdown at a time, the avatar menu and logout. */

async function categoryTree(request: APIRequestContext, server: TestServer, token: string): Promise<Category[]> {
  const response = await request.get(`${server.url}/api/categories`, {
    headers: { Authorization: `Bearer ${token}`, 'X-Requested-With': 'XMLHttpRequest' },
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { categories: Category[] }).categories;
}

const header = (page: Page) => page.getByRole('banner');
const categoryTrigger = (page: Page) => header(page).getByRole('button', { name: /^Category/ });
const subcategoryTrigger = (page: Page) => header(page).getByRole('button', { name: /^Subcategory/ });
const accountTrigger = (page: Page) => header(page).getByRole('button', { name: 'Account menu' });
const openMenus = (page: Page) => page.getByRole('menu');
const typeOption = (page: Page, name: 'Events' | 'Equipments') =>
  header(page).getByRole('radiogroup', { name: 'Screen type' }).getByRole('radio', { name });

test.describe('dashboard header', () => {
  test('on the brands screen: Equipments, first category and subcategory, brand count, balance', async ({ page, server, request }) => {
    const { token, userId } = await server.loginAs(page);
    const tree = await categoryTree(request, server, token);
    const first = tree[0]!;
    const firstSub = first.subcategories[0]!;
    await page.goto(`${server.url}/dashboard/brands`);

    await expect(typeOption(page, 'Equipments')).toHaveAttribute('aria-checked', 'true');
    await expect(typeOption(page, 'Events')).toHaveAttribute('aria-checked', 'false');
    await expect(categoryTrigger(page)).toContainText(first.name);
    await expect(subcategoryTrigger(page)).toContainText(firstSub.name);
    await expect(header(page).getByText(new RegExp(`^${firstSub.brands_count.toLocaleString('en-US')} brands?$`))).toBeVisible();
    await expect(header(page).getByRole('button', { name: 'History' })).toBeEnabled();
    await expect(header(page).getByRole('button', { name: 'Regenerate' })).toBeEnabled();

    const tokens = await request.get(`${server.url}/api/user-tokens`, { headers: { Authorization: `Bearer ${token}` } });
    const { tokens: balance } = (await tokens.json()) as { tokens: number };
    await expect(page.getByRole('status', { name: 'Token balance' })).toHaveText(`${balance.toLocaleString('en-US')} tokens`);
    expect(userId).toBeGreaterThan(0);
    await expectNoSeriousA11yViolations(page);
  });

  test('the type switcher goes to events and back to brands; Events hides the subcategory', async ({ page, server, request }) => {
    const { token } = await server.loginAs(page);
    const first = (await categoryTree(request, server, token))[0]!;
    await page.goto(`${server.url}/dashboard/brands`);
    await expect(subcategoryTrigger(page)).toBeVisible();

    // The screens' addresses hold the selection (docs/product.md#selection): the first category, and its first subcategory.
    await typeOption(page, 'Events').click();
    await expect(page).toHaveURL(`${server.url}/dashboard/events?category=${first.id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Events' })).toBeVisible();
    await expect(typeOption(page, 'Events')).toHaveAttribute('aria-checked', 'true');
    await expect(subcategoryTrigger(page)).toHaveCount(0);
    if (first.status === 'In Progress') {
      await expect(header(page).getByRole('status', { name: 'Generating' })).toBeVisible();
    } else {
      await expect(header(page).getByText(new RegExp(`^${first.events_count} events?$`))).toBeVisible();
    }

    await typeOption(page, 'Equipments').click();
    await expect(page).toHaveURL(`${server.url}/dashboard/brands?category=${first.id}&subcategory=${first.subcategories[0]!.id}`);
    await expect(typeOption(page, 'Equipments')).toHaveAttribute('aria-checked', 'true');
    await expect(subcategoryTrigger(page)).toBeVisible();
  });

  test('the screen type defaults to Events and is set by the screens', async ({ page, server }) => {
    await server.loginAs(page);
    await page.goto(`${server.url}/dashboard/transactions`);
    await expect(typeOption(page, 'Events')).toHaveAttribute('aria-checked', 'true');
    for (const path of ['/dashboard/equipments', '/dashboard/equipments/exclusions', '/dashboard/brands/exclusions']) {
      await page.goto(`${server.url}${path}`);
      await expect(typeOption(page, 'Equipments')).toHaveAttribute('aria-checked', 'true');
    }
    await page.goto(`${server.url}/dashboard/events`);
    await expect(typeOption(page, 'Events')).toHaveAttribute('aria-checked', 'true');
  });

  test('choosing a category selects its first subcategory, with the keyboard too', async ({ page, server, request }) => {
    const { token } = await server.loginAs(page);
    const tree = await categoryTree(request, server, token);
    const second = tree[1]!;
    await page.goto(`${server.url}/dashboard/brands`);
    await expect(categoryTrigger(page)).toContainText(tree[0]!.name);

    await categoryTrigger(page).click();
    await page.getByRole('menuitemradio', { name: second.name }).click();
    await expect(openMenus(page)).toHaveCount(0);
    await expect(categoryTrigger(page)).toContainText(second.name);
    await expect(subcategoryTrigger(page)).toContainText(second.subcategories[0]?.name ?? 'No subcategories available');

    // Keyboard: focus the trigger, open with Enter, move with the arrows, choose with Enter.
    await categoryTrigger(page).focus();
    await page.keyboard.press('Enter');
    await expect(openMenus(page)).toHaveCount(1);
    await expect(page.getByRole('menuitemradio', { name: second.name })).toHaveAttribute('aria-checked', 'true');
    await page.keyboard.press('Home');
    await page.keyboard.press('Enter');
    await expect(categoryTrigger(page)).toContainText(tree[0]!.name);
    await expect(categoryTrigger(page)).toBeFocused();

    // The subcategory dropdown lists the category's subcategories.
    const sub = tree[0]!.subcategories[1];
    if (sub) {
      await subcategoryTrigger(page).click();
      await page.getByRole('menuitemradio', { name: sub.name }).click();
      await expect(subcategoryTrigger(page)).toContainText(sub.name);
    }
  });

  test("'No subcategories available' for a category without subcategories", async ({ page, server }) => {
    const name = `Zz header spec ${Date.now()}`;
    const [row] = await server.db.insert(categories).values({ name }).returning({ id: categories.id });
    try {
      await server.loginAs(page);
      await page.goto(`${server.url}/dashboard/brands`);
      await categoryTrigger(page).click();
      await page.getByRole('menuitemradio', { name }).click();
      await expect(categoryTrigger(page)).toContainText(name);
      await expect(subcategoryTrigger(page)).toContainText('No subcategories available');
      await expect(subcategoryTrigger(page)).toBeDisabled();
      await expect(header(page).getByRole('button', { name: 'Regenerate' })).toBeDisabled();
      await expect(header(page).getByRole('button', { name: 'History' })).toBeDisabled();
    } finally {
      await server.db.delete(categories).where(eq(categories.id, row!.id));
    }
  });

  test("'Loading...' while the categories load", async ({ page, makeServer }) => {
    const server = await makeServer();
    await server.loginAs(page);
    const lock = await server.lockTable('categories');
    try {
      await page.goto(`${server.url}/dashboard/brands`);
      await expect(categoryTrigger(page)).toContainText('Loading...');
      await expect(categoryTrigger(page)).toBeDisabled();
      await expect(subcategoryTrigger(page)).toContainText('Select a category first');
    } finally {
      await lock.release();
    }
    await expect(categoryTrigger(page)).not.toContainText('Loading...');
    await expect(categoryTrigger(page)).toBeEnabled();
  });

  test('the error text when the categories cannot be fetched, and a retry', async ({ page, makeServer }) => {
    const server = await makeServer();
    await server.loginAs(page);
    await server.breakTable('categories');
    await page.goto(`${server.url}/dashboard/brands`);
    const error = header(page).getByRole('alert');
    await expect(error).toContainText('Failed to fetch categories and equipment.');
    await expect(subcategoryTrigger(page)).toContainText('Select a category first');
    await expect(header(page).getByRole('button', { name: 'Regenerate' })).toBeDisabled();

    await server.db.execute(sql.raw('alter table "categories_broken" rename to "categories"'));
    await error.getByRole('button', { name: 'Retry' }).click();
    await expect(error).toHaveCount(0);
    await expect(categoryTrigger(page)).toBeEnabled();
  });

  test("'No categories available' on a server without a catalogue", async ({ page, makeServer }) => {
    const server = await makeServer({ seed: false });
    await server.loginAs(page);
    await page.goto(`${server.url}/dashboard/brands`);
    await expect(categoryTrigger(page)).toContainText('No categories available');
    await expect(subcategoryTrigger(page)).toContainText('Select a category first');
    await expect(header(page).getByRole('button', { name: 'History' })).toBeDisabled();
    await expectNoSeriousA11yViolations(page);
  });

  test('a spinner replaces the count and Regenerate while the selection is In Progress', async ({ page, server, request }) => {
    const { token } = await server.loginAs(page);
    const first = (await categoryTree(request, server, token))[0]!;
    const sub = first.subcategories[0]!;
    const target = and(eq(statuses.modelType, modelTypes.brand), eq(statuses.subcategoryId, sub.id), isNull(statuses.brandId));
    const [previous] = await server.db.select().from(statuses).where(target);
    await server.db.delete(statuses).where(target);
    await server.db.insert(statuses).values({
      name: statusNames.inProgress,
      modelType: modelTypes.brand,
      subcategoryId: sub.id,
      categoryId: first.id,
    });
    try {
      await page.goto(`${server.url}/dashboard/brands`);
      await expect(subcategoryTrigger(page)).toContainText(sub.name);
      await expect(header(page).getByRole('status', { name: 'Generating' })).toBeVisible();
      await expect(header(page).getByRole('button', { name: 'Regenerate' })).toHaveCount(0);
      await expect(header(page).getByText(/^\d[\d,]* brands?$/)).toHaveCount(0);
      await expect(header(page).getByRole('button', { name: 'History' })).toBeEnabled();
    } finally {
      await server.db.delete(statuses).where(target);
      if (previous) await server.db.insert(statuses).values(previous);
    }
    await page.reload();
    await expect(header(page).getByRole('button', { name: 'Regenerate' })).toBeVisible();
    await expect(header(page).getByRole('status', { name: 'Generating' })).toHaveCount(0);
  });

  test('only one dropdown is open at a time; outside click and Escape close it', async ({ page, server }) => {
    await server.loginAs(page);
    await page.goto(`${server.url}/dashboard/brands`);
    await expect(categoryTrigger(page)).toBeEnabled();

    await categoryTrigger(page).click();
    await expect(openMenus(page)).toHaveCount(1);
    await expect(page.getByRole('menu', { name: /^Category/ })).toBeVisible();

    await subcategoryTrigger(page).click();
    await expect(openMenus(page)).toHaveCount(1);
    await expect(page.getByRole('menu', { name: /^Subcategory/ })).toBeVisible();

    await accountTrigger(page).click();
    await expect(openMenus(page)).toHaveCount(1);
    await expect(page.getByRole('menu', { name: 'Account menu' })).toBeVisible();

    await categoryTrigger(page).click();
    await expect(openMenus(page)).toHaveCount(1);
    await expect(page.getByRole('menu', { name: /^Category/ })).toBeVisible();

    // A click outside closes it.
    await page.getByRole('heading', { level: 1, name: 'Brands' }).click();
    await expect(openMenus(page)).toHaveCount(0);

    // Escape closes it and gives the focus back to the trigger.
    await accountTrigger(page).click();
    await expect(openMenus(page)).toHaveCount(1);
    await page.keyboard.press('Escape');
    await expect(openMenus(page)).toHaveCount(0);
    await expect(accountTrigger(page)).toBeFocused();

    // The trigger toggles its own menu.
    await subcategoryTrigger(page).click();
    await expect(openMenus(page)).toHaveCount(1);
    await subcategoryTrigger(page).click();
    await expect(openMenus(page)).toHaveCount(0);
  });

  test('every header control is reachable with the keyboard', async ({ page, server }) => {
    await server.loginAs(page);
    await page.goto(`${server.url}/dashboard/brands`);
    await expect(categoryTrigger(page)).toBeEnabled();
    const reached = new Set<string>();
    for (let i = 0; i < 20; i++) {
      await page.keyboard.press('Tab');
      const name = await page.evaluate(() => {
        const el = document.activeElement as HTMLElement | null;
        if (!el || !el.closest('header')) return null;
        return el.getAttribute('aria-label') ?? el.textContent?.trim() ?? null;
      });
      if (name) reached.add(name);
    }
    const names = [...reached].join(' | ');
    for (const expected of [/Events|Equipments/, /^Category/, /^Subcategory/, /^History$/, /^Regenerate$/, /^Account menu$/]) {
      expect(
        [...reached].some((n) => expected.test(n)),
        `${expected} in ${names}`,
      ).toBe(true);
    }
  });

  test('avatar menu: Purchase Tokens opens its dialog, which says payments are not configured here before any package', async ({
    page,
    server,
  }) => {
    await server.loginAs(page);
    await page.goto(`${server.url}/dashboard/brands`);
    await accountTrigger(page).click();
    await page.getByRole('menuitem', { name: 'Purchase Tokens' }).click();

    const dialog = page.getByRole('dialog', { name: 'Purchase Tokens' });
    await expect(dialog).toBeVisible();
    await expect(openMenus(page)).toHaveCount(0);
    // The packages are listed when payments are configured (e2e/purchase-tokens.spec.ts); here the next step instead.
    await expect(dialog.getByText('Payments are not configured on this server.')).toBeVisible();
    await expect(dialog.getByText(/STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY/)).toBeVisible();
    await expect(dialog.getByRole('radio')).toHaveCount(0);
    await expect(dialog.getByRole('button', { name: /^Purchase / })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);

    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(accountTrigger(page)).toBeFocused();
  });

  test('avatar menu: Payment Methods goes to its screen', async ({ page, server }) => {
    await server.loginAs(page);
    await page.goto(`${server.url}/dashboard/brands`);
    await accountTrigger(page).click();
    await page.getByRole('menuitem', { name: 'Payment Methods' }).click();
    await expect(page).toHaveURL(`${server.url}/dashboard/payment-methods`);
    await expect(page.getByRole('heading', { level: 1, name: 'Payment Methods' })).toBeVisible();
  });

  test('signing in again opens the category and subcategory the operator left, and another operator starts from the first', async ({
    page,
    server,
  }) => {
    await server.loginAs(page, { email: 'remembers@example.com' });
    await page.goto(`${server.url}/dashboard/brands`);
    await selectSubcategory(page, 'Audio Equipment', 'Studio Monitors');
    await expect(page.getByRole('grid', { name: /^Brands of Studio Monitors/ })).toBeVisible();
    const firstSubcategory = await subcategoryTrigger(page).textContent();

    await accountTrigger(page).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(page).toHaveURL(`${server.url}/login`);
    await server.loginAs(page, { email: 'someone-else@example.com' });
    await page.goto(`${server.url}/dashboard/brands`);
    await expect(subcategoryTrigger(page)).toBeEnabled();
    await expect(subcategoryTrigger(page)).not.toHaveText(/Studio Monitors/);

    await accountTrigger(page).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(page).toHaveURL(`${server.url}/login`);
    await page.getByLabel('Email').fill('remembers@example.com');
    await page.getByLabel('Password').fill(demoOperator.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByRole('grid', { name: /^Brands of Studio Monitors/ })).toBeVisible();
    await expect(subcategoryTrigger(page)).toHaveText(/Studio Monitors/);
    expect(firstSubcategory).toMatch(/Studio Monitors/);
  });

  test('avatar menu: Logout revokes the token, clears the storage and goes to /login', async ({ page, server, request }) => {
    const { token } = await server.loginAs(page, { email: 'logout@example.com' });
    await page.goto(`${server.url}/dashboard/events`);
    await expect(categoryTrigger(page)).toBeEnabled();
    await accountTrigger(page).click();
    const logout = page.waitForResponse((r) => new URL(r.url()).pathname === '/logout');
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    expect((await logout).status()).toBe(200);
    await expect(page).toHaveURL(`${server.url}/login`);
    expect(await page.evaluate(() => [localStorage.getItem('authToken'), localStorage.getItem('authUserId')])).toEqual([null, null]);
    const after = await request.get(`${server.url}/api/user`, { headers: { Authorization: `Bearer ${token}` } });
    expect(after.status()).toBe(401);
    // The guard holds again.
    await page.goto(`${server.url}/dashboard/events`);
    await expect(page).toHaveURL(/\/login\?redirect=/);
  });
});
