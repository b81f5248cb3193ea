import type { Locator, Page } from '@playwright/test';
import { eq } from 'drizzle-orm';
import { gridSettings } from '../server/db/schema';
import { expectNoSeriousA11yViolations } from './axe';
import { expect, test, type TestServer } from './fixtures';
import { chooseFromHeader, selectSubcategory } from './live';

/**
 * docs/product.md#grids, grids that fit: on every grid the identifying column is pinned left and the Actions right, both in
 * view at 1280x800 and 1440x900 with the page not scrolled sideways, however far the grid is scrolled; long texts are
 * cut, whole on hover and focus; columns widen by drag and by keys; visibility, order and widths are the operator's,
 * kept on the server (a second browser has them), with Reset columns.
 *
 * Each test has its own server: the columns an operator arranges would otherwise reach other specs' grids.
 */

interface GridCase {
  what: string;
  open(page: Page, server: TestServer): Promise<void>;
  table: RegExp;
  /** The identifying column's header, and the Actions' (none on events and transactions). */
  name: string;
  actions?: string;
}

const grids: GridCase[] = [
  {
    what: 'brands',
    table: /^Brands of /,
    name: 'Name',
    actions: 'Actions',
    async open(page, server) {
      await page.goto(`${server.url}/dashboard/brands`);
      await selectSubcategory(page, 'Construction Equipment', 'Excavators');
    },
  },
  {
    what: 'events',
    table: /^Events of /,
    name: 'Name',
    async open(page, server) {
      await page.goto(`${server.url}/dashboard/events`);
      await chooseFromHeader(page, /^Category/, 'Construction Equipment');
    },
  },
  {
    what: 'equipment exclusions',
    table: /^Excluded equipment/,
    name: 'Model',
    actions: 'Actions',
    open: async (page, server) => void (await page.goto(`${server.url}/dashboard/equipments/exclusions`)),
  },
  {
    what: 'brand exclusions (equipments)',
    table: /^Excluded brands/,
    name: 'Name',
    actions: 'Actions',
    open: async (page, server) => void (await page.goto(`${server.url}/dashboard/equipments/exclusions/brands`)),
  },
  {
    what: 'brand exclusions (brands, with logo and socials)',
    table: /^Excluded brands/,
    name: 'Name',
    actions: 'Actions',
    open: async (page, server) => void (await page.goto(`${server.url}/dashboard/brands/exclusions`)),
  },
  {
    what: 'transactions',
    table: /^Your transactions/,
    name: 'Date',
    open: async (page, server) => void (await page.goto(`${server.url}/dashboard/transactions`)),
  },
  {
    what: 'runs',
    table: /^Your generation runs/,
    name: 'Target',
    actions: 'Actions',
    open: async (page, server) => void (await page.goto(`${server.url}/dashboard/runs`)),
  },
];

const scrollBox = (table: Locator) => table.locator('xpath=ancestor::div[contains(@class, "data-table__scroll")][1]');

/** The page itself never scrolls sideways: its content is no wider than the window. */
async function expectPageNotScrolledSideways(page: Page) {
  const sideways = await page.evaluate(() => ({
    scrollX: window.scrollX,
    overflow: document.documentElement.scrollWidth - document.documentElement.clientWidth,
  }));
  expect(sideways.scrollX, 'the page is not scrolled sideways').toBe(0);
  expect(sideways.overflow, 'the page is no wider than the window').toBeLessThanOrEqual(0);
}

/** The header and first cell of a column are wholly in the window (not clipped by the grid's scroll box). */
async function expectColumnInView(table: Locator, header: string) {
  const th = table.getByRole('columnheader', { name: header, exact: true });
  await expect(th, `${header} header in view`).toBeInViewport({ ratio: 1 });
  const index = await th.evaluate((cell) => (cell as HTMLTableCellElement).cellIndex);
  const firstRow = table.locator('tbody tr.data-table__row').first();
  if ((await firstRow.count()) > 0) {
    await expect(firstRow.locator('td').nth(index), `${header} cell in view`).toBeInViewport({ ratio: 1 });
  }
}

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 1440, height: 900 },
]) {
  test(`at ${viewport.width}x${viewport.height} every grid keeps its name and Actions columns in view, the page not scrolled sideways`, async ({
    page,
    makeServer,
  }) => {
    test.setTimeout(120_000);
    const server = await makeServer();
    await page.setViewportSize(viewport);
    await server.loginAs(page);
    for (const grid of grids) {
      await test.step(grid.what, async () => {
        await grid.open(page, server);
        const table = page.getByRole('grid', { name: grid.table });
        await expect(table.locator('tbody tr.data-table__row').first()).toBeVisible();
        await expectPageNotScrolledSideways(page);
        await expectColumnInView(table, grid.name);
        if (grid.actions) await expectColumnInView(table, grid.actions);

        // Scrolled to its far right (where a grid is wider than its box), the pinned columns are still there.
        const box = scrollBox(table);
        await box.evaluate((element) => element.scrollTo({ left: element.scrollWidth }));
        await expectColumnInView(table, grid.name);
        if (grid.actions) await expectColumnInView(table, grid.actions);
        await expectPageNotScrolledSideways(page);
        if (viewport.width === 1280) await expectNoSeriousA11yViolations(page);
      });
    }
  });
}

test('the events grid is wider than its box: the middle columns scroll between Name and the edge', async ({ page, makeServer }) => {
  const server = await makeServer();
  await page.setViewportSize({ width: 1280, height: 800 });
  await server.loginAs(page);
  await grids[1]!.open(page, server);
  const table = page.getByRole('grid', { name: /^Events of / });
  await expect(table.locator('tbody tr.data-table__row').first()).toBeVisible();
  const box = scrollBox(table);
  const widths = await box.evaluate((element) => ({ scroll: element.scrollWidth, client: element.clientWidth }));
  expect(widths.scroll).toBeGreaterThan(widths.client);
  const seoHeader = table.getByRole('columnheader', { name: 'SEO Description', exact: true });
  await expect(seoHeader).not.toBeInViewport({ ratio: 1 });
  await box.evaluate((element) => element.scrollTo({ left: element.scrollWidth }));
  await expect(seoHeader).toBeInViewport({ ratio: 1 });
  // The Name stays at the box's left edge, over the columns scrolled under it.
  const [nameBox, scrollRect] = await Promise.all([
    table.getByRole('columnheader', { name: 'Name', exact: true }).boundingBox(),
    box.boundingBox(),
  ]);
  expect(Math.abs(nameBox!.x - scrollRect!.x)).toBeLessThanOrEqual(2);
});

test('a cut text shows whole on hover and on keyboard focus', async ({ page, makeServer }) => {
  const server = await makeServer();
  await page.setViewportSize({ width: 1280, height: 800 });
  await server.loginAs(page);
  await grids[1]!.open(page, server);
  const table = page.getByRole('grid', { name: /^Events of / });
  const cut = table.locator('tbody [data-truncated]').first();
  await expect(cut).toBeVisible();
  const text = (await cut.textContent())!;
  // Cut indeed: its box is smaller than its text.
  expect(await cut.evaluate((element) => element.scrollHeight > element.clientHeight)).toBe(true);

  await cut.hover();
  await expect(page.getByRole('tooltip')).toHaveText(text);
  await page.mouse.move(5, 5, { steps: 5 });
  await expect(page.getByRole('tooltip')).toHaveCount(0);

  // By keyboard: the cut text takes the focus and its tip opens.
  await cut.focus();
  await expect(cut).toBeFocused();
  await expect(page.getByRole('tooltip')).toHaveText(text);
  await expect(cut).toHaveAccessibleDescription(text);
});

test('a column widens by dragging its header edge and by the arrow keys on its labelled handle', async ({ page, makeServer }) => {
  const server = await makeServer();
  await page.setViewportSize({ width: 1280, height: 800 });
  await server.loginAs(page);
  await grids[1]!.open(page, server);
  const table = page.getByRole('grid', { name: /^Events of / });
  await expect(table.locator('tbody tr.data-table__row').first()).toBeVisible();
  // Category repeats the page's scope and waits in the Columns menu at 1280 (docs/decisions/0023-scope-columns-yield-to-decision-columns.md).
  const header = table.getByRole('columnheader', { name: 'Event Type', exact: true });
  const before = (await header.boundingBox())!.width;

  const handle = page.getByRole('separator', { name: 'Resize Event Type' });
  const grip = (await handle.boundingBox())!;
  await page.mouse.move(grip.x + grip.width / 2, grip.y + grip.height / 2);
  await page.mouse.down();
  await page.mouse.move(grip.x + grip.width / 2 + 60, grip.y + grip.height / 2, { steps: 4 });
  await page.mouse.move(grip.x + grip.width / 2 + 120, grip.y + grip.height / 2, { steps: 4 });
  await page.mouse.up();
  await expect.poll(async () => Math.round((await header.boundingBox())!.width)).toBe(Math.round(before + 120));

  await handle.focus();
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await expect(handle).toHaveAttribute('aria-valuenow', String(Math.round(before + 100)));
  await expect.poll(async () => Math.round((await header.boundingBox())!.width)).toBe(Math.round(before + 100));
  await page.keyboard.press('Home');
  await expect.poll(async () => Math.round((await header.boundingBox())!.width)).toBe(Math.round(before));
});

test('hidden, moved and widened columns are kept for the operator: after a reload, in another browser; Reset columns', async ({
  page,
  browser,
  makeServer,
}) => {
  test.setTimeout(90_000);
  const server = await makeServer();
  await page.setViewportSize({ width: 1280, height: 800 });
  await server.loginAs(page);
  await grids[1]!.open(page, server);
  const table = (p: Page) => p.getByRole('grid', { name: /^Events of / });
  const headers = (p: Page) => table(p).locator('thead th');
  await expect(table(page).locator('tbody tr.data-table__row').first()).toBeVisible();
  const designed = await headers(page).allTextContents();

  const saved = () =>
    page.waitForResponse((r) => r.url().endsWith('/api/grid-settings/events') && r.request().method() === 'POST' && r.ok());

  // Hide SEO Title and move Address left, by keyboard in the Columns menu.
  const columns = page.getByRole('button', { name: 'Columns' });
  await columns.focus();
  await page.keyboard.press('Enter');
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitemcheckbox', { name: 'SEO Title' })).toBeChecked();
  let stored = saved();
  await menu.getByRole('menuitemcheckbox', { name: 'SEO Title' }).focus();
  await page.keyboard.press('Enter');
  await expect(menu.getByRole('menuitemcheckbox', { name: 'SEO Title' })).not.toBeChecked();
  await menu.getByRole('menuitem', { name: 'Move Address left' }).focus();
  await page.keyboard.press('Enter');
  await stored;
  await page.keyboard.press('Escape');
  await expect(menu).toHaveCount(0);
  await expect(table(page).getByRole('columnheader', { name: 'SEO Title' })).toHaveCount(0);
  const arranged = await headers(page).allTextContents();
  expect(arranged.slice(0, 3).map((t) => t.replace(/[↕▲▼]/g, '').trim())).toEqual(['Name', 'Address', 'Description']);

  // Widen Event Type by keys; the width is stored a moment after the last key (the hide and the move were stored at once).
  const handle = page.getByRole('separator', { name: 'Resize Event Type' });
  await handle.focus();
  for (let i = 0; i < 5; i += 1) await page.keyboard.press('ArrowRight');
  await expect(handle).toHaveAttribute('aria-valuenow', '190');
  await expect
    .poll(async () => {
      const rows = await server.db.select().from(gridSettings).where(eq(gridSettings.grid, 'events'));
      return rows.flatMap((row) => row.columns).find((column) => column.id === 'event_type')?.width;
    })
    .toBe(190);

  // A reload shows the same columns.
  await page.reload();
  await expect(table(page).locator('tbody tr.data-table__row').first()).toBeVisible();
  await expect(headers(page)).toHaveText(arranged);
  await expect(page.getByRole('separator', { name: 'Resize Event Type' })).toHaveAttribute('aria-valuenow', '190');

  // So does another browser the operator signs in to.
  const other = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const second = await other.newPage();
  await server.loginAs(second);
  await grids[1]!.open(second, server);
  await expect(table(second).locator('tbody tr.data-table__row').first()).toBeVisible();
  await expect(headers(second)).toHaveText(arranged);
  await expect(second.getByRole('separator', { name: 'Resize Event Type' })).toHaveAttribute('aria-valuenow', '190');

  // Reset columns brings back the grid as designed, here and, after a reload, there.
  stored = saved();
  await columns.click();
  await page.getByRole('menuitem', { name: 'Reset columns' }).click();
  await stored;
  await expect(headers(page)).toHaveText(designed);
  await expect(page.getByRole('separator', { name: 'Resize Event Type' })).toHaveAttribute('aria-valuenow', '140');
  await second.reload();
  await expect(table(second).locator('tbody tr.data-table__row').first()).toBeVisible();
  await expect(headers(second)).toHaveText(designed);
  await other.close();
});
