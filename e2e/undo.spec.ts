import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './axe';
import { expect, test } from './fixtures';
import { expectNoReload, secondBrowser } from './live';

/**
 * Undo of exclusions (docs/decisions/0011-undo-as-a-journal-of-exclusion-changes.md): an exclude or un-exclude shows its toast with Undo for 10 s; Undo is a
 * second call that restores the previous state on the server, so it holds after a reload and every open browser
 * sees it.
 */

const undoCalls = (page: Page) => {
  const calls: string[] = [];
  page.on('request', (request) => {
    if (/\/api\/exclusion-changes\/\d+\/undo$/.test(new URL(request.url()).pathname)) calls.push(request.url());
  });
  return calls;
};

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

const brandRow = (page: Page, name: string) =>
  page
    .getByRole('grid', { name: /^Brands of / })
    .locator('tbody tr.data-table__row')
    .filter({ has: page.getByRole('checkbox', { name: `Select ${name}`, exact: true }) });

test.describe('undo of exclusions', () => {
  test('a brand excluded on the brands screen comes back with Undo, after a reload too, and a second browser sees it live', async ({
    page,
    browser,
    makeServer,
  }) => {
    const server = await makeServer();
    await server.loginAs(page);
    const calls = undoCalls(page);

    // Browser B watches the brand exclusion list.
    const { page: b, close: closeB } = await secondBrowser(browser, server, '/dashboard/brands/exclusions');
    const excludedInB = b.getByRole('grid', { name: 'Excluded brands' }).locator('tbody tr.data-table__row').filter({ hasText: 'Komatsu' });
    await expect(
      b.getByRole('grid', { name: 'Excluded brands' }).locator('tbody tr.data-table__row').filter({ hasText: 'Hitachi' }),
    ).toBeVisible();
    await expect(excludedInB).toHaveCount(0);

    await openBrandsOf(page, server.url, 'Construction Equipment', 'Excavators');
    const row = brandRow(page, 'Komatsu');
    await expect(row).not.toContainText('Excluded');
    await row.getByRole('button', { name: 'Actions for Komatsu' }).click();
    await page.getByRole('menuitem', { name: 'Add to Exclusion' }).click();

    const toast = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('status').filter({ hasText: 'Komatsu added to the exclusion list.' }) });
    const undo = toast.getByRole('button', { name: 'Undo' });
    await expect(undo).toBeVisible();
    await expect(row).toContainText('Excluded');
    await expect(excludedInB).toHaveCount(1);
    // The pointer rests on the toast, which keeps it open (radix pauses its timer) however long axe takes on a busy machine.
    await toast.hover();
    await expectNoSeriousA11yViolations(page);

    // Two clicks as fast as the browser sends them: one undo.
    await undo.dblclick();
    await expect(page.getByRole('status').filter({ hasText: 'Undone: Komatsu removed from the exclusion list again.' })).toBeVisible();
    await expect(row).not.toContainText('Excluded');
    expect(calls).toHaveLength(1);
    // Browser B sees the brand leave its list, without a reload.
    await expect(excludedInB).toHaveCount(0);
    await expectNoReload(b);

    // A new page load (the selection starts afresh): the server kept the undo.
    await openBrandsOf(page, server.url, 'Construction Equipment', 'Excavators');
    await expect(brandRow(page, 'Komatsu')).toBeVisible();
    await expect(brandRow(page, 'Komatsu')).not.toContainText('Excluded');
    await closeB();
  });

  test('a model removed on the equipment exclusions screen is back in the list with Undo, chosen by keyboard', async ({
    page,
    makeServer,
  }) => {
    const server = await makeServer();
    await server.loginAs(page);
    await page.goto(`${server.url}/dashboard/equipments/exclusions`);
    const rows = page.getByRole('grid', { name: 'Excluded equipment' }).locator('tbody tr.data-table__row');
    const m318 = rows.filter({ has: page.getByRole('gridcell', { name: 'M318', exact: true }) });
    await expect(rows).toHaveCount(2);

    await m318.getByRole('button', { name: 'Actions for Caterpillar M318' }).click();
    await page.getByRole('menuitem', { name: 'Remove from Exclusion List' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Caterpillar - M318 removed from the exclusion list.' })).toBeVisible();
    await expect(m318).toHaveCount(0);

    // F8 reaches the notifications (radix), Tab the toast's Undo.
    await page.keyboard.press('F8');
    const undo = page.getByRole('button', { name: 'Undo' });
    for (let tab = 0; tab < 3 && !(await undo.evaluate((el) => el === document.activeElement)); tab += 1) await page.keyboard.press('Tab');
    await expect(undo).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('status').filter({ hasText: 'Undone: Caterpillar - M318 back in the exclusion list.' })).toBeVisible();
    await expect(m318).toHaveCount(1);
    await expect(rows).toHaveCount(2);
    await expectNoSeriousA11yViolations(page);

    await page.reload();
    await expect(m318).toHaveCount(1);
  });

  test('a model excluded in the Equipment Details dialog is back with the Undo beside its status line (a modal hides the toasts)', async ({
    page,
    makeServer,
  }) => {
    const server = await makeServer();
    await server.loginAs(page);
    const calls = undoCalls(page);
    await page.goto(`${server.url}/dashboard/equipments`);
    const main = page.getByRole('main');
    await main
      .getByRole('region', { name: 'Categories', exact: true })
      .getByRole('button', { name: /^Construction Equipment\s*\d+ subcategor/ })
      .click();
    await main
      .getByRole('region', { name: /^Subcategories of/ })
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { level: 3, name: 'Excavators', exact: true }) })
      .getByRole('button', { name: 'View Equipments' })
      .click();
    const details = page.getByRole('dialog', { name: 'Equipment Details for Excavators' });
    const row = details.getByRole('row').filter({ hasText: 'EC220E' });
    await expect(row).not.toContainText('Excluded');

    await row.getByRole('button', { name: 'Actions for Volvo CE EC220E' }).click();
    await page.getByRole('menuitem', { name: 'Add to Exclusion' }).click();
    await expect(details.getByRole('status').filter({ hasText: 'Volvo CE - EC220E added to the exclusion list.' })).toBeVisible();
    await expect(row).toContainText('Excluded');
    await expectNoSeriousA11yViolations(page);

    await details.getByRole('button', { name: 'Undo' }).dblclick();
    await expect(
      details.getByRole('status').filter({ hasText: 'Undone: Volvo CE - EC220E removed from the exclusion list again.' }),
    ).toBeVisible();
    await expect(row).not.toContainText('Excluded');
    await expect(details.getByRole('button', { name: 'Undo' })).toHaveCount(0);
    expect(calls).toHaveLength(1);
  });
});
