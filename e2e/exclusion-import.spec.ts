import { count, eq } from 'drizzle-orm';
import type { Page } from '@playwright/test';
import { brandExclusions, brands, equipmentExclusions, subcategories } from '../server/db/schema';
import { expectNoSeriousA11yViolations } from './axe';
import { expect, test, type TestServer } from './fixtures';

/** docs/decisions/0009-importing-exclusions.md: importing exclusions from a CSV file, with a preview before anything changes. */

const dialog = (page: Page) => page.getByRole('dialog', { name: 'Import exclusions from a CSV file' });
const importButton = (page: Page) => page.getByRole('button', { name: 'Import CSV' });
const csvFile = (name: string, content: string | Buffer) => ({
  name,
  mimeType: 'text/csv',
  buffer: Buffer.isBuffer(content) ? content : Buffer.from(content),
});

async function excludedCounts(server: TestServer) {
  const [brandRows] = await server.db.select({ n: count() }).from(brandExclusions);
  const [modelRows] = await server.db.select({ n: count() }).from(equipmentExclusions);
  return { brands: brandRows?.n, models: modelRows?.n };
}

test.use({ viewport: { width: 1280, height: 800 } });

test('a brands file: the preview tells one match, several and none apart; Exclude excludes the one, once', async ({ makeServer, page }) => {
  const server = await makeServer();
  // A second Genelec, so that the name alone matches two brands.
  const [microphones] = await server.db.select({ id: subcategories.id }).from(subcategories).where(eq(subcategories.name, 'Microphones'));
  await server.db.insert(brands).values({ name: 'Genelec', subcategoryId: microphones!.id });
  await server.loginAs(page);
  await page.goto(`${server.url}/dashboard/brands/exclusions`);
  const grid = page.getByRole('grid', { name: 'Excluded brands' });
  await expect(grid.getByRole('gridcell', { name: 'Hitachi', exact: true })).toBeVisible();

  // The button sits on the toolbar's one line, beside the filter.
  const filterBox = await page.getByRole('searchbox', { name: 'Filter excluded brands' }).boundingBox();
  const buttonBox = await importButton(page).boundingBox();
  expect(Math.abs((buttonBox?.y ?? 0) + (buttonBox?.height ?? 0) / 2 - ((filterBox?.y ?? 0) + (filterBox?.height ?? 0) / 2))).toBeLessThan(
    8,
  );

  await importButton(page).click();
  await expect(dialog(page)).toBeVisible();
  await expect(dialog(page)).toContainText('brand (to exclude brands) or brand,model (to exclude models)');
  await expectNoSeriousA11yViolations(page);

  await dialog(page).getByLabel('CSV file').setInputFiles(csvFile('brands.csv', 'brand\nNeumann\nGenelec\nNobody Audio\n'));
  const lines = dialog(page).getByRole('region', { name: "The file's lines" });
  await expect(lines).toContainText('1 line to exclude (one brand each)');
  await expect(lines).toContainText('Line 2: Neumann - Studio Monitors, Audio Equipment');
  await expect(lines).toContainText('1 line skipped: several brands have that name');
  await expect(lines).toContainText('Line 3: Genelec - Studio Monitors, Audio Equipment; Microphones, Audio Equipment');
  await expect(lines).toContainText('1 line skipped: no brand has that name');
  await expect(lines).toContainText('Line 4: Nobody Audio');
  await expectNoSeriousA11yViolations(page);
  // Nothing has changed yet.
  expect(await excludedCounts(server)).toEqual({ brands: 1, models: 2 });

  const applied: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/exclusions/import') applied.push(request.url());
  });
  await dialog(page).getByRole('button', { name: 'Exclude 1 brand' }).dblclick();
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: '1 brand excluded; 1 line skipped: several brands have that name; 1 line skipped: no brand has that name.' }),
  ).toBeVisible();
  await expect(dialog(page)).toBeHidden();
  await expect(importButton(page)).toBeFocused();
  await expect(grid.getByRole('gridcell', { name: 'Neumann', exact: true })).toBeVisible();
  expect(applied).toHaveLength(1);
  expect(await excludedCounts(server)).toEqual({ brands: 2, models: 2 });

  // The import is one change: its toast's Undo takes it back whole (docs/decisions/0011-undo-as-a-journal-of-exclusion-changes.md).
  const toast = page.getByRole('listitem').filter({ has: page.getByRole('status').filter({ hasText: '1 brand excluded;' }) });
  await toast.getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Undone: Neumann removed from the exclusion list again.' })).toBeVisible();
  await expect(grid.getByRole('gridcell', { name: 'Neumann', exact: true })).toHaveCount(0);
  expect(await excludedCounts(server)).toEqual({ brands: 1, models: 2 });
});

test('a bad file shows its error in the dialog and changes nothing', async ({ makeServer, page }) => {
  const server = await makeServer();
  await server.loginAs(page);
  await page.goto(`${server.url}/dashboard/equipments/exclusions`);
  await expect(page.getByRole('grid', { name: 'Excluded equipment' }).getByRole('gridcell', { name: 'M318', exact: true })).toBeVisible();
  const before = await excludedCounts(server);

  await importButton(page).click();
  const input = dialog(page).getByLabel('CSV file');
  await input.setInputFiles(csvFile('latin1.csv', Buffer.from('brand,model\nBr\u00fcel & Kj\u00e6r,Type 4190\n', 'latin1')));
  await expect(dialog(page).getByRole('alert')).toHaveText(
    'The file is not UTF-8 text: save it as "CSV UTF-8" (comma delimited) and try again.',
  );
  await expect(dialog(page).getByRole('button', { name: /^Exclude/ })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  await input.setInputFiles(csvFile('models.csv', 'Genelec,8341A\n'));
  await expect(dialog(page).getByRole('alert')).toContainText('"Genelec" is not a column name.');

  // A good file after a bad one: the error goes, the preview comes.
  await input.setInputFiles(csvFile('models.csv', 'brand,model\nGenelec,8341A\nCaterpillar,M318\n'));
  await expect(dialog(page).getByRole('alert')).toHaveCount(0);
  await expect(dialog(page).getByRole('region', { name: "The file's lines" })).toContainText('1 line already excluded');
  await expect(dialog(page).getByRole('button', { name: 'Exclude 1 model' })).toBeEnabled();

  await dialog(page).getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog(page)).toBeHidden();
  await expect(importButton(page)).toBeFocused();
  expect(await excludedCounts(server)).toEqual(before);
});
