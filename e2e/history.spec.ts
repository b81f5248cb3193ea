import { eq } from 'drizzle-orm';
import type { Page } from '@playwright/test';
import { statusNames } from '../contract/statuses';
import { categories, generationRuns, subcategories } from '../server/db/schema';
import { expectNoSeriousA11yViolations } from './axe';
import { refusedInlineHandler } from './csp-guard';
import { expect, test, type TestServer } from './fixtures';

/** docs/product.md#history-dialog from the header's History button: its entries, states and sanitised messages. */

const header = (page: Page) => page.getByRole('banner');
const historyButton = (page: Page) => header(page).getByRole('button', { name: 'History', exact: true });
const historyDialog = (page: Page) => page.getByRole('dialog', { name: 'History' });

async function categoryNamed(server: TestServer, name: string) {
  const [row] = await server.db.select().from(categories).where(eq(categories.name, name));
  if (!row) throw new Error(`no category named ${name}`);
  return row;
}

async function subcategoryNamed(server: TestServer, name: string) {
  const [row] = await server.db.select().from(subcategories).where(eq(subcategories.name, name));
  if (!row) throw new Error(`no subcategory named ${name}`);
  return row;
}

/** Selects a category (and, on the Equipments type, a subcategory) in the header. */
async function selectInHeader(page: Page, category: string, subcategory?: string) {
  await header(page)
    .getByRole('button', { name: /^Category/ })
    .click();
  await page.getByRole('menuitemradio', { name: category }).click();
  if (subcategory) {
    await header(page)
      .getByRole('button', { name: /^Subcategory/ })
      .click();
    await page.getByRole('menuitemradio', { name: subcategory }).click();
  }
}

test.describe('history dialog', () => {
  test("Equipments: the selected subcategory's brand and equipment runs, newest first", async ({ page, server }) => {
    await server.loginAs(page);
    await page.goto(`${server.url}/dashboard/brands`);
    await selectInHeader(page, 'Construction Equipment', 'Excavators');
    const excavators = await subcategoryNamed(server, 'Excavators');
    const runs = await server.db.select().from(generationRuns).where(eq(generationRuns.subcategoryId, excavators.id));

    const request = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/history');
    await historyButton(page).click();
    const params = new URL((await request).url()).searchParams;
    expect(params.get('type')).toBe('Equipments');
    expect(params.get('subcategory_id')).toBe(String(excavators.id));
    expect(params.get('category_id')).toBe(String(excavators.categoryId));

    const dialog = historyDialog(page);
    await expect(dialog).toBeVisible();
    const table = dialog.getByRole('table');
    await expect(table.getByRole('columnheader')).toHaveText([
      'Category',
      'Subcategory',
      'Input Tokens',
      'Output Tokens',
      'Total Tokens',
      'Generated',
      'Status',
      'Message',
      'Created At',
    ]);
    const rows = table.getByRole('row');
    await expect(rows).toHaveCount(runs.length + 1);
    const newest = [...runs].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id - a.id)[0]!;
    const first = rows.nth(1);
    await expect(first.getByRole('cell').nth(0)).toHaveText('Construction Equipment');
    await expect(first.getByRole('cell').nth(1)).toHaveText('Excavators');
    await expect(first.getByRole('cell').nth(2)).toHaveText(newest.inputTokens.toLocaleString('en-US'));
    await expect(first.getByRole('cell').nth(4)).toHaveText(newest.totalTokens.toLocaleString('en-US'));
    const noun = { Events: ['event', 'events'], Brands: ['brand', 'brands'], Equipments: ['model', 'models'] }[newest.type];
    await expect(first.getByRole('cell').nth(5)).toHaveText(`${newest.itemsAdded} ${newest.itemsAdded === 1 ? noun[0] : noun[1]}`);
    await expect(first.getByRole('cell').nth(6)).toHaveText(newest.status);
    await expect(first.getByRole('cell').nth(8)).toHaveText(/^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M UTC$/);
    await expectNoSeriousA11yViolations(page);

    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(historyButton(page)).toBeFocused();
  });

  test("Events: the selected category's event runs", async ({ page, server }) => {
    await server.loginAs(page);
    await page.goto(`${server.url}/dashboard/events`);
    await selectInHeader(page, 'Medical Devices');
    const medical = await categoryNamed(server, 'Medical Devices');
    const request = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/history');
    await historyButton(page).click();
    const params = new URL((await request).url()).searchParams;
    expect(params.get('type')).toBe('Events');
    expect(params.get('category_id')).toBe(String(medical.id));
    expect(params.has('subcategory_id')).toBe(false);

    const rows = historyDialog(page).getByRole('table').getByRole('row');
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(1)).toContainText('Medical Devices');
    await expect(rows.nth(1)).toContainText(statusNames.failed);
  });

  test("'No history yet.' when nothing ran", async ({ page, server }) => {
    await server.loginAs(page);
    await page.goto(`${server.url}/dashboard/events`);
    await selectInHeader(page, 'Drones');
    await historyButton(page).click();
    await expect(historyDialog(page).getByText('No history yet.', { exact: true })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  test('messages are HTML, sanitised: markup stays; scripts, handlers and images go', async ({ page, server, cspViolations }) => {
    const drones = await categoryNamed(server, 'Drones');
    const [run] = await server.db
      .insert(generationRuns)
      .values({
        type: 'Events',
        categoryId: drones.id,
        status: statusNames.failed,
        // A finished run: an unfinished one is a job, and the server's worker would run it.
        finishedAt: new Date(),
        message:
          '<p>Provider said <strong>no</strong>.</p><img src="x" alt="broken" onerror="window.__historyXss = 1"><script>window.__historyXss = 2</script><a href="javascript:window.__historyXss = 3">details</a>',
      })
      .returning();
    try {
      await server.loginAs(page);
      await page.goto(`${server.url}/dashboard/events`);
      await selectInHeader(page, 'Drones');
      await historyButton(page).click();
      const message = historyDialog(page).getByRole('row').nth(1).getByRole('cell').nth(7);
      await expect(message.locator('strong')).toHaveText('no');
      await expect(message.locator('script')).toHaveCount(0);
      // A remote image would tell its host who opened the dialog, and this one's handler would run script.
      await expect(message.locator('img')).toHaveCount(0);
      expect(await message.locator('a').getAttribute('href')).toBeNull();
      await message.locator('a').click();
      // A broken image's error event would have fired by the time a probe image of the same address, loaded after it,
      // has failed.
      await page.evaluate(
        () =>
          new Promise<void>((resolve) => {
            const probe = new Image();
            probe.onerror = probe.onload = () => resolve();
            probe.src = 'x';
          }),
      );
      expect(await page.evaluate(() => (window as { __historyXss?: number }).__historyXss)).toBeUndefined();

      await page.keyboard.press('Escape');
      await expect(historyDialog(page)).toHaveCount(0);
      cspViolations.acknowledge(refusedInlineHandler);
    } finally {
      await server.db.delete(generationRuns).where(eq(generationRuns.id, run!.id));
    }
  });

  test('a loader while the history loads', async ({ page, makeServer }) => {
    const server = await makeServer();
    await server.loginAs(page);
    await page.goto(`${server.url}/dashboard/brands`);
    await expect(historyButton(page)).toBeEnabled();
    const lock = await server.lockTable('generation_runs');
    try {
      await historyButton(page).click();
      await expect(historyDialog(page).getByRole('status', { name: 'Loading history' })).toBeVisible();
      await expectNoSeriousA11yViolations(page);
    } finally {
      await lock.release();
    }
    await expect(historyDialog(page).getByRole('table')).toBeVisible();
  });

  test("'Failed to fetch history data. Please try again.' when the history cannot be read", async ({ page, makeServer }) => {
    const server = await makeServer();
    await server.loginAs(page);
    await page.goto(`${server.url}/dashboard/brands`);
    await expect(historyButton(page)).toBeEnabled();
    await server.breakTable('generation_runs');
    await historyButton(page).click();
    await expect(historyDialog(page).getByRole('alert')).toHaveText('Failed to fetch history data. Please try again.');
    await expectNoSeriousA11yViolations(page);
  });
});
