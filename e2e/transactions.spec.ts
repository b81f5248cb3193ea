import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import { and, desc, eq } from 'drizzle-orm';
import { generationRuns, subcategories } from '../server/db/schema';
import { testCards } from '../server/payments/test-support/test-cards';
import { changeBalance } from '../server/tokens/ledger';
import { expectNoSeriousA11yViolations } from './axe';
import { apiHeaders, expect, saveCardViaApi, test } from './stripe-fixtures';

/** docs/product.md#transactions-screen: the Transactions screen (the original mock-up's layout) shows the operator's ledger. */

const table = (page: Page) => page.getByRole('grid', { name: 'Your transactions, newest first' });
const bodyRows = (page: Page) => table(page).locator('tbody tr');

/** Chooses an item of the Export menu (opening it unless it is open) and reads the CSV the browser saved. */
async function exportCsv(page: Page, item: 'Export visible columns' | 'Export all columns', { menuOpen = false } = {}) {
  if (!menuOpen) await page.getByRole('button', { name: 'Export' }).click();
  const downloading = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: item }).click();
  const download = await downloading;
  const rows = parse(await readFile((await download.path())!), { bom: true }) as string[][];
  return { fileName: download.suggestedFilename(), rows };
}

test.describe('transactions screen', () => {
  test('after a purchase and a run: real rows, filters in the URL, paging, export, balance', async ({
    page,
    paymentsServer: server,
    signInBuyer,
    fakeStripe,
    request,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    const { token, userId } = await signInBuyer(page);
    await page.goto(`${server.url}/dashboard/transactions`);
    await expect(page.getByRole('heading', { level: 1, name: 'Transactions' })).toBeVisible();
    await expect(page.getByText('No transactions yet.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Export' })).toBeDisabled();
    await expectNoSeriousA11yViolations(page);

    // A purchase on a saved Visa, then a brand run that spends some of it.
    await saveCardViaApi(request, server, fakeStripe, token, testCards.visa);
    const bought = await request.post(`${server.url}/api/purchase-tokens`, {
      headers: apiHeaders(token),
      data: { amount: 1_000_000, price: 35 },
    });
    expect(bought.status()).toBe(200);
    await expect(bodyRows(page)).toHaveCount(1);
    await expect(bodyRows(page).first()).toContainText('Purchased 1,000,000 tokens (Visa 4242)');

    const [bulldozers] = await server.db.select({ id: subcategories.id }).from(subcategories).where(eq(subcategories.name, 'Bulldozers'));
    const generated = await request.post(`${server.url}/api/brands/generate`, {
      headers: apiHeaders(token),
      data: { subcategory_id: bulldozers!.id },
    });
    expect(generated.status()).toBeLessThan(300);
    await expect(bodyRows(page)).toHaveCount(2);
    const [run] = await server.db
      .select()
      .from(generationRuns)
      .where(and(eq(generationRuns.userId, userId), eq(generationRuns.subcategoryId, bulldozers!.id)))
      .orderBy(desc(generationRuns.id));
    const charge = bodyRows(page).first();
    await expect(charge).toContainText(`Brands for Construction Equipment / Bulldozers: ${run!.itemsAdded} new`);
    await expect(charge).toContainText('Withdrawal');
    await expect(charge).toContainText(`-${run!.chargedTokens.toLocaleString('en-US')}`);
    await expect(charge).toContainText((1_000_000 - run!.chargedTokens).toLocaleString('en-US'));
    await expect(page.getByText('Showing 1 to 2 of 2', { exact: true })).toBeVisible();

    // Every column on screen at 1280x800, without scrolling sideways.
    for (const name of ['Date', 'Description', 'Type', 'Tokens Amount', 'Balance']) {
      const header = table(page).getByRole('columnheader', { name });
      await expect(header).toBeInViewport({ ratio: 1 });
    }

    // Type filter: kept in the URL, survives a reload.
    await page.getByRole('combobox', { name: 'Type' }).selectOption('deposit');
    await expect(page).toHaveURL(/type=deposit/);
    await expect(bodyRows(page)).toHaveCount(1);
    await page.reload();
    await expect(page.getByRole('combobox', { name: 'Type' })).toHaveValue('deposit');
    await expect(bodyRows(page)).toHaveCount(1);
    await expect(bodyRows(page).first()).toContainText('Deposit');
    await page.getByRole('combobox', { name: 'Type' }).selectOption('transfer');
    await expect(page.getByText('No transactions match these filters.')).toBeVisible();
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect(bodyRows(page)).toHaveCount(2);

    // Dates: a range without these rows, then today.
    await page.getByLabel('To', { exact: true }).fill('2020-01-31');
    await expect(page.getByText('No transactions match these filters.')).toBeVisible();
    const today = new Date().toISOString().slice(0, 10);
    await page.getByLabel('To', { exact: true }).fill(today);
    await page.getByLabel('From', { exact: true }).fill(today);
    await expect(bodyRows(page)).toHaveCount(2);
    await expect(page).toHaveURL(new RegExp(`from=${today}`));
    await page.getByRole('button', { name: 'Clear filters' }).click();

    // Paging: 60 more rows make two pages of 50.
    await server.db.transaction(async (tx) => {
      for (let i = 1; i <= 60; i += 1) {
        await changeBalance(tx, {
          userId,
          delta: 1,
          reason: 'adjustment',
          reference: `e2e-paging-${userId}-${i}`,
          description: `Goodwill ${i}`,
        });
      }
    });
    await page.reload();
    await expect(page.getByText('Showing 1 to 50 of 62', { exact: true })).toBeVisible();
    await expect(bodyRows(page).first()).toContainText('Goodwill 60');
    await expect(page.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByText('Showing 51 to 62 of 62', { exact: true })).toBeVisible();
    await expect(page).toHaveURL(/page=2/);
    await expect(bodyRows(page)).toHaveCount(12);
    await expect(bodyRows(page).last()).toContainText('Purchased 1,000,000 tokens (Visa 4242)');
    await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();

    // Search in the descriptions, then export exactly what it selects.
    await page.getByRole('searchbox', { name: 'Search descriptions' }).fill('visa');
    await expect(page.getByText('Showing 1 to 1 of 1', { exact: true })).toBeVisible();
    await expect(page).not.toHaveURL(/page=/);
    // The grid's visible columns, in their order...
    const visible = await exportCsv(page, 'Export visible columns');
    expect(visible.fileName).toMatch(/^transactions-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(visible.rows).toEqual([
      ['Date', 'Description', 'Type', 'Tokens Amount', 'Balance'],
      [expect.any(String), 'Purchased 1,000,000 tokens (Visa 4242)', 'deposit', '1000000', '1000000'],
    ]);
    // ...or every column of the statement.
    await page.getByRole('button', { name: 'Export' }).click();
    await page.getByRole('menuitemcheckbox', { name: 'All columns' }).click();
    const all = await exportCsv(page, 'Export all columns', { menuOpen: true });
    expect(all.rows).toEqual([
      ['Date', 'Description', 'Type', 'Tokens Amount', 'Balance', 'Run', 'Amount Paid (USD)', 'Card'],
      [expect.any(String), 'Purchased 1,000,000 tokens (Visa 4242)', 'deposit', '1000000', '1000000', '', '35.00', 'Visa 4242'],
    ]);
    await expectNoSeriousA11yViolations(page);

    // A charge links to the run it paid for.
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await page.getByRole('combobox', { name: 'Type' }).selectOption('withdrawal');
    await bodyRows(page)
      .first()
      .getByRole('link', { name: `Run #${run!.id}` })
      .click();
    await expect(page).toHaveURL(new RegExp(`/dashboard/runs\\?run=${run!.id}$`));
    const runs = page.getByRole('grid', { name: 'Your generation runs, newest first' });
    await expect(runs.locator('tbody tr')).toHaveCount(1);
    await expect(runs.locator('tbody tr')).toContainText('Brands of Construction Equipment / Bulldozers');
    await expect(runs.locator('tbody tr')).toContainText(
      `${run!.chargedTokens.toLocaleString('en-US')} / ${run!.maxTokens.toLocaleString('en-US')}`,
    );
    await expect(page.getByText(`Run #${run!.id}`, { exact: false })).toBeVisible();
  });

  test('a keyboard alone reaches the filters, the pager and the export', async ({ page, paymentsServer: server, signInBuyer }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    const { userId } = await signInBuyer(page);
    await changeBalance(server.db, {
      userId,
      delta: 5,
      reason: 'adjustment',
      reference: `e2e-keys-${userId}`,
      description: 'Welcome credit',
    });
    await page.goto(`${server.url}/dashboard/transactions`);
    await expect(bodyRows(page)).toHaveCount(1);
    // The Export menu opens from the keyboard on its first item, and Escape hands the focus back.
    const exportButton = page.getByRole('button', { name: 'Export' });
    await exportButton.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('menuitemcheckbox', { name: 'All columns' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(exportButton).toBeFocused();
    const type = page.getByRole('combobox', { name: 'Type' });
    await type.focus();
    await type.selectOption('adjustment');
    await expect(page).toHaveURL(/type=adjustment/);
    await expect(bodyRows(page).first()).toContainText('Welcome credit');
  });

  test('an error loading the page says so and offers Retry', async ({ page, paymentsServer: server, signInBuyer }) => {
    await signInBuyer(page);
    let fail = true;
    await page.route('**/api/transactions?*', (route) =>
      fail ? route.fulfill({ status: 500, json: { message: 'Server Error' } }) : route.fallback(),
    );
    await page.route('**/api/transactions', (route) =>
      fail ? route.fulfill({ status: 500, json: { message: 'Server Error' } }) : route.fallback(),
    );
    await page.goto(`${server.url}/dashboard/transactions`);
    await expect(page.getByText('The transactions could not be loaded.')).toBeVisible();
    fail = false;
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByText('No transactions yet.')).toBeVisible();
  });
});
