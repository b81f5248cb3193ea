import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { eq } from 'drizzle-orm';
import { categories, generationRuns } from '../server/db/schema';
import { changeBalance } from '../server/tokens/ledger';
import { expect, test, type TestServer } from './fixtures';
import { chooseCategory, header, pageCaughtUp, scratchCategory, selectSubcategory } from './live';

/**
 * docs/product.md#keyboard-focus-and-feedback: feedback. One request per click however fast the second click comes; the status badge
 * never cuts its text; plurals; a brand run says how many brands it added; the history dialog shows every column at
 * 1280; a failed categories load says so, with Retry; a toast tells the latest outcome only and a repeated one
 * restarts its timer.
 */

const regenerate = (page: Page) => header(page).getByRole('button', { name: 'Regenerate', exact: true });
const pathOf = (url: string) => new URL(url).pathname;

/**
 * Counts the requests of `paths` the page sends from now on. `settled()` resolves once nothing the page has sent since
 * is still unanswered and the page has caught up with the answers (a marker request, two frames), twice over: a
 * request that a second click, or an answer to the first one's requests, would make has left by then.
 */
function countRequests(page: Page, paths: readonly string[]) {
  const counts = Object.fromEntries(paths.map((p) => [p, 0])) as Record<string, number>;
  const pending = new Set<object>();
  page.on('request', (request) => {
    pending.add(request);
    const path = pathOf(request.url());
    if (path in counts) counts[path]! += 1;
  });
  page.on('requestfinished', (request) => pending.delete(request));
  page.on('requestfailed', (request) => pending.delete(request));
  const settled = async () => {
    for (let round = 0; round < 2; round++) {
      await expect.poll(() => pending.size).toBe(0);
      await pageCaughtUp(page);
    }
  };
  return { counts, settled };
}

/**
 * Two clicks on the element, the second dispatched in the same task right after the first returns: sooner than any
 * 5 ms, and before any answer, timer or render of the first can come between them.
 */
async function doubleClickWithin5ms(locator: Locator) {
  await locator.evaluate((element: HTMLElement) => {
    element.click();
    element.click();
  });
}

async function subcategoryTarget(request: APIRequestContext, server: TestServer, token: string, name: string) {
  const response = await request.get(`${server.url}/api/categories`, {
    headers: { Authorization: `Bearer ${token}`, 'X-Requested-With': 'XMLHttpRequest' },
  });
  const tree = ((await response.json()) as { categories: { name: string; subcategories: { id: number; name: string }[] }[] }).categories;
  for (const category of tree) {
    const subcategory = category.subcategories.find((s) => s.name === name);
    if (subcategory) return { category: category.name, subcategory: subcategory.name };
  }
  throw new Error(`no subcategory ${name}`);
}

test.describe('one request per click (docs/product.md#keyboard-focus-and-feedback: a second click while one is under way is ignored)', () => {
  test("the header's Regenerate clicked twice within 5 ms sends one estimate and one generate", async ({ page, server }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await server.loginAs(page);
    const scratch = await scratchCategory(server.db, 'double regenerate');
    await page.goto(`${server.url}/dashboard/events`);
    await chooseCategory(page, scratch.name);
    const { counts, settled } = countRequests(page, ['/api/generation/estimate', '/api/events/generate']);
    const answered = page.waitForResponse((r) => pathOf(r.url()) === '/api/events/generate');

    await doubleClickWithin5ms(regenerate(page));
    expect((await answered).status()).toBeLessThan(300);
    // A second request, had the second click sent one, has left by now.
    await settled();
    expect(counts).toEqual({ '/api/generation/estimate': 1, '/api/events/generate': 1 });
    await expect(page.getByRole('alert')).toHaveCount(0);
  });

  test("'Generate Equipments (1)' clicked twice within 5 ms sends one estimate and one generate", async ({ page, makeServer, request }) => {
    const server = await makeServer();
    const { token } = await server.loginAs(page);
    const { category, subcategory } = await subcategoryTarget(request, server, token, 'Excavators');
    await page.goto(`${server.url}/dashboard/brands`);
    await selectSubcategory(page, category, subcategory);
    await page.getByRole('checkbox', { name: 'Select Caterpillar', exact: true }).check();
    const { counts, settled } = countRequests(page, ['/api/generation/estimate', '/api/equipments/generate']);
    const answered = page.waitForResponse((r) => pathOf(r.url()) === '/api/equipments/generate');

    await doubleClickWithin5ms(page.getByRole('button', { name: 'Generate Equipments (1)', exact: true }));
    expect((await answered).status()).toBe(200);
    await settled();
    expect(counts).toEqual({ '/api/generation/estimate': 1, '/api/equipments/generate': 1 });
    await expect(page.getByRole('alert')).toHaveCount(0);
  });

  test('Regenerate and Confirm of the cost question, each clicked twice within 5 ms: one estimate, one generate', async ({
    page,
    server,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    // An operator who is asked (the demo operator chose not to be).
    const { userId } = await server.loginAs(page, { email: `feedback-${Date.now()}@example.com` });
    await changeBalance(server.db, {
      userId,
      delta: 1_000_000,
      reason: 'adjustment',
      reference: `e2e-feedback-${userId}`,
      description: 'Balance adjustment',
    });
    const scratch = await scratchCategory(server.db, 'double confirm');
    await page.goto(`${server.url}/dashboard/events`);
    await chooseCategory(page, scratch.name);
    const { counts, settled } = countRequests(page, ['/api/generation/estimate', '/api/events/generate']);

    await doubleClickWithin5ms(regenerate(page));
    const dialog = page.getByRole('dialog', { name: 'Confirm generation' });
    await expect(dialog).toBeVisible();
    // While the question is open, Regenerate says it is busy (and keeps the focus to come back to). The modal
    // question hides the page from the accessibility tree, so the button is found by its text.
    await expect(page.locator('.app-header button', { hasText: /^Regenerate$/ })).toHaveAttribute('aria-disabled', 'true');
    const answered = page.waitForResponse((r) => pathOf(r.url()) === '/api/events/generate');
    await doubleClickWithin5ms(dialog.getByRole('button', { name: 'Confirm', exact: true }));
    expect((await answered).status()).toBeLessThan(300);
    await settled();
    expect(counts).toEqual({ '/api/generation/estimate': 1, '/api/events/generate': 1 });
  });
});

test.describe('texts', () => {
  test("the status badge never cuts its text: 'Insufficient tokens' reads whole in 140 px", async ({ page, makeServer }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    const server = await makeServer();
    const { userId } = await server.loginAs(page);
    const [category] = await server.db.select().from(categories).where(eq(categories.name, 'Drones'));
    await server.db.insert(generationRuns).values({
      type: 'Events',
      userId,
      categoryId: category!.id,
      status: 'Insufficient tokens',
      message: '<p>Insufficient tokens.</p>',
      createdAt: new Date(),
      finishedAt: new Date(),
    });
    await page.goto(`${server.url}/dashboard`);
    const badges = page.locator('.status-badge');
    // The run is the category's latest (its summary) and among the latest runs.
    await expect(badges.filter({ hasText: 'Insufficient tokens' })).not.toHaveCount(0);
    for (const badge of await badges.all()) {
      const { scroll, client, width } = await badge.evaluate((el) => ({
        scroll: el.scrollWidth,
        client: el.clientWidth,
        width: el.getBoundingClientRect().width,
      }));
      expect(width).toBeCloseTo(140, 0);
      expect(scroll, `${await badge.textContent()} fits its badge`).toBeLessThanOrEqual(client);
    }

    // The home's summary badges say what they are the status of.
    await page.mouse.move(0, 0);
    await page
      .getByRole('list', { name: /^Brands by subcategory/ })
      .locator('.status-badge')
      .first()
      .focus();
    await expect(page.getByRole('tooltip').filter({ hasText: 'Latest brand generation of a subcategory' }).first()).toBeAttached();
  });

  test("history at 1280: Message and Created At unclipped; '1 model', a brand run's brands", async ({ page, server }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await server.loginAs(page);
    await page.goto(`${server.url}/dashboard/brands`);
    await selectSubcategory(page, 'Construction Equipment', 'Excavators');
    await header(page).getByRole('button', { name: 'History', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'History' });
    const table = dialog.getByRole('table');
    await expect(table.getByRole('row')).not.toHaveCount(1);
    await expect(table.getByRole('columnheader', { name: 'Generated' })).toBeVisible();

    const scroller = dialog.getByRole('region', { name: 'History entries' });
    const box = (await scroller.boundingBox())!;
    const { scrollWidth, clientWidth } = await scroller.evaluate((el) => ({ scrollWidth: el.scrollWidth, clientWidth: el.clientWidth }));
    expect(scrollWidth, 'no sideways scroll').toBeLessThanOrEqual(clientWidth);
    for (const name of ['Message', 'Created At']) {
      const cell = (await table.getByRole('columnheader', { name }).boundingBox())!;
      expect(cell.x + cell.width, `${name} inside the dialog`).toBeLessThanOrEqual(box.x + box.width + 0.5);
    }
    const volvo = table.getByRole('row').filter({ hasText: 'Generated 1 model for Volvo CE.' });
    await expect(volvo.getByRole('cell').nth(5)).toHaveText('1 model');
    // A brand run says how many brands it added.
    await expect(table.getByRole('cell', { name: /^[1-9]\d* brands?$/ }).first()).toBeVisible();
  });
});

test.describe('failures', () => {
  test('the brands screen says the categories failed to load, with Retry', async ({ page, makeServer }) => {
    const server = await makeServer();
    await server.loginAs(page);
    await server.breakTable('categories');
    await page.goto(`${server.url}/dashboard/brands`);
    const main = page.getByRole('main');
    await expect(main.getByRole('alert')).toContainText('Failed to fetch categories and equipment.', { timeout: 20_000 });
    await expect(main.getByRole('button', { name: 'Retry' })).toBeVisible();
    await expect(main.getByText('Please select a subcategory from the header to view brands.')).toHaveCount(0);
  });

  test('a toast tells the latest outcome only; the same failure again restarts its timer', async ({ page, makeServer, request }) => {
    test.setTimeout(120_000);
    // The page's clock runs on its own but can be moved ahead, so the toasts' seconds pass without being waited out.
    await page.clock.install();
    const server = await makeServer();
    const { token } = await server.loginAs(page);
    const { category, subcategory } = await subcategoryTarget(request, server, token, 'Excavators');
    await page.goto(`${server.url}/dashboard/brands`);
    await selectSubcategory(page, category, subcategory);
    const exclude = async (brand: string) => {
      await page.getByRole('button', { name: `Actions for ${brand}`, exact: true }).click();
      await page.getByRole('menuitem', { name: 'Add to Exclusion' }).click();
    };
    await exclude('Caterpillar');
    const saved = page.getByRole('status').filter({ hasText: 'Caterpillar added to the exclusion list.' });
    await expect(saved).toBeVisible();

    await server.breakTable('brand_exclusions');
    await exclude('Komatsu');
    const failed = page.getByRole('alert').filter({ hasText: 'Failed to add brand to exclusion.' });
    await expect(failed).toBeVisible();
    await expect(saved).toHaveCount(0);

    // An error toast lasts 8 s; the same failure 5 s later keeps it on screen 8 s from then.
    await page.clock.fastForward(5_000);
    await exclude('Komatsu');
    // Off the toasts: radix pauses their timers while the pointer is over them.
    await page.mouse.move(0, 0);
    await page.clock.fastForward(4_500);
    await expect(failed).toHaveCount(1);
    await expect(failed).toBeVisible();
    await page.clock.fastForward(4_000);
    await expect(failed).toHaveCount(0);
  });
});
