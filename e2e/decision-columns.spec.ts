import type { Locator, Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './axe';
import { expect, test, type TestServer } from './fixtures';
import { chooseFromHeader, selectSubcategory } from './live';

/**
 * docs/decisions/0023-scope-columns-yield-to-decision-columns.md: on every grid, at 1280x800 and 1440x900 with the
 * navigation open, the columns an operator decides on (the name, the status where there is one, the Actions) are in
 * the grid's visible box without scrolling it sideways, and no pinned column lies over them; the columns that repeat
 * the page's scope start hidden there and come back from the Columns menu.
 *
 * Each test has its own server: showing a column stores it for the operator.
 */

interface GridCase {
  what: string;
  open(page: Page, server: TestServer): Promise<Locator>;
  /** The headers of the columns an operator decides on. */
  decision: string[];
  /** The columns that repeat the page's scope. */
  scope?: string[];
}

/** A grid by its caption (a `grid` once it takes the arrow keys, a `table` before). */
const tableNamed = (within: Page | Locator, name: RegExp) => within.getByRole('grid', { name }).or(within.getByRole('grid', { name }));

const grids: GridCase[] = [
  {
    what: 'brands of a subcategory',
    decision: ['Name', 'Status', 'Actions'],
    scope: ['Category', 'Subcategory'],
    async open(page, server) {
      await page.goto(`${server.url}/dashboard/brands`);
      await selectSubcategory(page, 'Construction Equipment', 'Excavators');
      return tableNamed(page, /^Brands of Excavators/);
    },
  },
  {
    what: 'events of a category',
    decision: ['Name'],
    scope: ['Category'],
    async open(page, server) {
      await page.goto(`${server.url}/dashboard/events`);
      await chooseFromHeader(page, /^Category/, 'Construction Equipment');
      return tableNamed(page, /^Events of Construction Equipment/);
    },
  },
  {
    what: 'equipment details of a subcategory',
    decision: ['Model', 'Actions'],
    scope: ['Category', 'Subcategory'],
    async open(page, server) {
      await page.goto(`${server.url}/dashboard/equipments`);
      const main = page.getByRole('main');
      await main
        .getByRole('region', { name: 'Categories', exact: true })
        .getByRole('button', { name: /^Construction Equipment/ })
        .click();
      await main
        .getByRole('region', { name: 'Subcategories of Construction Equipment' })
        .getByRole('listitem')
        .filter({ has: page.getByRole('heading', { level: 3, name: 'Excavators', exact: true }) })
        .getByRole('button', { name: 'View Equipments' })
        .click();
      return tableNamed(page.getByRole('dialog', { name: 'Equipment Details for Excavators' }), /^Equipment of Excavators$/);
    },
  },
  {
    what: 'equipment exclusions',
    decision: ['Model', 'Actions'],
    open: async (page, server) => {
      await page.goto(`${server.url}/dashboard/equipments/exclusions`);
      return tableNamed(page, /^Excluded equipment/);
    },
  },
  {
    what: 'brand exclusions (equipments)',
    decision: ['Name', 'Actions'],
    open: async (page, server) => {
      await page.goto(`${server.url}/dashboard/equipments/exclusions/brands`);
      return tableNamed(page, /^Excluded brands/);
    },
  },
  {
    what: 'brand exclusions (brands, with logo and socials)',
    decision: ['Name', 'Actions'],
    open: async (page, server) => {
      await page.goto(`${server.url}/dashboard/brands/exclusions`);
      return tableNamed(page, /^Excluded brands/);
    },
  },
  {
    what: 'runs centre',
    decision: ['Target', 'Status', 'Actions'],
    open: async (page, server) => {
      await page.goto(`${server.url}/dashboard/runs`);
      return tableNamed(page, /^Your generation runs/);
    },
  },
  {
    what: 'transactions',
    decision: ['Date', 'Description'],
    open: async (page, server) => {
      await page.goto(`${server.url}/dashboard/transactions`);
      return tableNamed(page, /^Your transactions/);
    },
  },
];

/**
 * The cell lies wholly inside its grid's visible box (the scroll box without its scrollbars), and what shows at its
 * centre is the cell itself, not a pinned column over it.
 */
async function expectInView(cell: Locator, what: string) {
  const seen = await cell.evaluate((element) => {
    const box = element.closest('.data-table__scroll')!;
    const outer = box.getBoundingClientRect();
    const view = {
      left: outer.left + box.clientLeft,
      top: outer.top + box.clientTop,
      right: outer.left + box.clientLeft + box.clientWidth,
      bottom: outer.top + box.clientTop + box.clientHeight,
    };
    const rect = element.getBoundingClientRect();
    const inside =
      rect.left >= view.left - 0.5 && rect.right <= view.right + 0.5 && rect.top >= view.top - 0.5 && rect.bottom <= view.bottom + 0.5;
    const hit = document.elementFromPoint(rect.left + rect.width / 2, rect.top + rect.height / 2);
    return { inside, onTop: hit !== null && element.contains(hit), scrolled: box.scrollLeft };
  });
  expect(seen.scrolled, `${what}: the grid is not scrolled sideways`).toBe(0);
  expect(seen.inside, `${what} lies inside the grid's visible box`).toBe(true);
  expect(seen.onTop, `${what} is not under a pinned column`).toBe(true);
}

async function expectDecisionColumnsInView(table: Locator, grid: GridCase) {
  const firstRow = table.locator('tbody tr.data-table__row').first();
  await expect(firstRow).toBeVisible();
  for (const header of grid.decision) {
    const th = table.getByRole('columnheader', { name: header, exact: true });
    await expect(th, `${grid.what}: ${header} is shown`).toBeVisible();
    await expectInView(th, `${grid.what}: the ${header} header`);
    const index = await th.evaluate((cell) => (cell as HTMLTableCellElement).cellIndex);
    await expectInView(firstRow.locator('td').nth(index), `${grid.what}: the first row's ${header}`);
  }
}

/** The scope columns start hidden and come back, each, from the Columns menu. */
async function expectScopeColumnsYield(page: Page, table: Locator, grid: GridCase) {
  const scope = grid.scope ?? [];
  for (const header of scope) {
    await expect(table.getByRole('columnheader', { name: header, exact: true }), `${grid.what}: ${header} starts hidden`).toHaveCount(0);
  }
  if (scope.length === 0) return;
  const where = (await page.getByRole('dialog').count()) > 0 ? page.getByRole('dialog') : page.getByRole('main');
  await where.getByRole('button', { name: 'Columns' }).click();
  const menu = page.getByRole('menu');
  for (const header of scope) {
    const item = menu.getByRole('menuitemcheckbox', { name: header, exact: true });
    await expect(item).not.toBeChecked();
    await item.click();
    await expect(item).toBeChecked();
  }
  // The menu hides the page from assistive technology while it is open: the headers are read once it closes.
  await page.keyboard.press('Escape');
  await expect(menu).toHaveCount(0);
  for (const header of scope) {
    await expect(table.getByRole('columnheader', { name: header, exact: true }), `${grid.what}: ${header} is back`).toBeVisible();
  }
}

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 1440, height: 900 },
]) {
  test(`at ${viewport.width}x${viewport.height} with the navigation open, every grid shows its decision columns; scope columns wait in the Columns menu`, async ({
    page,
    makeServer,
  }) => {
    test.setTimeout(150_000);
    const server = await makeServer();
    await page.setViewportSize(viewport);
    await server.loginAs(page);
    for (const grid of grids) {
      await test.step(grid.what, async () => {
        const table = await grid.open(page, server);
        // The navigation is open (by CSS: a modal dialog hides it from the accessibility tree).
        await expect(page.locator('nav[aria-label="Main"]')).toBeVisible();
        await expectDecisionColumnsInView(table, grid);
        await expectNoSeriousA11yViolations(page);
        await expectScopeColumnsYield(page, table, grid);
      });
    }
  });
}

test('a scope column shown from the Columns menu stays shown after a reload; Reset columns lets it yield again', async ({
  page,
  makeServer,
}) => {
  const server = await makeServer();
  await page.setViewportSize({ width: 1280, height: 800 });
  await server.loginAs(page);
  const events = grids[1]!;
  let table = await events.open(page, server);
  const category = () => table.getByRole('columnheader', { name: 'Category', exact: true });
  await expect(table.locator('tbody tr.data-table__row').first()).toBeVisible();
  await expect(category()).toHaveCount(0);

  const stored = page.waitForResponse((r) => r.url().endsWith('/api/grid-settings/events') && r.request().method() === 'POST' && r.ok());
  await page.getByRole('button', { name: 'Columns' }).click();
  await page.getByRole('menuitemcheckbox', { name: 'Category', exact: true }).click();
  await stored;
  await page.keyboard.press('Escape');
  await expect(category()).toBeVisible();

  await page.reload();
  table = tableNamed(page, /^Events of Construction Equipment/);
  await expect(table.locator('tbody tr.data-table__row').first()).toBeVisible();
  await expect(category()).toBeVisible();

  const reset = page.waitForResponse((r) => r.url().endsWith('/api/grid-settings/events') && r.request().method() === 'POST' && r.ok());
  await page.getByRole('button', { name: 'Columns' }).click();
  await page.getByRole('menuitem', { name: 'Reset columns' }).click();
  await reset;
  await expect(category()).toHaveCount(0);

  // A link that names the column (a shared view) shows it over the rule.
  await page.goto(
    `${page.url().split('?')[0]}?${new URLSearchParams({ ...Object.fromEntries(new URL(page.url()).searchParams), cols: 'name,category,start_date' })}`,
  );
  table = tableNamed(page, /^Events of Construction Equipment/);
  await expect(table.locator('tbody tr.data-table__row').first()).toBeVisible();
  await expect(category()).toBeVisible();
});
