import type { Page } from '@playwright/test';
import { requestedWithHeader } from '../contract/http';
import { statusNames } from '../contract/statuses';
import { changeBalance } from '../server/tokens/ledger';
import { expect, test, type TestServer } from './fixtures';
import { expectNoReload, header, markDocument, scratchCategory, selectSubcategory, whenLive } from './live';

/**
 * docs/product.md#runs-centre: the runs centre is live under every filter. A cancel, a retry and a run's end show at
 * once in each filtered list they enter and leave them, in the browser that made the change and in another one.
 */

// The grid's scroll box, named by its caption: the rows are in it whether the grid is a table or an ARIA grid.
const runsTable = (page: Page) => page.getByRole('region', { name: 'Your generation runs, newest first' });
const rows = (page: Page) => runsTable(page).locator('tbody tr');
const noMatch = (page: Page) => page.getByText('No runs match these filters.');
/** A row's Actions menu button (docs/product.md#grids): Cancel, Retry and History are its items. */
const actionsFor = (page: Page, target: string) => page.getByRole('button', { name: `Actions for ${target}`, exact: true });
const menuItem = (page: Page, name: string | RegExp) => page.getByRole('menu').getByRole('menuitem', { name, exact: true });

let operators = 0;
async function operator(server: TestServer, page: Page) {
  operators += 1;
  const email = `follow-${operators}-${Date.now()}@example.com`;
  const session = await server.loginAs(page, { email });
  await changeBalance(server.db, {
    userId: session.userId,
    delta: 500_000,
    reason: 'adjustment',
    reference: `e2e-follow-${session.userId}`,
    description: 'Balance adjustment',
  });
  return { ...session, email };
}

/** Opens the runs centre at `search` and waits until it is live. */
async function openRuns(page: Page, server: TestServer, search: string) {
  const live = whenLive(page);
  await page.goto(`${server.url}/dashboard/runs${search}`);
  await live;
  await markDocument(page);
}

/** Queues a brands run of a subcategory of the test's own, as another tab would. */
async function startBrandsRun(page: Page, server: TestServer, token: string, label: string) {
  const scratch = await scratchCategory(server.db, label);
  const started = await page.request.post(`${server.url}/api/brands/generate`, {
    headers: { Authorization: `Bearer ${token}`, ...requestedWithHeader },
    data: { subcategory_id: scratch.subcategoryId },
  });
  expect(started.status()).toBe(200);
  return { target: `Brands of ${scratch.name} / ${scratch.name} sub` };
}

test.describe('every runs list follows every change', () => {
  test('a cancel shows under Cancelled at once and leaves "Queued or in progress"; a retry shows under its filter', async ({
    makeServer,
    browser,
  }) => {
    // The demo generator answers after a minute: a run stays in progress until it is cancelled.
    const server = await makeServer({ env: { AI_DEMO_DELAY_MS: '60000' } });
    const page = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
    const other = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
    const me = await operator(server, page);
    await server.loginAs(other, { email: me.email });
    // This browser has seen the Cancelled list (empty) before it turns to "Queued or in progress".
    await openRuns(page, server, '?status=Cancelled');
    await expect(noMatch(page)).toBeVisible();
    await page.getByRole('combobox', { name: 'Status' }).selectOption('active');
    await openRuns(other, server, '?status=Cancelled');
    await expect(noMatch(other)).toBeVisible();

    const { target } = await startBrandsRun(page, server, me.token, 'follow cancel');
    await expect(rows(page).first()).toContainText(target);

    await actionsFor(page, target).click();
    await menuItem(page, 'Cancel').click();
    await page.getByRole('alertdialog', { name: 'Cancel this generation?' }).getByRole('button', { name: 'Cancel generation' }).click();
    // The other browser, filtered to Cancelled, shows it without a reload; this one's "Queued or in progress" lets it go.
    await expect(rows(other).first()).toContainText(target);
    await expect(rows(other).first().getByText(statusNames.cancelled, { exact: true })).toBeVisible();
    await expect(noMatch(page)).toBeVisible();
    // The row left with the focus on its Actions: the focus stays in the grid, on what took the row's place.
    await expect(runsTable(page).getByRole('gridcell', { name: 'No runs match these filters.' })).toBeFocused();
    // Another run queued meanwhile (its own events) does not make this browser forget that Cancelled changed.
    const next = await startBrandsRun(page, server, me.token, 'follow next');
    await expect(rows(page).first()).toContainText(next.target);
    // The same screen, switched back to Cancelled: the cancelled run is there.
    await page.getByRole('combobox', { name: 'Status' }).selectOption('Cancelled');
    await expect(rows(page).first()).toContainText(target);

    // A retry from the Cancelled list: the other browser, now on "In Progress" for brands, shows the new run at once.
    await other.getByRole('combobox', { name: 'Status' }).selectOption(statusNames.inProgress);
    await other.getByRole('combobox', { name: 'Type' }).selectOption('Brands');
    await expect(rows(other)).toHaveCount(1);
    await expect(rows(other).first()).toContainText(next.target);
    await actionsFor(page, target).click();
    await menuItem(page, 'Retry').click();
    await page.getByRole('dialog', { name: 'Confirm generation' }).getByRole('button', { name: 'Confirm' }).click();
    await expect(rows(other)).toHaveCount(2);
    await expect(rows(other).first()).toContainText(target);
    // The cancelled run stays listed, the focus on its Actions; its menu links to its retry.
    await expect(actionsFor(page, target)).toBeFocused();
    await actionsFor(page, target).click();
    await expect(menuItem(page, /^Retried as run #\d+$/)).toBeVisible();
    await expect(menuItem(page, 'Retry')).toHaveCount(0);
    await expectNoReload(page);
    await expectNoReload(other);
  });

  test("a run's end moves it from In Progress to Generated, in each filtered list", async ({ makeServer, browser }) => {
    const server = await makeServer({ env: { AI_DEMO_DELAY_MS: '4000' } });
    const page = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
    const other = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
    const me = await operator(server, page);
    await server.loginAs(other, { email: me.email });
    await openRuns(page, server, `?status=${encodeURIComponent(statusNames.inProgress)}`);
    await openRuns(other, server, `?status=${statusNames.generated}&type=Brands`);
    await expect(noMatch(other)).toBeVisible();

    const { target } = await startBrandsRun(page, server, me.token, 'follow end');
    await expect(rows(page).first()).toContainText(target);
    await expect(noMatch(other)).toBeVisible();

    await expect(rows(other).first()).toContainText(target, { timeout: 15_000 });
    await expect(rows(other).first().getByText(statusNames.generated, { exact: true })).toBeVisible();
    await expect(noMatch(page)).toBeVisible();
    await expectNoReload(page);
    await expectNoReload(other);
  });

  test("the header's Regenerate of brands: its start's toast, then its end's, told once", async ({ page, makeServer }) => {
    const server = await makeServer({ env: { AI_DEMO_DELAY_MS: '3000' } });
    await server.loginAs(page);
    const live = whenLive(page);
    await page.goto(`${server.url}/dashboard/brands`);
    await live;
    await selectSubcategory(page, 'Construction Equipment', 'Bulldozers');
    await header(page).getByRole('button', { name: 'Regenerate', exact: true }).click();
    const confirm = page.getByRole('dialog', { name: 'Confirm generation' }).getByRole('button', { name: 'Confirm' });
    if (await confirm.isVisible()) await confirm.click();
    const toasts = page.getByRole('status').filter({ hasText: /brands for Bulldozers\.$/ });
    await expect(toasts.filter({ hasText: 'Generating brands for Bulldozers.' })).toBeVisible();
    await expect(toasts.filter({ hasText: /^Generated \d+ new brands? for Bulldozers\.$/ })).toBeVisible({ timeout: 15_000 });
    // It replaced the start's toast, and is told once.
    await expect(toasts).toHaveCount(1);
  });

  test('Generate Equipments for a ticked brand: its start\'s toast, then its end\'s "Generated N new models for {brand}."', async ({
    page,
    makeServer,
  }) => {
    const server = await makeServer({ env: { AI_DEMO_DELAY_MS: '3000' } });
    await server.loginAs(page);
    const live = whenLive(page);
    await page.goto(`${server.url}/dashboard/brands`);
    await live;
    await selectSubcategory(page, 'Construction Equipment', 'Excavators');
    await page.getByRole('checkbox', { name: 'Select Caterpillar' }).check();
    await page.getByRole('button', { name: 'Generate Equipments (1)' }).click();
    const confirm = page.getByRole('dialog', { name: 'Confirm generation' }).getByRole('button', { name: 'Confirm' });
    if (await confirm.isVisible()) await confirm.click();
    const toasts = page.getByRole('status').filter({ hasText: /Caterpillar|Excavators/ });
    await expect(toasts.filter({ hasText: /^Generating models for/ })).toBeVisible();
    await expect(toasts.filter({ hasText: /^(Generated \d+ new models? for Caterpillar|No new results for Caterpillar)\.$/ })).toBeVisible({
      timeout: 15_000,
    });
    // The end replaced the start's toast, and is told once.
    await expect(toasts).toHaveCount(1);
  });
});
