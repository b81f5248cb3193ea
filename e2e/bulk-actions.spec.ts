import type { Page } from '@playwright/test';
import { eq } from 'drizzle-orm';
import { brands, subcategories } from '../server/db/schema';
import { expectNoSeriousA11yViolations } from './axe';
import { expect, test } from './fixtures';
import { expectNoReload, secondBrowser } from './live';

/**
 * Bulk actions (docs/decisions/0012-bulk-actions-select-the-filter.md): "Select all N matching" makes the grid's filter the selection; Exclude and
 * Un-exclude are one request each, one Undo takes them back, and every open browser sees the rows change live.
 */

async function openBrandsOf(page: Page, url: string, category: string, subcategory: string) {
  await page.goto(`${url}/dashboard/brands`);
  const banner = page.getByRole('banner');
  await banner.getByRole('button', { name: /^Category/ }).click();
  await page.getByRole('menuitemradio', { name: category, exact: true }).click();
  const subcategoryTrigger = banner.getByRole('button', { name: /^Subcategory/ });
  await subcategoryTrigger.click();
  await page.getByRole('menuitemradio', { name: subcategory, exact: true }).click();
  await expect(subcategoryTrigger).toContainText(subcategory);
}

/** The answers of the bulk calls the page makes. */
const bulkAnswers = (page: Page) => {
  const answers: Promise<unknown>[] = [];
  page.on('response', (response) => {
    if (new URL(response.url()).pathname === '/api/brands/exclusions/bulk') answers.push(response.json());
  });
  return answers;
};

test('select all matching on a filtered subcategory, exclude in one request, undo it; a second browser sees both live and un-excludes all', async ({
  page,
  browser,
  makeServer,
}) => {
  const server = await makeServer();
  // 30 "Console maker N" and one "Desk works" in Mixing Consoles (empty in the demo): more than are announced one by one.
  const [mixing] = await server.db.select({ id: subcategories.id }).from(subcategories).where(eq(subcategories.name, 'Mixing Consoles'));
  const mixingId = mixing?.id ?? 0;
  await server.db
    .insert(brands)
    .values([
      ...Array.from({ length: 30 }, (_, i) => ({ name: `Console maker ${String(i).padStart(2, '0')}`, subcategoryId: mixingId })),
      { name: 'Desk works', subcategoryId: mixingId },
    ]);
  await server.loginAs(page);
  const answers = bulkAnswers(page);

  // Browser B (another context) watches the brand exclusion list: the demo's Hitachi only.
  const { page: b, close: closeB } = await secondBrowser(browser, server, '/dashboard/brands/exclusions');
  const toolbarOfB = b.getByRole('group', { name: 'Bulk selection' });
  await expect(b.getByText('1 excluded brand', { exact: true })).toBeVisible();

  await openBrandsOf(page, server.url, 'Audio Equipment', 'Mixing Consoles');
  await page.getByLabel('Filter brands by name').fill('console');
  await expect(page.getByRole('status').filter({ hasText: '30 brands matching “console”' })).toBeVisible();
  await page.getByRole('button', { name: 'Select all 30 brands matching' }).click();
  const bar = page.getByRole('group', { name: 'Bulk selection' });
  await expect(bar.getByRole('status')).toHaveText('All 30 matching selected');
  await expectNoSeriousA11yViolations(page);

  await bar.getByRole('button', { name: 'Exclude', exact: true }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Exclude 30 brands?' });
  await expect(confirm).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await confirm.getByRole('button', { name: 'Exclude' }).click();

  const toast = page.getByRole('listitem').filter({ has: page.getByRole('status').filter({ hasText: '30 brands excluded.' }) });
  await expect(toast.getByRole('button', { name: 'Undo' })).toBeVisible();
  // One request for the 30 brands.
  expect(await Promise.all(answers)).toEqual([expect.objectContaining({ done: 30, skipped: { already: 0 } })]);
  // The selection is spent: the count is back.
  await expect(page.getByRole('status').filter({ hasText: '30 brands matching “console”' })).toBeVisible();
  await expect(bar).toHaveCount(0);
  // Browser B sees the 30 brands join its list, without a reload.
  await expect(b.getByText('31 excluded brands', { exact: true })).toBeVisible();
  await expect(
    b
      .getByRole('grid', { name: 'Excluded brands' })
      .getByText(/^Console maker \d\d$/)
      .first(),
  ).toBeVisible();

  await toast.getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Undone: 30 brands removed from the exclusion list again.' })).toBeVisible();
  await expect(b.getByText('1 excluded brand', { exact: true })).toBeVisible();

  // Exclude them again by hand-picked rows (fewer than a handful: no confirm), then B un-excludes every excluded brand.
  await page.getByLabel('Filter brands by name').fill('desk');
  await page.getByRole('checkbox', { name: 'Select Desk works', exact: true }).check();
  await page.getByLabel('Filter brands by name').fill('maker 01');
  await page.getByRole('checkbox', { name: 'Select Console maker 01', exact: true }).check();
  await expect(bar.getByRole('status')).toHaveText('2 selected');
  // Two clicks as fast as the browser sends them: one request (the button is disabled on the first).
  await bar.getByRole('button', { name: 'Exclude', exact: true }).dblclick();
  await expect(page.getByRole('status').filter({ hasText: '2 brands excluded.' })).toBeVisible();
  expect(answers).toHaveLength(2);
  const makerRow = page
    .getByRole('grid', { name: /^Brands of / })
    .locator('tbody tr.data-table__row')
    .filter({ has: page.getByRole('checkbox', { name: 'Select Console maker 01', exact: true }) });
  await expect(makerRow).toContainText('Excluded');
  await expect(b.getByText('3 excluded brands', { exact: true })).toBeVisible();

  await b.getByRole('button', { name: 'Select all 3 brands matching' }).click();
  await expect(toolbarOfB.getByRole('status')).toHaveText('All 3 matching selected');
  await expectNoSeriousA11yViolations(b);
  await toolbarOfB.getByRole('button', { name: 'Un-exclude' }).click();
  await expect(b.getByRole('status').filter({ hasText: '3 brands removed from the exclusion list.' })).toBeVisible();
  await expect(b.getByText('No excluded brands found.')).toBeVisible();
  await expectNoReload(b);
  // A's grid shows Console maker 01 no longer excluded, live.
  await expect(makerRow).not.toContainText('Excluded');
  await closeB();
});
