import type { APIRequestContext, Page } from '@playwright/test';
import { eq } from 'drizzle-orm';
import { subcategories } from '../server/db/schema';
import { expectNoSeriousA11yViolations } from './axe';
import { expect, test, type TestServer } from './fixtures';
import { selectSubcategory } from './live';

/**
 * docs/product.md#selection: the brands screen's address holds the header's selection (`?category=&subcategory=`) beside
 * the grid's filter and sort, so a link (the address, or a saved view's "Copy link to this view") shows another
 * operator the same rows whatever their own last selection, and Back and Forward step through the operator's choices.
 *
 * Its own server: the operators' remembered selections and saved views would otherwise reach other specs.
 */

/** The names of a subcategory's brands, as the server sorts and filters them for the grid. */
async function brandNames(request: APIRequestContext, server: TestServer, token: string, query: string): Promise<string[]> {
  const response = await request.get(`${server.url}/api/brands?${query}`, {
    headers: { Authorization: `Bearer ${token}`, 'X-Requested-With': 'XMLHttpRequest' },
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { brands: { name: string }[] }).brands.map((brand) => brand.name);
}

/** The id of the demo catalogue's subcategory of this name (each name is used once). */
async function subcategoryId(server: TestServer, name: string): Promise<number> {
  const [found] = await server.db.select({ id: subcategories.id }).from(subcategories).where(eq(subcategories.name, name));
  if (!found) throw new Error(`No subcategory ${name} in the demo catalogue`);
  return found.id;
}

const banner = (page: Page) => page.getByRole('banner');
const categoryTrigger = (page: Page) => banner(page).getByRole('button', { name: /^Category/ });
const subcategoryTrigger = (page: Page) => banner(page).getByRole('button', { name: /^Subcategory/ });
const grid = (page: Page, subcategory: string) => page.getByRole('grid', { name: new RegExp(`^Brands of ${subcategory}`) });
const filterBox = (page: Page) => page.getByRole('searchbox', { name: 'Filter brands by name' });
const viewsButton = (page: Page) => page.getByRole('button', { name: /^Views/ });

/** The grid of `subcategory` shows exactly these brands, in this order (read from the rows' checkboxes). */
async function expectBrands(page: Page, subcategory: string, names: string[]) {
  const rows = grid(page, subcategory).locator('tbody tr.data-table__row');
  await expect(rows.getByRole('checkbox')).toHaveCount(names.length);
  await expect
    .poll(async () =>
      (await rows.getByRole('checkbox').evaluateAll((boxes) => boxes.map((box) => box.getAttribute('aria-label')))).join('|'),
    )
    .toBe(names.map((name) => `Select ${name}`).join('|'));
}

async function expectSelection(page: Page, category: string, subcategory: string) {
  await expect(categoryTrigger(page)).toContainText(category);
  await expect(subcategoryTrigger(page)).toContainText(subcategory);
}

test('a link to the brands grid shows another operator the same subcategory, filter, sort and rows; so does a saved view’s link', async ({
  page,
  browser,
  makeServer,
  request,
}) => {
  test.setTimeout(120_000);
  const server = await makeServer();
  const [wheelLoaders, studioMonitors] = [await subcategoryId(server, 'Wheel Loaders'), await subcategoryId(server, 'Studio Monitors')];
  const { token } = await server.loginAs(page, { email: 'operator-a@example.com' });
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });

  // Operator B's own last selection is Excavators.
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await server.loginAs(otherPage, { email: 'operator-b@example.com' });
  const backToExcavators = async () => {
    await otherPage.goto(`${server.url}/dashboard/brands`);
    await selectSubcategory(otherPage, 'Construction Equipment', 'Excavators');
    await expect(grid(otherPage, 'Excavators')).toBeVisible();
  };
  await backToExcavators();

  try {
    // Operator A: Wheel Loaders (not the first subcategory), names with a "b", Z to A.
    await page.goto(`${server.url}/dashboard/brands`);
    await selectSubcategory(page, 'Construction Equipment', 'Wheel Loaders');
    await filterBox(page).fill('b');
    const nameHeader = grid(page, 'Wheel Loaders').getByRole('columnheader', { name: /^Name/ });
    await nameHeader.getByRole('button').click();
    await expect(nameHeader).toHaveAttribute('aria-sort', 'descending');
    await expect(page).toHaveURL(new RegExp(`[?&]subcategory=${wheelLoaders}(&|$)`));
    await expect(page).toHaveURL(/[?&]q=b(&|$)/);
    await expect(page).toHaveURL(/[?&]sort=name&dir=desc/);
    const wheelLoaderRows = await brandNames(request, server, token, `subcategory_id=${wheelLoaders}&q=b&sort=name&dir=desc`);
    expect(wheelLoaderRows.length).toBeGreaterThan(1);
    await expectBrands(page, 'Wheel Loaders', wheelLoaderRows);

    // B opens A's address: A's subcategory and A's grid, not B's own last selection.
    await otherPage.goto(page.url());
    await expectSelection(otherPage, 'Construction Equipment', 'Wheel Loaders');
    await expect(filterBox(otherPage)).toHaveValue('b');
    await expectBrands(otherPage, 'Wheel Loaders', wheelLoaderRows);
    await expectNoSeriousA11yViolations(otherPage);

    // A saves a view of Studio Monitors (names with an "e", Z to A) and copies its link.
    await selectSubcategory(page, 'Audio Equipment', 'Studio Monitors');
    await filterBox(page).fill('e');
    await expect(page).toHaveURL(new RegExp(`[?&]subcategory=${studioMonitors}(&|$)`));
    await expect(page).toHaveURL(/[?&]q=e(&|$)/);
    const monitorRows = await brandNames(request, server, token, `subcategory_id=${studioMonitors}&q=e&sort=name&dir=desc`);
    await expectBrands(page, 'Studio Monitors', monitorRows);
    await viewsButton(page).click();
    await page.getByRole('menuitem', { name: 'Save current view…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Save current view' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Monitors with an E');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('View “Monitors with an E” saved.')).toBeVisible();
    await viewsButton(page).click();
    await page.getByRole('menuitem', { name: 'Copy link to this view' }).click();
    await expect(page.getByText('Link to this view copied.')).toBeVisible();
    const link = new URL(await page.evaluate(() => navigator.clipboard.readText()));
    expect(link.searchParams.get('subcategory')).toBe(String(studioMonitors));

    // B, back on their own Excavators, opens the view's link: A's Studio Monitors and its rows.
    await backToExcavators();
    await otherPage.goto(link.href);
    await expectSelection(otherPage, 'Audio Equipment', 'Studio Monitors');
    await expect(filterBox(otherPage)).toHaveValue('e');
    await expect(grid(otherPage, 'Studio Monitors').getByRole('columnheader', { name: /^Name/ })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    await expectBrands(otherPage, 'Studio Monitors', monitorRows);
  } finally {
    await other.close();
  }
});

test('Back and Forward step through the header selections, each with its grid', async ({ page, makeServer, request }) => {
  const server = await makeServer();
  const { token } = await server.loginAs(page, { email: 'back-and-forth@example.com' });
  // The demo catalogue, by name: the first category and its first subcategory, then three choices of one step each.
  const steps = [
    { category: 'Agricultural Machinery', subcategory: 'Combine Harvesters' },
    { category: 'Agricultural Machinery', subcategory: 'Tractors' },
    { category: 'Audio Equipment', subcategory: 'Microphones' },
    { category: 'Audio Equipment', subcategory: 'Studio Monitors' },
  ];
  const ids = await Promise.all(steps.map((step) => subcategoryId(server, step.subcategory)));
  const rows = await Promise.all(ids.map((id) => brandNames(request, server, token, `subcategory_id=${id}`)));
  const expectStep = async (index: number) => {
    const step = steps[index]!;
    await expectSelection(page, step.category, step.subcategory);
    await expect(page).toHaveURL(new RegExp(`[?&]subcategory=${ids[index]}(&|$)`));
    await expectBrands(page, step.subcategory, rows[index]!);
  };

  // The first visit fills the address with the first category and its first subcategory.
  await page.goto(`${server.url}/dashboard/brands`);
  await expectStep(0);
  // Three choices in the header: a subcategory, a category (which selects its first subcategory), a subcategory.
  for (const index of [1, 2, 3]) {
    await selectSubcategory(page, steps[index]!.category, steps[index]!.subcategory);
    await expectStep(index);
  }

  for (const index of [2, 1, 0]) {
    await page.goBack();
    await expectStep(index);
  }
  for (const index of [1, 2, 3]) {
    await page.goForward();
    await expectStep(index);
  }
});
