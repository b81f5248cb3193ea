import { eq } from 'drizzle-orm';
import type { Locator, Page } from '@playwright/test';
import { requestedWithHeader } from '../contract/http';
import { categories, subcategories, users } from '../server/db/schema';
import { changeBalance } from '../server/tokens/ledger';
import { expectNoSeriousA11yViolations } from './axe';
import { expect, test, type TestServer } from './fixtures';
import { header, selectSubcategory, whenLive } from './live';

/**
 * docs/product.md#dashboard-header: the header is one row at every width from 1024 px, in every state: what does not
 * fit takes its compact form, the page never scrolls sideways, and the balance and the account menu stay in sight.
 */

const viewports = [
  { width: 1024, height: 768 },
  { width: 1280, height: 800 },
  { width: 1440, height: 900 },
] as const;

const accountTrigger = (page: Page) => header(page).getByRole('button', { name: 'Account menu' });
const balance = (page: Page) => header(page).getByRole('status', { name: 'Token balance' });
const generating = (page: Page, count: number) =>
  header(page)
    .getByRole('status')
    .filter({ hasText: `Generating (${count})` });

/** A category and subcategories with long names, of this spec's own. */
async function longNamedCategory(server: TestServer) {
  const stamp = Date.now();
  const name = `Zz header fit Heavy Construction and Earthmoving Machinery ${stamp}`;
  const [category] = await server.db.insert(categories).values({ name }).returning({ id: categories.id });
  const rows = await server.db
    .insert(subcategories)
    .values([1, 2, 3, 4].map((n) => ({ categoryId: category!.id, name: `Articulated Dump Trucks and Off-Highway Haulers ${n} ${stamp}` })))
    .returning({ id: subcategories.id, name: subcategories.name });
  return { name, subcategories: rows };
}

/** The header's row and the page: one row, no sideways scroll, the balance and the account menu wholly in sight. */
async function expectFits(page: Page, height: number, state: string) {
  const shape = await header(page)
    .locator('.app-header__row')
    .evaluate((row) => {
      const { top, bottom, height: rowHeight } = row.getBoundingClientRect();
      const inRow = (part: DOMRect) => part.width === 0 || (part.top >= top - 0.5 && part.bottom <= bottom + 0.5);
      return {
        height: Math.round(rowHeight),
        allPartsInRow: [...row.children].every((child) => inRow(child.getBoundingClientRect())),
        rowOverflows: row.scrollWidth > row.clientWidth + 1,
        pageScrollsSideways: document.documentElement.scrollWidth > window.innerWidth,
      };
    });
  expect(shape, state).toEqual({ height, allPartsInRow: true, rowOverflows: false, pageScrollsSideways: false });
  await expect(balance(page), state).toBeInViewport({ ratio: 1 });
  await expect(accountTrigger(page), state).toBeInViewport({ ratio: 1 });
}

/** Tabs from the category dropdown to `trigger`, opens its menu with Enter and walks `items` with the arrow keys, in order. */
async function expectMenuByKeyboard(page: Page, trigger: Locator, items: string[], state: string) {
  // By keyboard alone: a pointer left over the page would highlight the menu item that opens under it.
  const viewport = page.viewportSize();
  await page.mouse.move(1, (viewport?.height ?? 700) - 1);
  await header(page)
    .getByRole('button', { name: /^Category/ })
    .focus();
  for (let presses = 0; presses < 30 && !(await trigger.evaluate((button) => button === document.activeElement)); presses += 1) {
    await page.keyboard.press('Tab');
  }
  await expect(trigger, state).toBeFocused();
  await page.keyboard.press('Enter');
  // The theme's choices come on a chunk of their own: walk the menu once every item is in it.
  const menu = page.getByRole('menu');
  for (const item of items) await expect(menu.locator('[role^="menuitem"]', { hasText: new RegExp(`^✓?${item}$`) }), state).toBeVisible();
  for (const [index, item] of items.entries()) {
    if (index > 0) await page.keyboard.press('ArrowDown');
    await expect(page.locator(':focus'), state).toHaveText(new RegExp(`^✓?${item}$`));
  }
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toBeHidden();
  await expect(trigger).toBeFocused();
}

test('the header fits in one row at 1024, 1280 and 1440 px: no tokens left, then runs under way holding tokens, with long names', async ({
  makeServer,
  page,
}) => {
  test.setTimeout(180_000);
  // The demo generator answers after a minute: the three runs below stay under way, holding tokens, while the header is measured.
  const server = await makeServer({ env: { AI_DEMO_DELAY_MS: '60000' } });
  const me = await server.loginAs(page, { email: `header-fit-${Date.now()}@example.com` });
  const long = await longNamedCategory(server);
  const [user] = await server.db.select({ tokens: users.tokens }).from(users).where(eq(users.id, me.userId));
  await changeBalance(server.db, { userId: me.userId, delta: -user!.tokens, reason: 'adjustment', description: 'Balance adjustment' });

  await page.setViewportSize(viewports[2]);
  await page.goto(`${server.url}/dashboard/brands`);
  await selectSubcategory(page, long.name, long.subcategories[3]!.name);
  await expect(header(page).locator('[data-low]')).toBeVisible();
  const height = await header(page)
    .locator('.app-header__row')
    .evaluate((row) => Math.round(row.getBoundingClientRect().height));
  expect(height).toBeGreaterThanOrEqual(56);
  for (const viewport of viewports) {
    await page.setViewportSize(viewport);
    await expectFits(page, height, `no tokens left at ${viewport.width}px`);
  }

  await changeBalance(server.db, { userId: me.userId, delta: 2_000_000, reason: 'adjustment', description: 'Balance adjustment' });
  const live = whenLive(page);
  await page.reload();
  await live;
  for (const subcategory of long.subcategories.slice(0, 3)) {
    const started = await page.request.post(`${server.url}/api/brands/generate`, {
      headers: { Authorization: `Bearer ${me.token}`, ...requestedWithHeader },
      data: { subcategory_id: subcategory.id },
    });
    expect(started.status()).toBe(200);
  }
  await expect(generating(page, 3)).toBeVisible();
  await expect(header(page).getByText(/held/)).toBeVisible();
  for (const viewport of viewports) {
    await page.setViewportSize(viewport);
    const state = `three runs under way at ${viewport.width}px`;
    await expectFits(page, height, state);
    await expect(generating(page, 3), state).toBeVisible();
    // Purchase Tokens, the theme and Logout in the account menu; below 1280 px the type switcher and History in "More".
    await expectMenuByKeyboard(
      page,
      accountTrigger(page),
      ['Purchase Tokens', 'Payment Methods', 'Help', 'System', 'Light', 'Dark', 'Logout'],
      state,
    );
    if (viewport.width < 1280) {
      await expectMenuByKeyboard(page, header(page).getByRole('button', { name: 'More' }), ['Events', 'Equipments', 'History'], state);
    } else {
      await expect(header(page).getByRole('button', { name: 'History' }), state).toBeInViewport({ ratio: 1 });
      await expect(header(page).getByRole('radiogroup', { name: 'Screen type' }), state).toBeInViewport({ ratio: 1 });
    }
    // Compact or not, "Generating (3)" is the link's name, and its tip says it.
    const runsLink = header(page).getByRole('link', { name: 'Generating (3)' });
    await expect(runsLink, state).toBeInViewport({ ratio: 1 });
    await runsLink.focus();
    await expect(page.getByRole('tooltip'), state).toHaveText('Generating (3): open the runs centre');
  }
  await expectNoSeriousA11yViolations(page);

  // At 1024 px: "More" opens History (the focus comes back to it) and switches the screen type.
  await page.setViewportSize(viewports[0]);
  const more = header(page).getByRole('button', { name: 'More' });
  await more.click();
  await page.getByRole('menuitem', { name: 'History' }).click();
  const history = page.getByRole('dialog', { name: 'History' });
  await expect(history).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(history).toBeHidden();
  await expect(more).toBeFocused();
  await expectNoSeriousA11yViolations(page);
  await more.click();
  await page.getByRole('menuitemradio', { name: 'Events' }).click();
  await expect(page).toHaveURL(new RegExp(`^${server.url.replace(/[.]/g, '\\.')}/dashboard/events\\?category=\\d+$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Events' })).toBeVisible();
  await expectFits(page, height, 'events at 1024px');
});
