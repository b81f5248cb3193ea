import type { Page } from '@playwright/test';
import { eq } from 'drizzle-orm';
import { brands, equipments, subcategories } from '../server/db/schema';
import { expectNoSeriousA11yViolations } from './axe';
import { expect, test } from './fixtures';
import { expectNoReload, secondBrowser } from './live';

/**
 * Bulk actions on models (docs/decisions/0012-bulk-actions-select-the-filter.md): in the Equipment Details grid "Select all N matching" makes the grid's
 * filter the selection; Exclude and Un-exclude are one request each, one Undo (beside the dialog's status line) takes
 * them back, and a second browser's equipment exclusion list follows live; that list un-excludes in bulk too.
 */

async function openDetailsOf(page: Page, url: string, category: RegExp, subcategory: string) {
  await page.goto(`${url}/dashboard/equipments`);
  const main = page.getByRole('main');
  await main.getByRole('region', { name: 'Categories', exact: true }).getByRole('button', { name: category }).click();
  await main
    .getByRole('region', { name: /^Subcategories of/ })
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { level: 3, name: subcategory, exact: true }) })
    .getByRole('button', { name: 'View Equipments' })
    .click();
  return page.getByRole('dialog', { name: `Equipment Details for ${subcategory}` });
}

/** The answers of the bulk calls the page makes. */
const bulkAnswers = (page: Page) => {
  const answers: Promise<unknown>[] = [];
  page.on('response', (response) => {
    if (new URL(response.url()).pathname === '/api/equipments/exclusions/bulk') answers.push(response.json());
  });
  return answers;
};

test('select all models matching a filter, exclude them in one request, undo it; a second browser follows live and un-excludes in bulk', async ({
  page,
  browser,
  makeServer,
}) => {
  const server = await makeServer();
  // 30 models "Desk NN" of Desk works and one "Fader box" of Fader co in Mixing Consoles (empty in the demo).
  const [mixing] = await server.db
    .select({ id: subcategories.id, categoryId: subcategories.categoryId })
    .from(subcategories)
    .where(eq(subcategories.name, 'Mixing Consoles'));
  const subcategoryId = mixing?.id ?? 0;
  const categoryId = mixing?.categoryId ?? 0;
  const made = await server.db
    .insert(brands)
    .values([
      { name: 'Desk works', subcategoryId },
      { name: 'Fader co', subcategoryId },
    ])
    .returning({ id: brands.id, name: brands.name });
  const brandId = (name: string) => made.find((b) => b.name === name)?.id ?? null;
  await server.db.insert(equipments).values([
    ...Array.from({ length: 30 }, (_, i) => ({
      categoryId,
      subcategoryId,
      brandId: brandId('Desk works'),
      brand: 'Desk works',
      model: `Desk ${String(i).padStart(2, '0')}`,
    })),
    { categoryId, subcategoryId, brandId: brandId('Fader co'), brand: 'Fader co', model: 'Fader box' },
  ]);
  await server.loginAs(page);
  const answers = bulkAnswers(page);

  // Browser B (another context) watches the equipment exclusion list: the demo's two excluded models.
  const { page: b, close: closeB } = await secondBrowser(browser, server, '/dashboard/equipments/exclusions');
  const toolbarOfB = b.getByRole('group', { name: 'Bulk selection' });
  await expect(b.getByText('2 excluded models', { exact: true })).toBeVisible();

  const details = await openDetailsOf(page, server.url, /^Audio Equipment\s*\d+ subcategor/, 'Mixing Consoles');
  await expect(details.getByText('31 models', { exact: true })).toBeVisible();
  await details.getByLabel('Filter models').fill('desk');
  await details.getByRole('button', { name: 'Select all 30 models matching' }).click();
  const bar = details.getByRole('group', { name: 'Bulk selection' });
  await expect(bar.getByRole('status')).toHaveText('All 30 matching selected');
  await expectNoSeriousA11yViolations(page);

  await bar.getByRole('button', { name: 'Exclude', exact: true }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Exclude 30 models?' });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Exclude' }).click();

  // The outcome on the dialog's status line (a modal hides the toasts), with Undo beside it.
  await expect(details.getByRole('status').filter({ hasText: '30 models excluded.' })).toBeVisible();
  expect(await Promise.all(answers)).toEqual([expect.objectContaining({ done: 30, skipped: { already: 0 } })]);
  // The selection is spent: the bar is gone and the focus is on the grid.
  await expect(bar).toHaveCount(0);
  await expect(details.locator('.data-table__scroll')).toBeFocused();
  const deskRow = (model: string) =>
    details.getByRole('row').filter({ has: page.getByRole('checkbox', { name: `Select Desk works ${model}`, exact: true }) });
  await expect(deskRow('Desk 00')).toContainText('Excluded');
  // Browser B sees the 30 models join its list, without a reload.
  await expect(b.getByText('32 excluded models', { exact: true })).toBeVisible();
  await expect(
    b
      .getByRole('grid', { name: 'Excluded equipment' })
      .getByText(/^Desk \d\d$/)
      .first(),
  ).toBeVisible();

  await details.getByRole('button', { name: 'Undo' }).click();
  await expect(details.getByRole('status').filter({ hasText: 'Undone: 30 models removed from the exclusion list again.' })).toBeVisible();
  await expect(deskRow('Desk 00')).not.toContainText('Excluded');
  await expect(b.getByText('2 excluded models', { exact: true })).toBeVisible();

  // Two hand-picked models (fewer than a handful: no confirm), by keyboard; two presses as fast as they come: one request.
  await details.getByLabel('Filter models').fill('desk 0');
  await details.getByRole('checkbox', { name: 'Select Desk works Desk 01', exact: true }).check();
  await details.getByRole('checkbox', { name: 'Select Desk works Desk 02', exact: true }).check();
  await expect(bar.getByRole('status')).toHaveText('2 selected');
  await bar.getByRole('button', { name: 'Exclude', exact: true }).dblclick();
  await expect(details.getByRole('status').filter({ hasText: '2 models excluded.' })).toBeVisible();
  expect(answers).toHaveLength(2);
  await expect(deskRow('Desk 01')).toContainText('Excluded');
  await expect(b.getByText('4 excluded models', { exact: true })).toBeVisible();

  // B selects every excluded model and un-excludes them at once.
  await b.getByRole('button', { name: 'Select all 4 models matching' }).click();
  await expect(toolbarOfB.getByRole('status')).toHaveText('All 4 matching selected');
  await expectNoSeriousA11yViolations(b);
  await toolbarOfB.getByRole('button', { name: 'Un-exclude' }).click();
  await expect(b.getByRole('status').filter({ hasText: '4 models removed from the exclusion list.' })).toBeVisible();
  await expect(b.getByText('No excluded exclusions found.')).toBeVisible();
  await expectNoReload(b);
  // A's grid shows Desk 01 no longer excluded, live.
  await expect(deskRow('Desk 01')).not.toContainText('Excluded');
  await closeB();
});

test('the equipment exclusion list un-excludes hand-picked models by keyboard, and Undo brings them back', async ({ page, makeServer }) => {
  const server = await makeServer();
  await server.loginAs(page);
  await page.goto(`${server.url}/dashboard/equipments/exclusions`);
  const rows = page.getByRole('grid', { name: 'Excluded equipment' }).locator('tbody tr.data-table__row');
  await expect(rows).toHaveCount(2);
  const first = rows.first().getByRole('checkbox');
  await first.focus();
  await page.keyboard.press('Space');
  const bar = page.getByRole('group', { name: 'Bulk selection' });
  await expect(bar.getByRole('status')).toHaveText('1 selected');
  await bar.getByRole('button', { name: 'Un-exclude' }).focus();
  await page.keyboard.press('Enter');
  const toast = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('status').filter({ hasText: '1 model removed from the exclusion list.' }) });
  await expect(toast).toBeVisible();
  await expect(rows).toHaveCount(1);
  await expect(page.locator('.data-table__scroll')).toBeFocused();
  await toast.getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByRole('status').filter({ hasText: /^Undone: .+ back in the exclusion list\.$/ })).toBeVisible();
  await expect(rows).toHaveCount(2);
});
