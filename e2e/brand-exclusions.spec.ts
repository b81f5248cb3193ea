import { eq, inArray } from 'drizzle-orm';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { brandExclusions, brands } from '../server/db/schema';
import { expectNoSeriousA11yViolations } from './axe';
import { expectHeadersInFull } from './grid-headers';
import { expect, test, type TestServer } from './fixtures';

/** docs/product.md#brand-exclusions: /dashboard/equipments/exclusions/brands and /dashboard/brands/exclusions. */

const placeholder = '/brand-logo-placeholder.svg';
const loadableLogo =
  'data:image/svg+xml,' +
  encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"><rect width="8" height="8" fill="red"/></svg>');

const grid = (page: Page) => page.getByRole('grid', { name: 'Excluded brands' });
const bodyRows = (page: Page) => grid(page).locator('tbody tr.data-table__row');
const rowOf = (page: Page, name: string) => bodyRows(page).filter({ has: page.getByRole('gridcell', { name, exact: true }) });
const expander = (page: Page, name: string) => grid(page).getByRole('button', { name: `Brand information for ${name}` });
const infoPanel = (page: Page, name: string) => page.getByRole('region', { name: `Brand information for ${name}` });

/** The column headers' accessible names, in order (the sort arrows are decoration). */
async function expectColumns(page: Page, names: string[]) {
  const headers = grid(page).getByRole('columnheader');
  await expect(headers).toHaveCount(names.length);
  for (const [index, name] of names.entries()) await expect(headers.nth(index)).toHaveAccessibleName(name);
}

/** The brand information panel's fields as label -> text. */
async function infoFields(panel: Locator): Promise<Record<string, string>> {
  const labels = await panel.locator('dt').allTextContents();
  const values = await panel.locator('dd').allTextContents();
  return Object.fromEntries(labels.map((label, i) => [label.trim(), values[i]?.trim() ?? '']));
}

async function brandIds(server: TestServer, names: string[]): Promise<Record<string, number>> {
  const rows = await server.db.select({ id: brands.id, name: brands.name }).from(brands).where(inArray(brands.name, names));
  return Object.fromEntries(rows.map((r) => [r.name, r.id]));
}

/**
 * The demo excludes Hitachi (no logo; LinkedIn only; an address, no phone or email). This adds Caterpillar (a logo
 * that fails to load; LinkedIn and X; website, country and email), Komatsu (a logo that loads; malformed socials)
 * and Volvo CE (Crunchbase, Facebook and two unsafe links).
 */
async function excludeMore(server: TestServer) {
  const ids = await brandIds(server, ['Caterpillar', 'Komatsu', 'Volvo CE']);
  await server.db.update(brands).set({ logo: loadableLogo, socials: '[{"type":"x","url":' }).where(eq(brands.id, ids.Komatsu!));
  // The demo's logos all load now (docs/product.md#keyboard-focus-and-feedback): a logo address that answers nothing stands for a broken one.
  await server.db.update(brands).set({ logo: '/brand-logos/no-such-logo.png' }).where(eq(brands.id, ids.Caterpillar!));
  await server.db
    .update(brands)
    .set({
      socials: JSON.stringify([
        { type: 'crunchbase', url: 'https://www.crunchbase.com/organization/volvo-ce' },
        { type: 'x', url: 'javascript:alert(1)' },
        { type: 'myspace', url: 'https://myspace.com/volvo' },
        { type: 'facebook', url: 'https://www.facebook.com/volvoce' },
      ]),
    })
    .where(eq(brands.id, ids['Volvo CE']!));
  await server.db.insert(brandExclusions).values([ids.Caterpillar!, ids.Komatsu!, ids['Volvo CE']!].map((brandId) => ({ brandId })));
}

async function excludedFlag(request: APIRequestContext, server: TestServer, token: string, id: number): Promise<boolean> {
  const response = await request.get(`${server.url}/api/brands/${id}`, {
    headers: { Authorization: `Bearer ${token}`, 'X-Requested-With': 'XMLHttpRequest' },
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { brand: { excluded: boolean } }).brand.excluded;
}

test.describe('brand exclusions', () => {
  test('under the exclusions sub-nav: the six columns, a row expanding to its brand information with N/A', async ({ page, server }) => {
    // At 1280 px the headers read in full.
    await page.setViewportSize({ width: 1280, height: 800 });
    await server.loginAs(page);
    await page.goto(`${server.url}/dashboard/equipments/exclusions/brands`);

    const nav = page.getByRole('navigation', { name: 'Exclusions' });
    await expect(nav.getByRole('link', { name: 'Brands Exclusions' })).toHaveAttribute('aria-current', 'page');
    await expect(nav.getByRole('link', { name: 'Equipments Exclusions' })).not.toHaveAttribute('aria-current', 'page');

    await expectColumns(page, [
      'Select brands',
      'Brand information',
      'Category',
      'Subcategory',
      'Name',
      'SEO Title',
      'SEO Description',
      'Excluded by',
      'Excluded at',
      'Actions',
    ]);
    await expectHeadersInFull(grid(page));
    const cells = rowOf(page, 'Hitachi').getByRole('gridcell');
    await expect(cells).toHaveCount(10);
    await expect(cells.nth(2)).toHaveText('Construction Equipment');
    await expect(cells.nth(3)).toHaveText('Excavators');
    await expect(cells.nth(4)).toHaveText('Hitachi');
    await expect(cells.nth(5)).toHaveText('Hitachi Excavators');
    await expect(cells.nth(6)).toHaveText('Hitachi excavators: models, specifications and years.');
    // Who excluded it (the demo seed's operator) and when (UTC, en-US).
    await expect(cells.nth(7)).toHaveText('Demo Operator');
    await expect(cells.nth(8)).toHaveText(/^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{2}:\d{2} [AP]M$/);
    await expect(cells.nth(9).getByRole('button', { name: 'Actions for Hitachi' })).toBeVisible();
    await expect(grid(page).getByRole('img')).toHaveCount(0);
    await expect(grid(page).getByRole('link')).toHaveCount(0);

    await expect(expander(page, 'Hitachi')).toHaveAttribute('aria-expanded', 'false');
    await expander(page, 'Hitachi').click();
    await expect(expander(page, 'Hitachi')).toHaveAttribute('aria-expanded', 'true');
    expect(await infoFields(infoPanel(page, 'Hitachi'))).toEqual({
      Website: 'https://www.hitachicm.com',
      Country: 'Japan',
      Address: 'Japan headquarters',
      'Phone Number': 'N/A',
      Email: 'N/A',
    });
    await expect(infoPanel(page, 'Hitachi').getByRole('link', { name: 'https://www.hitachicm.com' })).toHaveAttribute(
      'rel',
      'noopener noreferrer',
    );
    await expectNoSeriousA11yViolations(page);

    await expander(page, 'Hitachi').click();
    await expect(infoPanel(page, 'Hitachi')).toHaveCount(0);

    await nav.getByRole('link', { name: 'Equipments Exclusions' }).click();
    await expect(page).toHaveURL(`${server.url}/dashboard/equipments/exclusions`);
  });

  test('the variant with Logo and Socials: placeholder logos, safe icon links, nothing for malformed socials', async ({
    page,
    makeServer,
  }) => {
    const server = await makeServer();
    await excludeMore(server);
    await server.loginAs(page);
    await page.goto(`${server.url}/dashboard/brands/exclusions`);

    await expect(page.getByRole('navigation', { name: 'Exclusions' })).toHaveCount(0);
    await expectColumns(page, [
      'Select brands',
      'Brand information',
      'Logo',
      'Category',
      'Subcategory',
      'Name',
      'SEO Title',
      'SEO Description',
      'Socials',
      'Excluded by',
      'Excluded at',
      'Actions',
    ]);
    await expect(bodyRows(page)).toHaveCount(4);
    // Excluded without an operator (as here, straight into the table): who is unknown, a dash read "None".
    await expect(rowOf(page, 'Komatsu').getByRole('gridcell').nth(9)).toHaveText('—None');

    // Logos: none -> placeholder; one that fails to load -> placeholder; one that loads stays.
    await expect(rowOf(page, 'Hitachi').getByRole('img', { name: 'No logo for Hitachi' })).toHaveAttribute('src', placeholder);
    await expect(rowOf(page, 'Caterpillar').getByRole('img', { name: 'No logo for Caterpillar' })).toHaveAttribute('src', placeholder);
    const komatsuLogo = rowOf(page, 'Komatsu').getByRole('img', { name: 'Komatsu logo' });
    await expect(komatsuLogo).toHaveAttribute('src', loadableLogo);
    await expect.poll(() => komatsuLogo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(8);
    const placeholderLoaded = rowOf(page, 'Hitachi').getByRole('img');
    await expect.poll(() => placeholderLoaded.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);

    // Socials: one icon link per valid item, opening safely in a new tab.
    const caterpillar = rowOf(page, 'Caterpillar').getByRole('list', { name: 'Caterpillar socials' }).getByRole('link');
    await expect(caterpillar).toHaveCount(2);
    const linkedin = page.getByRole('link', { name: 'Caterpillar on LinkedIn' });
    await expect(linkedin).toHaveAttribute('href', 'https://www.linkedin.com/company/caterpillar');
    await expect(linkedin).toHaveAttribute('target', '_blank');
    await expect(linkedin).toHaveAttribute('rel', 'noopener noreferrer');
    await expect(page.getByRole('link', { name: 'Caterpillar on X' })).toHaveAttribute('href', 'https://x.com/Caterpillar');
    await expect(linkedin.locator('svg')).toHaveCount(1);

    const volvo = rowOf(page, 'Volvo CE').getByRole('link');
    await expect(volvo).toHaveCount(2);
    await expect(page.getByRole('link', { name: 'Volvo CE on Crunchbase' })).toHaveAttribute(
      'href',
      'https://www.crunchbase.com/organization/volvo-ce',
    );
    await expect(page.getByRole('link', { name: 'Volvo CE on Facebook' })).toHaveAttribute('href', 'https://www.facebook.com/volvoce');
    await expect(rowOf(page, 'Komatsu').getByRole('link')).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);

    await expander(page, 'Caterpillar').click();
    expect(await infoFields(infoPanel(page, 'Caterpillar'))).toEqual({
      Website: 'https://www.cat.com',
      Country: 'United States',
      Address: 'N/A',
      'Phone Number': 'N/A',
      Email: 'info@cat.com',
    });
    await expectNoSeriousA11yViolations(page);
  });

  test('sort and quick filter live in the URL and survive a reload', async ({ page, makeServer }) => {
    const server = await makeServer();
    await excludeMore(server);
    await server.loginAs(page);
    await page.goto(`${server.url}/dashboard/brands/exclusions`);
    await expect(bodyRows(page)).toHaveCount(4);

    await grid(page).getByRole('button', { name: 'Name', exact: true }).click();
    await expect(page).toHaveURL(/[?&]sort=name&dir=asc/);
    await expect(bodyRows(page).first()).toContainText('Caterpillar');
    await grid(page).getByRole('button', { name: 'Name', exact: true }).click();
    await expect(page).toHaveURL(/[?&]sort=name&dir=desc/);
    await expect(bodyRows(page).first()).toContainText('Volvo CE');

    await page.getByRole('searchbox', { name: 'Filter excluded brands' }).fill('koma');
    await expect(page).toHaveURL(/[?&]q=koma/);
    await expect(bodyRows(page)).toHaveCount(1);
    await page.reload();
    await expect(page.getByRole('searchbox', { name: 'Filter excluded brands' })).toHaveValue('koma');
    await expect(bodyRows(page)).toHaveCount(1);
    await expect(rowOf(page, 'Komatsu')).toHaveCount(1);
  });

  test('Actions: only Remove from Exclusion, which un-excludes for good', async ({ page, makeServer, request }) => {
    const server = await makeServer();
    const { token } = await server.loginAs(page);
    const { Hitachi: hitachiId } = await brandIds(server, ['Hitachi']);
    expect(await excludedFlag(request, server, token, hitachiId!)).toBe(true);
    await page.goto(`${server.url}/dashboard/equipments/exclusions/brands`);
    await expect(bodyRows(page)).toHaveCount(1);

    await rowOf(page, 'Hitachi').getByRole('button', { name: 'Actions for Hitachi' }).click();
    const menu = page.getByRole('menu');
    // Only what can be done here: Edit and Add to Exclusion could never be chosen on this list.
    await expect(menu.getByRole('menuitem')).toHaveText(['Remove from Exclusion']);
    await expectNoSeriousA11yViolations(page);

    await menu.getByRole('menuitem', { name: 'Remove from Exclusion' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Hitachi removed from exclusion list.' })).toBeVisible();
    await expect(rowOf(page, 'Hitachi')).toHaveCount(0);
    await expect(grid(page)).toContainText('No excluded brands found.');
    expect(await excludedFlag(request, server, token, hitachiId!)).toBe(false);
    await expectNoSeriousA11yViolations(page);

    await page.reload();
    await expect(grid(page)).toContainText('No excluded brands found.');
    await page.goto(`${server.url}/dashboard/brands/exclusions`);
    await expect(grid(page)).toContainText('No excluded brands found.');
    await expect(bodyRows(page)).toHaveCount(0);
  });

  test("a failed removal shows 'Error: ' and the server's message, and keeps the row", async ({ page, makeServer }) => {
    const server = await makeServer();
    await server.loginAs(page);
    await page.goto(`${server.url}/dashboard/brands/exclusions`);
    await expect(bodyRows(page)).toHaveCount(1);

    // The brand is deleted behind the screen's back: the server answers 404 'Brand not found.'
    await server.db.delete(brands).where(eq(brands.name, 'Hitachi'));
    await rowOf(page, 'Hitachi').getByRole('button', { name: 'Actions for Hitachi' }).click();
    await page.getByRole('menuitem', { name: 'Remove from Exclusion' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Error: Brand not found.' })).toBeVisible();
    await expect(rowOf(page, 'Hitachi')).toHaveCount(1);
    await expectNoSeriousA11yViolations(page);
  });

  test("'Failed to fetch exclusions.' when the list cannot be read", async ({ page, makeServer }) => {
    const server = await makeServer();
    await server.breakTable('brand_exclusions');
    await server.loginAs(page);
    for (const path of ['/dashboard/brands/exclusions', '/dashboard/equipments/exclusions/brands']) {
      await page.goto(`${server.url}${path}`);
      const alert = grid(page).getByRole('alert');
      await expect(alert).toContainText('Failed to fetch exclusions.', { timeout: 15_000 });
      await expect(alert.getByRole('button', { name: 'Try again' })).toBeVisible();
      await expectNoSeriousA11yViolations(page);
    }
  });
});
