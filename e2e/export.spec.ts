import { readFile } from 'node:fs/promises';
import type { Download, Page } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import { equipmentExclusionExportColumns } from '../contract/grid-exports';
import { notGeneratedStatus, statusNames } from '../contract/statuses';
import { subcategories } from '../server/db/schema';
import { expectNoSeriousA11yViolations } from './axe';
import { expect, test } from './fixtures';

/**
 * Export every grid (docs/product.md#export): the Export menu downloads what the grid's filter and sort select, with its
 * visible columns in order (or all of them), as the server streams it.
 */

async function rowsOf(download: Download): Promise<string[][]> {
  const path = await download.path();
  if (!path) throw new Error('The download has no file');
  return parse(await readFile(path), { bom: true }) as string[][];
}

/** The grid's column headers' names, in order (the sort arrows are decoration). */
async function headerNames(page: Page, table: string): Promise<string[]> {
  const headers = page.getByRole('grid', { name: table }).getByRole('columnheader');
  const names: string[] = [];
  for (const header of await headers.all()) names.push(((await header.textContent()) ?? '').replace(/[▲▼↑↓↕⇅]/g, '').trim());
  return names;
}

test.describe('export every grid', () => {
  test('the brands grid: the filtered, sorted rows with the visible columns in their order', async ({ page, server, request }) => {
    const { token } = await server.loginAs(page);
    const [excavatorsRow] = await server.db
      .select({ id: subcategories.id })
      .from(subcategories)
      .where(eq(subcategories.name, 'Excavators'));
    const excavators = excavatorsRow!.id;
    await page.goto(`${server.url}/dashboard/brands`);
    const banner = page.getByRole('banner');
    await banner.getByRole('button', { name: /^Category/ }).click();
    await page.getByRole('menuitemradio', { name: 'Construction Equipment', exact: true }).click();
    await banner.getByRole('button', { name: /^Subcategory/ }).click();
    await page.getByRole('menuitemradio', { name: 'Excavators', exact: true }).click();

    const grid = page.getByRole('grid', { name: /^Brands of Excavators/ });
    const rows = grid.locator('tbody tr.data-table__row');
    await page.getByRole('searchbox', { name: 'Filter brands by name' }).fill('a');
    await expect(page).toHaveURL(/[?&]q=a(&|$)/);
    const nameHeader = grid.getByRole('columnheader', { name: /Name/ });
    await nameHeader.getByRole('button').click();
    await expect(nameHeader).toHaveAttribute('aria-sort', 'descending');

    await page.getByRole('button', { name: 'Columns' }).click();
    await page.getByRole('menuitemcheckbox', { name: 'SEO Description' }).click();
    await page.keyboard.press('Escape');
    await expect(grid.getByRole('columnheader', { name: 'SEO Description' })).toHaveCount(0);

    const listed = await request.get(`${server.url}/api/brands?subcategory_id=${excavators}&q=a&sort=name&dir=desc&limit=500`, {
      headers: { Authorization: `Bearer ${token}`, 'X-Requested-With': 'XMLHttpRequest' },
    });
    const names = ((await listed.json()) as { brands: { name: string }[] }).brands.map((brand) => brand.name);
    expect(names.length).toBeGreaterThan(1);
    await expect.poll(() => rows.locator('td:nth-child(2) strong').allInnerTexts()).toEqual(names);

    const exportButton = page.getByRole('button', { name: 'Export' });
    await exportButton.click();
    await expect(page.getByRole('menuitemcheckbox', { name: 'All columns' })).not.toBeChecked();
    const downloading = page.waitForEvent('download');
    await page.getByRole('menuitem', { name: 'Export visible columns' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^brands-excavators-\d{4}-\d{2}-\d{2}\.csv$/);
    await expect(page.getByRole('status').filter({ hasText: `Downloaded ${download.suggestedFilename()}.` })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    const file = await rowsOf(download);
    // The grid's columns but the checkboxes (no text: the header's is labelled) and the Actions, in the grid's order.
    const shown = (await headerNames(page, 'Brands of Excavators (Construction Equipment)')).filter(
      (name) => !['', 'Actions'].includes(name),
    );
    // Category and Subcategory wait in the Columns menu at 1280 px (docs/decisions/0023-scope-columns-yield-to-decision-columns.md): not shown, not written.
    expect(file[0]).toEqual(['Name', 'SEO Title', 'Created At', 'Status']);
    expect(file[0]).toEqual(shown);
    expect(file.slice(1).map((row) => row[0])).toEqual(names);
    for (const row of file.slice(1)) {
      expect([...Object.values(statusNames), notGeneratedStatus.name]).toContain(row[3]);
    }
  });

  test('the equipment exclusions grid with "All columns", from the keyboard; one export at a time; a failure says so', async ({
    page,
    server,
  }) => {
    await server.loginAs(page);
    await page.goto(`${server.url}/dashboard/equipments/exclusions`);
    const grid = page.getByRole('grid', { name: 'Excluded equipment' });
    const rows = grid.locator('tbody tr.data-table__row');
    await expect(rows.first()).toBeVisible();
    // The 5th cell: after the checkbox, Category, Subcategory and Brand.
    const models = await rows.locator('td:nth-child(5)').allInnerTexts();

    // The file waits until the test lets it go: the trigger is disabled meanwhile.
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/equipments/exclusions/export**', async (route) => {
      await released;
      await route.continue();
    });

    const exportButton = page.getByRole('button', { name: 'Export' });
    await exportButton.focus();
    await page.keyboard.press('Enter');
    const allColumns = page.getByRole('menuitemcheckbox', { name: 'All columns' });
    await expect(allColumns).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(allColumns).toBeChecked();
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('menuitem', { name: 'Export all columns' })).toBeFocused();
    const downloading = page.waitForEvent('download');
    await page.keyboard.press('Enter');
    const busy = page.getByRole('button', { name: 'Exporting…' });
    await expect(busy).toBeDisabled();
    release();
    const file = await rowsOf(await downloading);
    await expect(page.getByRole('button', { name: 'Export' })).toBeEnabled();
    expect(file[0]).toEqual(Object.values(equipmentExclusionExportColumns));
    expect(file.slice(1).map((row) => row[3])).toEqual(models);

    await page.unroute('**/api/equipments/exclusions/export**');
    await page.route('**/api/equipments/exclusions/export**', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"Server Error"}' }),
    );
    await exportButton.click();
    await page.getByRole('menuitem', { name: /^Export (all|visible) columns$/ }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'The export failed. Nothing was downloaded.' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
});
