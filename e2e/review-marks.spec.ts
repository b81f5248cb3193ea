import type { Locator, Page } from '@playwright/test';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../server/db/client';
import { brands, categories, equipments, events, generationRuns, subcategories } from '../server/db/schema';
import { expectNoSeriousA11yViolations } from './axe';
import { expect, test, type TestServer } from './fixtures';

/**
 * docs/decisions/0025-review-of-generated-items.md, the review in the catalogue grids: a row a run stored and nobody
 * reviewed shows "New" beside its name (its tip names the run), a rejected one "Rejected" (its tip the reason), an
 * accepted one nothing. The toolbar's Review filter (All, New, Accepted, Rejected) narrows the grid, lives in the URL
 * and survives a reload; the grids pass axe, and at 1280 x 800 their decision columns stay in view.
 *
 * The rows are made unreviewed and rejected in the database, as a run and a reviewer leave them. Its own server: the
 * marks would otherwise show in other specs' grids.
 */

interface Marked {
  runId: number;
  categoryId: number;
  subcategoryId: number;
}

/**
 * A finished brand run of Excavators (900 tokens, AI model "e2e-model", prompts "e2e-v1"): Komatsu, its PC210LC-11 and
 * bauma 2028 from it unreviewed; Hitachi, M318 and Intermat rejected; Volvo CE accepted.
 */
async function markRows(db: Database): Promise<Marked> {
  const [category] = await db.select({ id: categories.id }).from(categories).where(eq(categories.name, 'Construction Equipment'));
  const [subcategory] = await db.select({ id: subcategories.id }).from(subcategories).where(eq(subcategories.name, 'Excavators'));
  if (!category || !subcategory) throw new Error('the demo catalogue has no Excavators');
  const [run] = await db
    .insert(generationRuns)
    .values({
      type: 'Brands',
      categoryId: category.id,
      subcategoryId: subcategory.id,
      status: 'Generated',
      finishedAt: new Date(),
      providerModel: 'e2e-model',
      promptVersion: 'e2e-v1',
      chargedTokens: 900,
    })
    .returning({ id: generationRuns.id });
  const runId = run?.id ?? 0;
  const unreviewed = { runId, reviewState: 'unreviewed' as const };
  const rejected = { runId, reviewState: 'rejected' as const, reviewReason: 'not_real' as const, reviewedAt: new Date() };
  await db.update(brands).set(unreviewed).where(eq(brands.name, 'Komatsu'));
  await db.update(brands).set(rejected).where(eq(brands.name, 'Hitachi'));
  await db.update(brands).set({ runId, reviewState: 'accepted', reviewedAt: new Date() }).where(eq(brands.name, 'Volvo CE'));
  await db
    .update(equipments)
    .set(unreviewed)
    .where(and(eq(equipments.brand, 'Komatsu'), eq(equipments.model, 'PC210LC-11')));
  await db
    .update(equipments)
    .set(rejected)
    .where(and(eq(equipments.brand, 'Caterpillar'), eq(equipments.model, 'M318')));
  await db.update(events).set(unreviewed).where(eq(events.name, 'bauma 2028'));
  await db.update(events).set(rejected).where(eq(events.name, 'Intermat Paris 2027'));
  return { runId, categoryId: category.id, subcategoryId: subcategory.id };
}

const reviewSelect = (scope: Page | Locator) => scope.getByRole('combobox', { name: 'Review' });
const bodyRows = (grid: Locator) => grid.locator('tbody tr.data-table__row');
const rowOf = (grid: Locator, name: string) => bodyRows(grid).filter({ has: grid.page().getByText(name, { exact: true }) });

/** The cell of the first body row under this header lies inside the grid's visible box, unscrolled. */
async function expectColumnInView(grid: Locator, header: string) {
  const headers = (await grid.locator('thead th').allTextContents()).map((text) => text.replace(/[↕▲▼]/g, '').trim());
  const index = headers.indexOf(header);
  expect(index, `${header} among ${headers.join(', ')}`).toBeGreaterThanOrEqual(0);
  const cell = bodyRows(grid).first().locator('td').nth(index);
  const seen = await cell.evaluate((element) => {
    const box = element.closest('.data-table__scroll')!.getBoundingClientRect();
    const rect = element.getBoundingClientRect();
    return rect.left >= box.left - 0.5 && rect.right <= box.right + 0.5;
  });
  expect(seen, `${header} in view`).toBe(true);
}

let server: TestServer;
let marked: Marked;

test.beforeEach(async ({ page, makeServer }) => {
  server = await makeServer();
  marked = await markRows(server.db);
  await page.setViewportSize({ width: 1280, height: 800 });
  await server.loginAs(page);
});

test('brands: "New" and "Rejected" marks with their tips; the Review filter narrows, is in the URL and survives a reload', async ({
  page,
}) => {
  test.slow();
  await page.goto(`${server.url}/dashboard/brands?category=${marked.categoryId}&subcategory=${marked.subcategoryId}`);
  const grid = page.getByRole('grid', { name: /^Brands of Excavators/ });
  await expect(bodyRows(grid)).toHaveCount(4);

  const newMark = rowOf(grid, 'Komatsu').getByText('New', { exact: true });
  await expect(newMark).toBeVisible();
  await expect(rowOf(grid, 'Hitachi').getByText('Rejected', { exact: true })).toBeVisible();
  await expect(rowOf(grid, 'Caterpillar').getByText(/^(New|Rejected)$/)).toHaveCount(0);
  await newMark.focus();
  await expect(page.getByRole('tooltip')).toHaveText(`Not reviewed yet: from run #${marked.runId}`);
  await page.keyboard.press('Escape');

  await expect(reviewSelect(page)).toHaveValue('all');
  await reviewSelect(page).selectOption({ label: 'New' });
  await expect(page).toHaveURL(/[?&]review=unreviewed/);
  await expect(bodyRows(grid)).toHaveCount(1);
  await expect(rowOf(grid, 'Komatsu')).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: '1 new brand' })).toBeVisible();

  await page.reload();
  await expect(reviewSelect(page)).toHaveValue('unreviewed');
  await expect(bodyRows(grid)).toHaveCount(1);
  await expect(rowOf(grid, 'Komatsu')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  for (const header of ['Name', 'Status', 'Actions']) await expectColumnInView(grid, header);

  await reviewSelect(page).selectOption({ label: 'Rejected' });
  await expect(page).toHaveURL(/[?&]review=rejected/);
  await expect(bodyRows(grid)).toHaveCount(1);
  const rejectedMark = rowOf(grid, 'Hitachi').getByText('Rejected', { exact: true });
  await rejectedMark.focus();
  await expect(page.getByRole('tooltip')).toHaveText('Rejected: Not real');
  await page.keyboard.press('Escape');

  // A saved view keeps the review filter: saved under Rejected, applied again from All.
  await page.getByRole('button', { name: /^Views/ }).click();
  await page.getByRole('menu').getByRole('menuitem', { name: 'Save current view…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save current view' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill('Rejected brands');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('View “Rejected brands” saved.')).toBeVisible();

  await reviewSelect(page).selectOption({ label: 'All' });
  await expect(page).not.toHaveURL(/review=/);
  await expect(bodyRows(grid)).toHaveCount(4);

  await page.getByRole('button', { name: /^Views/ }).click();
  await page.getByRole('menu').getByRole('menuitemcheckbox', { name: 'Rejected brands' }).click();
  await expect(page).toHaveURL(/[?&]review=rejected/);
  await expect(reviewSelect(page)).toHaveValue('rejected');
  await expect(bodyRows(grid)).toHaveCount(1);
  await expect(rowOf(grid, 'Hitachi')).toBeVisible();
});

test('events: the Review filter narrows to the new events and survives a reload; axe clean', async ({ page }) => {
  await page.goto(`${server.url}/dashboard/events?category=${marked.categoryId}`);
  const grid = page.getByRole('grid', { name: /^Events of Construction Equipment/ });
  await expect(bodyRows(grid)).toHaveCount(3);
  await expect(rowOf(grid, 'bauma 2028').getByText('New', { exact: true })).toBeVisible();
  await expect(rowOf(grid, 'Intermat Paris 2027').getByText('Rejected', { exact: true })).toBeVisible();

  await reviewSelect(page).selectOption({ label: 'New' });
  await expect(page).toHaveURL(/[?&]review=unreviewed/);
  await expect(bodyRows(grid)).toHaveCount(1);
  await page.reload();
  await expect(reviewSelect(page)).toHaveValue('unreviewed');
  await expect(bodyRows(grid)).toHaveCount(1);
  await expect(rowOf(grid, 'bauma 2028')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await expectColumnInView(grid, 'Name');
});

test('Equipment Details: models marked; the Review filter narrows, is in the URL and survives a reload; axe clean', async ({ page }) => {
  await page.goto(`${server.url}/dashboard/equipments?category=${marked.categoryId}&items=${marked.subcategoryId}`);
  const details = page.getByRole('dialog', { name: 'Equipment Details for Excavators' });
  const grid = details.getByRole('grid', { name: 'Equipment of Excavators' });
  await expect(bodyRows(grid)).toHaveCount(6);
  await expect(rowOf(grid, 'PC210LC-11').getByText('New', { exact: true })).toBeVisible();
  await expect(rowOf(grid, 'M318').getByText('Rejected', { exact: true })).toBeVisible();

  await reviewSelect(details).selectOption({ label: 'Accepted' });
  await expect(page).toHaveURL(/[?&]review=accepted/);
  await expect(bodyRows(grid)).toHaveCount(4);
  await expect(rowOf(grid, 'PC210LC-11')).toHaveCount(0);
  await page.reload();
  await expect(reviewSelect(details)).toHaveValue('accepted');
  await expect(bodyRows(grid)).toHaveCount(4);
  await expectNoSeriousA11yViolations(page);
  for (const header of ['Model', 'Actions']) await expectColumnInView(grid, header);
});

test('the home: "Generation quality, last 30 days" per type, AI model and prompt version; axe clean', async ({ page }) => {
  await page.goto(`${server.url}/dashboard`);
  const panel = page.getByRole('region', { name: 'Generation quality, last 30 days' });
  const grid = panel.getByRole('grid', { name: /^Generation quality of the last 30 days/ });
  // The run: 900 tokens, Volvo CE accepted and Hitachi rejected (Komatsu not decided): 900 per accepted, 50%.
  const row = bodyRows(grid).filter({ hasText: 'e2e-model' });
  await expect(row).toHaveCount(1);
  await expect(row.locator('td')).toHaveText(['Brands', 'e2e-model', 'e2e-v1', '1', '900', '50%']);
  await expectNoSeriousA11yViolations(page);
});
