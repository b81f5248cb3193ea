import { and, eq, sql } from 'drizzle-orm';
import type { APIRequestContext, Page } from '@playwright/test';
import { equipmentExclusions, equipments } from '../server/db/schema';
import { expectNoSeriousA11yViolations } from './axe';
import { expectHeadersInFull } from './grid-headers';
import { demoOperator, expect, test, type TestServer } from './fixtures';

/** docs/product.md#equipment-exclusions (/dashboard/equipments/exclusions) and its texts (docs/product.md#messages-and-errors). */

const columns = [
  'Select exclusions',
  'Category',
  'Subcategory',
  'Brand',
  'Model',
  'Year',
  'Specifications',
  'Description',
  'Tags',
  'Manufactured',
  'Brand Active',
  'SEO Title',
  'SEO Description',
  'Excluded by',
  'Excluded at',
  'Actions',
];

/** An 'Excluded at' cell: a UTC time, en-US ('Oct 1, 2026, 09:30 AM'). */
const utcTime = /^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{2}:\d{2} [AP]M$/;

const grid = (page: Page) => page.getByRole('grid', { name: 'Excluded equipment' });
const bodyRows = (page: Page) => grid(page).locator('tbody tr.data-table__row');
const rowOf = (page: Page, brand: string, model: string) =>
  bodyRows(page)
    .filter({ has: page.getByRole('gridcell', { name: brand, exact: true }) })
    .filter({ has: page.getByRole('gridcell', { name: model, exact: true }) });

/** The column headers' accessible names, in order (the sort arrows are decoration). */
async function expectColumns(page: Page, names: string[]) {
  const headers = grid(page).getByRole('columnheader');
  await expect(headers).toHaveCount(names.length);
  for (const [index, name] of names.entries()) await expect(headers.nth(index)).toHaveAccessibleName(name);
}

async function equipmentId(server: TestServer, brand: string, model: string): Promise<number> {
  const [row] = await server.db
    .select({ id: equipments.id })
    .from(equipments)
    .where(and(eq(equipments.brand, brand), eq(equipments.model, model)));
  if (!row) throw new Error(`no ${brand} ${model} in the demo catalogue`);
  return row.id;
}

/** The model's `excluded` flag as the equipment list reports it (GET /api/equipments?brand_id=). */
async function excludedFlag(request: APIRequestContext, server: TestServer, token: string, brand: string, model: string) {
  const brandId = await brandIdOf(server, brand, model);
  const answer = await apiGet<{ equipments: { model: string; excluded: boolean }[] }>(
    request,
    server,
    token,
    `/api/equipments?brand_id=${brandId}`,
  );
  return answer.equipments.find((e) => e.model === model)?.excluded;
}

async function brandIdOf(server: TestServer, brand: string, model: string) {
  const [row] = await server.db
    .select({ brandId: equipments.brandId })
    .from(equipments)
    .where(and(eq(equipments.brand, brand), eq(equipments.model, model)));
  return row?.brandId;
}

async function apiGet<T>(request: APIRequestContext, server: TestServer, token: string, path: string): Promise<T> {
  const response = await request.get(`${server.url}${path}`, {
    headers: { Authorization: `Bearer ${token}`, 'X-Requested-With': 'XMLHttpRequest' },
  });
  expect(response.status(), path).toBe(200);
  return (await response.json()) as T;
}

/** The row's Actions, then its one action. */
async function removeFromList(page: Page, brand: string, model: string) {
  await rowOf(page, brand, model)
    .getByRole('button', { name: `Actions for ${brand} ${model}` })
    .click();
  await page.getByRole('menuitem', { name: 'Remove from Exclusion List' }).click();
}

test.describe('equipment exclusions', () => {
  test('the sub-nav, the 13 columns (and who excluded when) and the excluded models with their cells', async ({ page, server }) => {
    await server.loginAs(page);
    await page.goto(`${server.url}/dashboard/equipments/exclusions`);

    const nav = page.getByRole('navigation', { name: 'Exclusions' });
    await expect(nav.getByRole('link', { name: 'Equipments Exclusions' })).toHaveAttribute('aria-current', 'page');
    await expect(nav.getByRole('link', { name: 'Brands Exclusions' })).not.toHaveAttribute('aria-current', 'page');

    await expectColumns(page, columns);
    const row = rowOf(page, 'Caterpillar', 'M318');
    await expect(row.getByRole('gridcell')).toHaveText([
      '',
      'Construction Equipment',
      'Excavators',
      'Caterpillar',
      'M318',
      '2022',
      "M318: see the manufacturer's data sheet.",
      'Caterpillar M318, 2022.',
      'wheeled',
      'Yes',
      'Yes',
      'Caterpillar M318 - Excavators Catalog',
      'Caterpillar M318 specifications.',
      'Demo Operator',
      utcTime,
      /^Actions/,
    ]);
    // Tags are joined by commas.
    await expect(rowOf(page, 'Komatsu', 'PC490LC-11').getByRole('gridcell').nth(8)).toHaveText('crawler, large');
    await expect(bodyRows(page)).toHaveCount(2);
    await expectNoSeriousA11yViolations(page);

    await nav.getByRole('link', { name: 'Brands Exclusions' }).click();
    await expect(page).toHaveURL(`${server.url}/dashboard/equipments/exclusions/brands`);
    await expect(nav.getByRole('link', { name: 'Brands Exclusions' })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('grid', { name: 'Excluded brands' }).locator('tbody tr.data-table__row')).toHaveCount(1);

    // Back to a list already in the cache: its rows show at once.
    await nav.getByRole('link', { name: 'Equipments Exclusions' }).click();
    await expect(nav.getByRole('link', { name: 'Equipments Exclusions' })).toHaveAttribute('aria-current', 'page');
    await expect(bodyRows(page)).toHaveCount(2);
  });

  test('at 1280 px every header reads in full and the Actions button is not cut', async ({ page, server }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await server.loginAs(page);
    await page.goto(`${server.url}/dashboard/equipments/exclusions`);
    await expect(bodyRows(page)).toHaveCount(2);
    await expectHeadersInFull(grid(page));
    const remove = rowOf(page, 'Caterpillar', 'M318').getByRole('button', { name: 'Actions for Caterpillar M318' });
    const [button, cell] = await remove.evaluate((b) => [b.getBoundingClientRect(), b.closest('td')!.getBoundingClientRect()]);
    expect(button!.right).toBeLessThanOrEqual(cell!.right);
    expect(await remove.evaluate((b) => b.scrollWidth <= b.clientWidth)).toBe(true);
  });

  test('Manufactured and Brand Active read No for false flags', async ({ page, makeServer }) => {
    const server = await makeServer();
    await server.db
      .update(equipments)
      .set({ isManufactured: false, isBrandStillManufactured: false, tags: [], year: null })
      .where(and(eq(equipments.brand, 'Komatsu'), eq(equipments.model, 'PC490LC-11')));
    await server.loginAs(page);
    await page.goto(`${server.url}/dashboard/equipments/exclusions`);
    const cells = rowOf(page, 'Komatsu', 'PC490LC-11').getByRole('gridcell');
    await expect(cells.nth(9)).toHaveText('No');
    await expect(cells.nth(10)).toHaveText('No');
    await expect(cells.nth(5)).toHaveText('—');
  });

  test('sort and quick filter live in the URL and survive a reload', async ({ page, server }) => {
    await server.loginAs(page);
    await page.goto(`${server.url}/dashboard/equipments/exclusions`);
    await expect(bodyRows(page)).toHaveCount(2);

    await grid(page).getByRole('button', { name: 'Brand', exact: true }).click();
    await expect(page).toHaveURL(/[?&]sort=brand&dir=asc/);
    await expect(grid(page).getByRole('columnheader', { name: 'Brand', exact: true })).toHaveAttribute('aria-sort', 'ascending');
    await expect(bodyRows(page).first().getByRole('gridcell').nth(3)).toHaveText('Caterpillar');
    await grid(page).getByRole('button', { name: 'Brand', exact: true }).click();
    await expect(page).toHaveURL(/[?&]sort=brand&dir=desc/);
    await expect(bodyRows(page).first().getByRole('gridcell').nth(3)).toHaveText('Komatsu');

    await page.getByRole('searchbox', { name: 'Filter exclusions' }).fill('wheeled');
    await expect(page).toHaveURL(/[?&]q=wheeled/);
    await expect(bodyRows(page)).toHaveCount(1);
    await page.reload();
    await expect(page.getByRole('searchbox', { name: 'Filter exclusions' })).toHaveValue('wheeled');
    await expect(bodyRows(page)).toHaveCount(1);
    await expect(rowOf(page, 'Caterpillar', 'M318')).toHaveCount(1);

    await page.getByRole('searchbox', { name: 'Filter exclusions' }).fill('no such model');
    await expect(grid(page)).toContainText('No exclusions match the filter.');
  });

  test('Remove from Exclusion List: the toast, the row leaves, it stays gone, and the model reads not excluded', async ({
    page,
    makeServer,
    request,
  }) => {
    const server = await makeServer();
    const { token } = await server.loginAs(page);
    await page.goto(`${server.url}/dashboard/equipments/exclusions`);
    await expect(bodyRows(page)).toHaveCount(2);
    expect(await excludedFlag(request, server, token, 'Caterpillar', 'M318')).toBe(true);

    await removeFromList(page, 'Caterpillar', 'M318');
    await expect(page.getByRole('status').filter({ hasText: 'Caterpillar - M318 removed from the exclusion list.' })).toBeVisible();
    await expect(rowOf(page, 'Caterpillar', 'M318')).toHaveCount(0);
    await expect(bodyRows(page)).toHaveCount(1);
    expect(await excludedFlag(request, server, token, 'Caterpillar', 'M318')).toBe(false);

    await page.reload();
    await expect(rowOf(page, 'Komatsu', 'PC490LC-11')).toHaveCount(1);
    await expect(rowOf(page, 'Caterpillar', 'M318')).toHaveCount(0);

    // Removing the last one leaves the empty state.
    await removeFromList(page, 'Komatsu', 'PC490LC-11');
    await expect(page.getByRole('status').filter({ hasText: 'Komatsu - PC490LC-11 removed from the exclusion list.' })).toBeVisible();
    await expect(grid(page)).toContainText('No excluded exclusions found.');
    await expectNoSeriousA11yViolations(page);
  });

  test("a failed removal says 'Failed to remove equipment from exclusion.' and keeps the row", async ({ page, makeServer }) => {
    const server = await makeServer();
    await server.loginAs(page);
    await page.goto(`${server.url}/dashboard/equipments/exclusions`);
    await expect(bodyRows(page)).toHaveCount(2);

    await server.breakTable('equipment_exclusions');
    await removeFromList(page, 'Caterpillar', 'M318');
    await expect(page.getByRole('alert').filter({ hasText: 'Failed to remove equipment from exclusion.' })).toBeVisible();
    await expect(rowOf(page, 'Caterpillar', 'M318')).toHaveCount(1);
    await expectNoSeriousA11yViolations(page);
  });

  test("'No excluded exclusions found.' on a server without exclusions", async ({ page, makeServer }) => {
    const server = await makeServer();
    await server.db.delete(equipmentExclusions);
    await server.loginAs(page);
    await page.goto(`${server.url}/dashboard/equipments/exclusions`);
    await expect(grid(page)).toContainText('No excluded exclusions found.');
    await expect(bodyRows(page)).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);
  });

  test('a spinner while the list loads', async ({ page, makeServer }) => {
    const server = await makeServer();
    await server.loginAs(page);
    const lock = await server.lockTable('equipment_exclusions');
    try {
      await page.goto(`${server.url}/dashboard/equipments/exclusions`);
      await expect(grid(page).getByRole('status', { name: 'Loading' })).toBeVisible();
      await expectNoSeriousA11yViolations(page);
    } finally {
      await lock.release();
    }
    await expect(bodyRows(page)).toHaveCount(2);
  });

  test("'Failed to fetch exclusions.' when the list cannot be read, and a retry", async ({ page, makeServer }) => {
    const server = await makeServer();
    await server.breakTable('equipment_exclusions');
    await server.loginAs(page);
    await page.goto(`${server.url}/dashboard/equipments/exclusions`);
    const alert = grid(page).getByRole('alert');
    await expect(alert).toContainText('Failed to fetch exclusions.', { timeout: 15_000 });
    await expectNoSeriousA11yViolations(page);

    await server.db.execute(sql.raw('alter table "equipment_exclusions_broken" rename to "equipment_exclusions"'));
    await alert.getByRole('button', { name: 'Try again' }).click();
    await expect(bodyRows(page)).toHaveCount(2);
  });

  test('the token-era removal by brand and model un-excludes through the literal {id} path', async ({ makeServer, request }) => {
    const server = await makeServer();
    const id = await equipmentId(server, 'Caterpillar', 'M318');
    const login = await request.post(`${server.url}/api/login`, { data: demoOperator });
    const { token } = (await login.json()) as { token: string };
    const response = await request.post(`${server.url}/api/equipments/exclusions/%7Bid%7D`, {
      headers: { Authorization: `Bearer ${token}`, 'X-Requested-With': 'XMLHttpRequest' },
      data: { data: { brand: 'Caterpillar', model: 'M318' } },
    });
    expect(response.status()).toBe(200);
    // The product's message, and (docs/decisions/0011-undo-as-a-journal-of-exclusion-changes.md) the change to undo.
    expect(await response.json()).toEqual({
      message: 'Caterpillar - M318 removed from the exclusion list.',
      undo: { change_id: expect.any(Number) },
    });
    const rows = await server.db.select().from(equipmentExclusions).where(eq(equipmentExclusions.equipmentId, id));
    expect(rows).toHaveLength(0);
  });
});
