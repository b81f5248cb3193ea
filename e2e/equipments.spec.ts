import { and, eq } from 'drizzle-orm';
import type { Locator, Page } from '@playwright/test';
import { modelTypes, statusNames } from '../contract/statuses';
import { brands, categories, equipments, statuses, subcategories } from '../server/db/schema';
import { expectNoSeriousA11yViolations } from './axe';
import { expect, test, type TestServer } from './fixtures';
import { changeBalance } from '../server/tokens/ledger';

/** docs/product.md#equipments-screen, with #statuses, #validation and #messages-and-errors: the categories and subcategories, their actions and dialogs. */

const main = (page: Page) => page.getByRole('main');
const categoriesPanel = (page: Page) => main(page).getByRole('region', { name: 'Categories', exact: true });
const subcategoriesPanel = (page: Page) => main(page).getByRole('region', { name: /^Subcategories of/ });
const categoryButton = (page: Page, name: string) =>
  categoriesPanel(page).getByRole('button', { name: new RegExp(`^${escape(name)}\\s*\\d+ subcategor`) });
const subcategoryItem = (page: Page, name: string) =>
  subcategoriesPanel(page)
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { level: 3, name, exact: true }) });
const dialog = (page: Page, name: string | RegExp) => page.getByRole('dialog', { name });

function escape(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

async function openScreen(page: Page, server: TestServer) {
  await server.loginAs(page);
  await page.goto(`${server.url}/dashboard/equipments`);
  await expect(categoriesPanel(page)).toBeVisible();
}

async function chooseCategory(page: Page, name: string) {
  await categoryButton(page, name).click();
  await expect(subcategoriesPanel(page)).toHaveAccessibleName(`Subcategories of ${name}`);
}

async function openActions(page: Page, item: Locator) {
  await item.getByRole('button', { name: /^Actions for/ }).click();
  const menu = page.getByRole('menu');
  await expect(menu).toBeVisible();
  return menu;
}

async function subcategoryRow(server: TestServer, name: string) {
  const [row] = await server.db.select().from(subcategories).where(eq(subcategories.name, name));
  if (!row) throw new Error(`no subcategory ${name}`);
  return row;
}

test.describe('equipments screen', () => {
  test('the tab bar, the first category selected, its subcategories with counts, statuses and actions', async ({ page, server }) => {
    await openScreen(page, server);
    const tabs = main(page).getByRole('navigation', { name: 'Equipments sections' });
    await expect(tabs.getByRole('link', { name: 'All Equipments' })).toHaveAttribute('aria-current', 'page');
    await expect(tabs.getByRole('link', { name: 'Exclusions' })).toHaveAttribute('href', '/dashboard/equipments/exclusions');

    // Categories by name: the first is selected by default, in the header too.
    const names = (await server.db.select({ name: categories.name }).from(categories))
      .map((c) => c.name)
      .sort((a, b) => a.localeCompare(b));
    const buttons = categoriesPanel(page).getByRole('button', { name: /subcategor/ });
    await expect(buttons).toHaveCount(names.length);
    await expect(buttons.first()).toHaveAttribute('aria-current', 'true');
    await expect(buttons.first()).toContainText(names[0]!);
    await expect(page.getByRole('banner').getByRole('button', { name: /^Category/ })).toContainText(names[0]!);

    await chooseCategory(page, 'Construction Equipment');
    await expect(categoryButton(page, 'Construction Equipment')).toHaveAttribute('aria-current', 'true');
    await expect(page.getByRole('banner').getByRole('button', { name: /^Category/ })).toContainText('Construction Equipment');

    // Excavators: 6 models, generated, every action.
    const excavators = subcategoryItem(page, 'Excavators');
    await expect(excavators).toContainText('6 models');
    await expect(excavators.getByText('Generated', { exact: true })).toBeVisible();
    await expect(excavators.getByRole('button', { name: 'View Equipments' })).toBeVisible();
    await expect(excavators.getByRole('button', { name: 'History', exact: true })).toBeVisible();
    let menu = await openActions(page, excavators);
    await expect(menu.getByRole('menuitem')).toHaveText(['View Items', 'History', 'Generate Items', 'View Brands', 'Change Category']);
    await expectNoSeriousA11yViolations(page);
    await page.keyboard.press('Escape');

    // Bulldozers: no items, no equipment status, no history.
    const bulldozers = subcategoryItem(page, 'Bulldozers');
    await expect(bulldozers).toContainText('0 models');
    await expect(bulldozers.getByText('Not Generated', { exact: true })).toBeVisible();
    await expect(bulldozers.getByRole('button', { name: 'View Equipments' })).toHaveCount(0);
    await expect(bulldozers.getByRole('button', { name: 'History', exact: true })).toHaveCount(0);
    menu = await openActions(page, bulldozers);
    await expect(menu.getByRole('menuitem')).toHaveText(['Generate Items', 'View Brands', 'Change Category']);
    await page.keyboard.press('Escape');
    await expect(bulldozers.getByRole('button', { name: /^Actions for/ })).toBeFocused();
  });

  test('History without items: a subcategory whose equipment generation ran but left no items', async ({ page, makeServer }) => {
    const server = await makeServer();
    const sprayers = await subcategoryRow(server, 'Sprayers');
    const [brand] = await server.db.insert(brands).values({ subcategoryId: sprayers.id, name: 'Amazone' }).returning();
    await server.db.insert(statuses).values({
      name: statusNames.failed,
      message: 'The provider did not answer in time.',
      modelType: modelTypes.equipment,
      brandId: brand!.id,
      subcategoryId: sprayers.id,
    });
    await openScreen(page, server);
    await chooseCategory(page, 'Agricultural Machinery');
    const item = subcategoryItem(page, 'Sprayers');
    await expect(item).toContainText('0 models');
    await expect(item.getByText('Failed', { exact: true })).toBeVisible();
    await expect(item.getByRole('button', { name: 'View Equipments' })).toHaveCount(0);
    const menu = await openActions(page, item);
    await expect(menu.getByRole('menuitem')).toHaveText(['History', 'Generate Items', 'View Brands', 'Change Category']);
    await menu.getByRole('menuitem', { name: 'History' }).click();
    const history = dialog(page, 'History');
    await expect(history).toBeVisible();
    await expect(history.getByText('No history yet.')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.keyboard.press('Escape');
    await expect(history).toHaveCount(0);
    await expect(item.getByRole('button', { name: /^Actions for/ })).toBeFocused();
  });

  test("'No subcategories available for {category}'", async ({ page, server }) => {
    await openScreen(page, server);
    await chooseCategory(page, 'Drones');
    await expect(subcategoriesPanel(page).getByText('No subcategories available for Drones', { exact: true })).toBeVisible();
    await expect(subcategoriesPanel(page).getByRole('listitem')).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);
  });

  test('a loader while the categories load', async ({ page, makeServer }) => {
    const server = await makeServer();
    await server.loginAs(page);
    const lock = await server.lockTable('categories');
    try {
      await page.goto(`${server.url}/dashboard/equipments`);
      await expect(main(page).getByRole('status', { name: 'Loading categories and equipment' })).toBeVisible();
      await expect(categoriesPanel(page)).toHaveCount(0);
      await expectNoSeriousA11yViolations(page);
    } finally {
      await lock.release();
    }
    await expect(categoriesPanel(page)).toBeVisible();
    await expect(main(page).getByRole('status', { name: 'Loading categories and equipment' })).toHaveCount(0);
  });

  test("an error box when the categories cannot be fetched: 'Failed to fetch categories and equipment.'", async ({ page, makeServer }) => {
    const server = await makeServer();
    await server.loginAs(page);
    await server.breakTable('categories');
    await page.goto(`${server.url}/dashboard/equipments`);
    const box = main(page).getByRole('alert');
    await expect(box).toContainText('Failed to fetch categories and equipment.');
    await expect(categoriesPanel(page)).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);
  });

  test('renaming a category inline: Enter saves, Escape and Cancel keep the name, an empty name is refused', async ({
    page,
    makeServer,
  }) => {
    const server = await makeServer();
    await openScreen(page, server);
    const panel = categoriesPanel(page);

    await panel.getByRole('button', { name: 'Rename Construction Equipment' }).click();
    const input = panel.getByRole('textbox', { name: 'Category name' });
    await expect(input).toBeFocused();
    await expect(input).toHaveValue('Construction Equipment');
    await input.fill('Heavy Construction');
    await input.press('Enter');
    await expect(page.getByRole('status').filter({ hasText: 'Category updated successfully!' })).toBeVisible();
    await expect(categoryButton(page, 'Heavy Construction')).toBeVisible();
    await expect(panel.getByRole('button', { name: 'Rename Heavy Construction' })).toBeFocused();
    const [saved] = await server.db.select().from(categories).where(eq(categories.name, 'Heavy Construction'));
    expect(saved).toBeDefined();

    // Escape cancels, after asking (the name was changed): Keep editing keeps it, Discard drops it.
    await panel.getByRole('button', { name: 'Rename Heavy Construction' }).click();
    await input.fill('Not this');
    await input.press('Escape');
    const discard = page.getByRole('alertdialog', { name: 'Discard your changes?' });
    await discard.getByRole('button', { name: 'Keep editing' }).click();
    await expect(input).toHaveValue('Not this');
    await expect(input).toBeFocused();
    await input.press('Escape');
    await discard.getByRole('button', { name: 'Discard' }).click();
    await expect(input).toHaveCount(0);
    await expect(categoryButton(page, 'Heavy Construction')).toBeVisible();

    // Cancel too.
    await panel.getByRole('button', { name: 'Rename Heavy Construction' }).click();
    await input.fill('Nor this');
    await panel.getByRole('button', { name: 'Cancel' }).click();
    await expect(categoryButton(page, 'Heavy Construction')).toBeVisible();

    // An empty name: the server's 422 text beside the field, and the spec's alert.
    await panel.getByRole('button', { name: 'Rename Heavy Construction' }).click();
    await input.fill('   ');
    await panel.getByRole('button', { name: 'Save' }).click();
    await expect(panel.getByRole('alert')).toHaveText('The name is required.');
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByRole('alert').filter({ hasText: 'Failed to update category. Please try again.' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await panel.getByRole('button', { name: 'Cancel' }).click();
    await expect(categoryButton(page, 'Heavy Construction')).toBeVisible();
    const [still] = await server.db.select().from(categories).where(eq(categories.id, saved!.id));
    expect(still?.name).toBe('Heavy Construction');
  });

  test('a category rename that fails on the server raises the alert and changes nothing', async ({ page, makeServer }) => {
    const server = await makeServer();
    await openScreen(page, server);
    const panel = categoriesPanel(page);
    await panel.getByRole('button', { name: 'Rename Drones' }).click();
    await panel.getByRole('textbox', { name: 'Category name' }).fill('Aerial Drones');
    await server.breakTable('categories');
    await panel.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Failed to update category. Please try again.' }).first()).toBeVisible();
    await expect(panel.getByRole('textbox', { name: 'Category name' })).toHaveValue('Aerial Drones');
    await expect(panel.getByText('Failed to update category. Please try again.')).toBeVisible();
  });

  test("renaming a subcategory inline: 'Subcategory updated successfully!'", async ({ page, makeServer }) => {
    const server = await makeServer();
    await openScreen(page, server);
    await chooseCategory(page, 'Construction Equipment');
    const panel = subcategoriesPanel(page);
    await panel.getByRole('button', { name: 'Rename Bulldozers' }).click();
    const input = panel.getByRole('textbox', { name: 'Subcategory name' });
    await input.fill('Crawler Dozers');
    await panel.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Subcategory updated successfully!' })).toBeVisible();
    await expect(subcategoryItem(page, 'Crawler Dozers')).toBeVisible();

    await panel.getByRole('button', { name: 'Rename Crawler Dozers' }).click();
    await input.fill('x'.repeat(256));
    await input.press('Enter');
    await expect(panel.getByRole('alert')).toHaveText('The name may not be longer than 255 characters.');
    await input.press('Escape');
    await page.getByRole('alertdialog', { name: 'Discard your changes?' }).getByRole('button', { name: 'Discard' }).click();
    await expect(subcategoryItem(page, 'Crawler Dozers')).toBeVisible();
  });

  test('Equipment Details: the items, tags joined by commas, Edit (a drawer) / Save shows the server row, Cancel restores', async ({
    page,
    makeServer,
  }) => {
    // A fresh server, two axe passes, an edit cancelled, one saved, the filter and the sort: longer than one check.
    test.slow();
    const server = await makeServer();
    await openScreen(page, server);
    await chooseCategory(page, 'Construction Equipment');
    await subcategoryItem(page, 'Excavators').getByRole('button', { name: 'View Equipments' }).click();
    const details = dialog(page, 'Equipment Details for Excavators');
    await expect(details).toBeVisible();
    await expect(page).toHaveURL(/items=\d+/);
    const grid = details.getByRole('grid', { name: 'Equipment of Excavators' });
    const row = (model: string) => grid.getByRole('row').filter({ has: page.getByText(model, { exact: true }) });
    await expect(grid.getByRole('row')).toHaveCount(7);
    await expect(row('320 GC')).toContainText('crawler, mid-size');
    await expect(row('320 GC')).toContainText('2023');
    await expect(row('M318')).toContainText('Excluded');
    await expectNoSeriousA11yViolations(page);

    // Edit: the row's fields in the editor drawer; the year is numeric.
    await row('320 GC').getByRole('button', { name: 'Actions for Caterpillar 320 GC' }).click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    const editor = dialog(page, 'Edit Caterpillar 320 GC');
    const model = editor.getByRole('textbox', { name: 'Model' });
    const year = editor.getByRole('spinbutton', { name: 'Year' });
    await expect(year).toHaveAttribute('type', 'number');
    await expect(year).toHaveValue('2023');
    await expect(editor.getByRole('textbox', { name: 'Tags' })).toHaveValue('crawler, mid-size');
    await expectNoSeriousA11yViolations(page);

    // Cancel: the row as it was.
    await model.fill('Changed');
    await year.fill('1999');
    await editor.getByRole('button', { name: 'Cancel' }).click();
    await expect(editor).toHaveCount(0);
    await expect(model).toHaveCount(0);
    await expect(row('320 GC')).toContainText('2023');
    await expect(grid.getByText('Changed')).toHaveCount(0);

    // Save: the server's row (it trims the model and normalises the tags).
    await row('320 GC').getByRole('button', { name: 'Actions for Caterpillar 320 GC' }).click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    await model.fill('  320 GC Plus  ');
    await year.fill('2025');
    await editor.getByRole('textbox', { name: 'Tags' }).fill('crawler,  mid-size ,, hybrid');
    const saved = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/equipments/update');
    await editor.getByRole('button', { name: 'Save' }).click();
    expect((await saved).status()).toBe(200);
    await expect(editor).toHaveCount(0);
    await expect(model).toHaveCount(0);
    const savedRow = grid.getByRole('row').filter({ has: page.getByText('320 GC Plus', { exact: true }) });
    await expect(savedRow).toContainText('2025');
    await expect(savedRow).toContainText('crawler, mid-size, hybrid');
    const [stored] = await server.db.select().from(equipments).where(eq(equipments.model, '320 GC Plus'));
    expect(stored?.year).toBe(2025);
    expect(stored?.tags).toEqual(['crawler', 'mid-size', 'hybrid']);

    // Filter and sort live in the URL.
    await details.getByRole('searchbox', { name: 'Filter models' }).fill('komatsu');
    await expect(page).toHaveURL(/q=komatsu/);
    await expect(grid.getByRole('row')).toHaveCount(3);
    await details.getByRole('columnheader', { name: 'Year' }).getByRole('button').click();
    await expect(page).toHaveURL(/sort=year/);

    await page.keyboard.press('Escape');
    await expect(details).toHaveCount(0);
    await expect(page).not.toHaveURL(/items=|q=|sort=/);
    await expect(subcategoryItem(page, 'Excavators').getByRole('button', { name: 'View Equipments' })).toBeFocused();
  });

  test('Equipment Details: changing the category reloads the subcategories; changing the subcategory fills the SEO title', async ({
    page,
    server,
  }) => {
    await openScreen(page, server);
    await chooseCategory(page, 'Construction Equipment');
    await subcategoryItem(page, 'Wheel Loaders').getByRole('button', { name: 'View Equipments' }).click();
    const details = dialog(page, 'Equipment Details for Wheel Loaders');
    await details.getByRole('button', { name: 'Actions for JCB 457 ZX' }).click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    const editor = dialog(page, 'Edit JCB 457 ZX');

    const category = editor.getByRole('combobox', { name: 'Category', exact: true });
    const subcategory = editor.getByRole('combobox', { name: 'Subcategory' });
    const seoTitle = editor.getByRole('textbox', { name: 'SEO Title' });
    await expect(subcategory.getByRole('option')).toHaveText(['Bulldozers', 'Excavators', 'Tower Cranes', 'Wheel Loaders']);

    await subcategory.selectOption({ label: 'Excavators' });
    // The model name is kept (docs/product.md#editing-an-equipment-row).
    await expect(seoTitle).toHaveValue('JCB 457 ZX - Excavators Catalog');

    await editor.getByRole('textbox', { name: 'Brand' }).fill('');
    await subcategory.selectOption({ label: 'Tower Cranes' });
    await expect(seoTitle).toHaveValue('Brand Name 457 ZX - Tower Cranes Catalog');

    await editor.getByRole('textbox', { name: 'Brand' }).fill('JCB');
    await category.selectOption({ label: 'Agricultural Machinery' });
    await expect(subcategory.getByRole('option')).toHaveText(['Combine Harvesters', 'Sprayers', 'Tractors']);
    await expect(subcategory).toHaveValue(String((await subcategoryRow(server, 'Combine Harvesters')).id));
    // A new category is a new subcategory: the title keeps the model name too.
    await expect(seoTitle).toHaveValue('JCB 457 ZX - Combine Harvesters Catalog');

    await category.selectOption({ label: 'Drones' });
    await expect(subcategory).toBeDisabled();
    await expect(subcategory.getByRole('option')).toHaveText(['No subcategories available']);

    await editor.getByRole('button', { name: 'Cancel' }).click();
    await expect(editor).toHaveCount(0);
    await expect(details.getByRole('row').filter({ hasText: '457 ZX' })).toContainText('Wheel Loaders');
  });

  test("Equipment Details: a refused Save keeps the editor with 'Failed to save changes.'; a server failure raises the alert", async ({
    page,
    makeServer,
  }) => {
    const server = await makeServer();
    await openScreen(page, server);
    await chooseCategory(page, 'Construction Equipment');
    await subcategoryItem(page, 'Excavators').getByRole('button', { name: 'View Equipments' }).click();
    const details = dialog(page, 'Equipment Details for Excavators');
    let updateCalls = 0;
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/equipments/update') updateCalls += 1;
    });
    await details.getByRole('button', { name: 'Actions for Komatsu PC210LC-11' }).click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    const editor = dialog(page, 'Edit Komatsu PC210LC-11');
    const year = editor.getByRole('spinbutton', { name: 'Year' });

    // Refused before it is sent, with the server's own rule and text.
    await year.fill('1700');
    await editor.getByRole('button', { name: 'Save' }).click();
    const problem = editor.getByRole('alert');
    await expect(problem).toContainText('Failed to save changes. Please try again.');
    await expect(problem).toContainText('The year must be 1800 or later.');
    await expect(year).toHaveValue('1700');
    await expect(year).toHaveAttribute('aria-invalid', 'true');
    await expectNoSeriousA11yViolations(page);
    expect(updateCalls).toBe(0);

    // Refused by the server: the subcategory chosen left the category meanwhile (422, the server's reason shown).
    await year.fill('2020');
    await editor.getByRole('combobox', { name: 'Subcategory' }).selectOption({ label: 'Bulldozers' });
    const bulldozers = await subcategoryRow(server, 'Bulldozers');
    const [drones] = await server.db.select().from(categories).where(eq(categories.name, 'Drones'));
    await server.db.update(subcategories).set({ categoryId: drones!.id }).where(eq(subcategories.id, bulldozers.id));
    const refused = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/equipments/update');
    await editor.getByRole('button', { name: 'Save' }).click();
    expect((await refused).status()).toBe(422);
    await expect(problem).toContainText('Failed to save changes. Please try again.');
    await expect(problem).toContainText('The selected subcategory does not belong to the selected category.');
    await expect(editor.getByRole('combobox', { name: 'Subcategory' })).toHaveAttribute('aria-invalid', 'true');
    await server.db.update(subcategories).set({ categoryId: bulldozers.categoryId }).where(eq(subcategories.id, bulldozers.id));

    await server.breakTable('equipments');
    await editor.getByRole('button', { name: 'Save' }).click();
    await expect(editor.getByRole('alert').filter({ hasText: 'Failed to update equipment. Please try again.' })).toBeVisible();
    await expect(year).toHaveValue('2020');
    await editor.getByRole('button', { name: 'Cancel' }).click();
    await expect(editor).toHaveCount(0);
    await expect(details.getByRole('row').filter({ hasText: 'PC210LC-11' })).toContainText('2023');
  });

  test('Equipment Details: Add to and Remove from Exclusion, with the spec texts and the Excluded mark', async ({ page, makeServer }) => {
    const server = await makeServer();
    await openScreen(page, server);
    await chooseCategory(page, 'Construction Equipment');
    await subcategoryItem(page, 'Excavators').getByRole('button', { name: 'View Equipments' }).click();
    const details = dialog(page, 'Equipment Details for Excavators');
    const row = details.getByRole('row').filter({ hasText: 'EC220E' });
    await expect(row).not.toContainText('Excluded');

    await row.getByRole('button', { name: 'Actions for Volvo CE EC220E' }).click();
    await expect(page.getByRole('menuitem', { name: 'Remove from Exclusion' })).toHaveCount(0);
    await page.getByRole('menuitem', { name: 'Add to Exclusion' }).click();
    await expect(details.getByRole('status').filter({ hasText: 'Volvo CE - EC220E added to the exclusion list.' })).toBeVisible();
    await expect(row).toContainText('Excluded');

    await row.getByRole('button', { name: 'Actions for Volvo CE EC220E' }).click();
    await page.getByRole('menuitem', { name: 'Remove from Exclusion' }).click();
    await expect(details.getByRole('status').filter({ hasText: /Volvo CE - EC220E removed from (the )?exclusion list\./ })).toBeVisible();
    await expect(row).not.toContainText('Excluded');
  });

  test('Brands dialog: the brand names with Generate Models, Generating... while In Progress', async ({ page, makeServer }) => {
    const server = await makeServer();
    const excavators = await subcategoryRow(server, 'Excavators');
    const [komatsu] = await server.db
      .select()
      .from(brands)
      .where(and(eq(brands.subcategoryId, excavators.id), eq(brands.name, 'Komatsu')));
    await server.db
      .update(statuses)
      .set({ name: statusNames.inProgress })
      .where(and(eq(statuses.brandId, komatsu!.id), eq(statuses.modelType, modelTypes.equipment)));

    await openScreen(page, server);
    await chooseCategory(page, 'Construction Equipment');
    const menu = await openActions(page, subcategoryItem(page, 'Excavators'));
    await menu.getByRole('menuitem', { name: 'View Brands' }).click();
    const brandsDialog = dialog(page, 'Brands of Excavators');
    const list = brandsDialog.getByRole('list', { name: 'Brands of Excavators' });
    await expect(list.getByRole('listitem')).toHaveCount(4);
    const item = (name: string) => list.getByRole('listitem').filter({ hasText: name });
    await expect(item('Komatsu').getByRole('button', { name: 'Generating...' })).toBeDisabled();
    await expect(item('Caterpillar').getByRole('button', { name: 'Generate Models' })).toBeEnabled();
    await expectNoSeriousA11yViolations(page);

    // The search asks the server.
    await brandsDialog.getByRole('searchbox', { name: 'Search brands' }).fill('volvo');
    await expect(list.getByRole('listitem')).toHaveCount(1);
    await expect(item('Volvo CE')).toBeVisible();

    // The brand's models are generated while the request waits: 'Generating...' meanwhile, then the outcome.
    const answer = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/equipments/generate-models');
    await item('Volvo CE').getByRole('button', { name: 'Generate Models' }).click();
    await expect(item('Volvo CE').getByRole('button', { name: 'Generating...' })).toBeDisabled();
    const response = await answer;
    expect(response.status()).toBe(200);
    const { models } = (await response.json()) as { models: { brand: string }[] };
    expect(models.length).toBeGreaterThan(0);
    expect(models.every((m) => m.brand === 'Volvo CE')).toBe(true);
    await expect(brandsDialog.getByRole('status').filter({ hasText: `Generated ${models.length} new models for Volvo CE.` })).toBeVisible();
    await expect(item('Volvo CE').getByRole('button', { name: 'Generate Models' })).toBeEnabled();
    await expect(item('Volvo CE').locator('.status-badge')).toHaveText(statusNames.generated);
  });

  test('Change Category: every category at open, focus in the search, Save disabled until chosen, the move', async ({
    page,
    makeServer,
  }) => {
    const server = await makeServer();
    const everyCategory = await server.db.select({ name: categories.name }).from(categories);
    await openScreen(page, server);
    await chooseCategory(page, 'Construction Equipment');
    const menu = await openActions(page, subcategoryItem(page, 'Tower Cranes'));
    await menu.getByRole('menuitem', { name: 'Change Category' }).click();
    const change = dialog(page, 'Change Category');
    const search = change.getByRole('combobox', { name: 'Search categories' });
    const save = change.getByRole('button', { name: 'Save' });
    await expect(search).toBeFocused();
    await expect(save).toBeDisabled();
    // Before anything is typed: every category but the subcategory's own.
    await expect(change.getByRole('option')).toHaveCount(everyCategory.length - 1);
    await expect(change.getByRole('option', { name: 'Construction Equipment', exact: true })).toHaveCount(0);
    await expect(change.getByText('No matching categories found.')).toHaveCount(0);
    const openHeight = (await change.boundingBox())?.height;

    await search.fill('zeppelin');
    await expect(change.getByText('No matching categories found.')).toBeVisible();
    await expect(change.getByRole('option')).toHaveCount(0);
    // The results keep their height: the dialog does not move.
    expect((await change.boundingBox())?.height).toBe(openHeight);

    // Case-insensitive contains; the own category is not offered.
    await search.fill('EQUIP');
    await expect(change.getByRole('option')).toHaveText(['Audio Equipment', 'Fitness Equipment']);
    await expect(save).toBeDisabled();
    await expectNoSeriousA11yViolations(page);

    await search.fill('');
    await expect(change.getByRole('option')).toHaveCount(everyCategory.length - 1);
    await expect(change.getByText('No matching categories found.')).toHaveCount(0);

    // Keyboard: arrows move, Enter chooses.
    await search.fill('equip');
    await search.press('ArrowDown');
    await expect(change.getByRole('option', { name: 'Fitness Equipment' })).toHaveAttribute('aria-selected', 'true');
    await search.press('Enter');
    await expect(search).toHaveValue('Fitness Equipment');
    await expect(save).toBeEnabled();

    await change.getByRole('button', { name: 'Cancel' }).click();
    await expect(change).toHaveCount(0);
    await expect(subcategoryItem(page, 'Tower Cranes')).toBeVisible();

    // The move itself.
    await (await openActions(page, subcategoryItem(page, 'Tower Cranes'))).getByRole('menuitem', { name: 'Change Category' }).click();
    await search.fill('audio');
    await change.getByRole('option', { name: 'Audio Equipment' }).click();
    await save.click();
    await expect(page.getByRole('status').filter({ hasText: 'Subcategory updated successfully!' })).toBeVisible();
    await expect(change).toHaveCount(0);
    await expect(subcategoryItem(page, 'Tower Cranes')).toHaveCount(0);
    await chooseCategory(page, 'Audio Equipment');
    await expect(subcategoryItem(page, 'Tower Cranes')).toBeVisible();
  });

  test('Generate Items asks first: what it queues, what it may cost, the balance after; Cancel spends nothing', async ({
    page,
    server,
  }) => {
    // An operator who has not chosen "don't ask again", with a balance that covers the runs.
    const { userId } = await server.loginAs(page, { email: `items-confirm-${Date.now()}@example.com` });
    await changeBalance(server.db, {
      userId,
      delta: 1_000_000,
      reason: 'adjustment',
      reference: `e2e-items-${userId}`,
      description: 'Balance adjustment',
    });
    await page.goto(`${server.url}/dashboard/equipments`);
    await chooseCategory(page, 'Construction Equipment');
    let generateCalls = 0;
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/equipments/generate') generateCalls += 1;
    });
    const menu = await openActions(page, subcategoryItem(page, 'Excavators'));
    await menu.getByRole('menuitem', { name: 'Generate Items' }).click();
    const confirm = page.getByRole('dialog', { name: 'Confirm generation' });
    await expect(confirm).toContainText('Generate the models of Excavators.');
    // Caterpillar, Komatsu and Volvo CE; Hitachi is excluded in the demo catalogue.
    await expect(confirm).toContainText('3 runs will be queued.');
    await expect(confirm).toContainText('(1 excluded brand skipped.)');
    await expect(confirm.getByText(/^About [\d,]+ tokens, at most [\d,]+\.$/)).toBeVisible();
    await expect(confirm.getByText(/^Balance after: about [\d,]+ tokens, at least [\d,]+\.$/)).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toHaveCount(0);
    expect(generateCalls).toBe(0);
  });

  test("Generate Items queues the models of the subcategory's brands (its excluded ones skipped)", async ({ page, makeServer }) => {
    const server = await makeServer();
    // The demo operator chose "don't ask again" (e2e/fixtures.ts): the runs start at once.
    await openScreen(page, server);
    await chooseCategory(page, 'Construction Equipment');
    const menu = await openActions(page, subcategoryItem(page, 'Excavators'));
    const answer = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/equipments/generate');
    await menu.getByRole('menuitem', { name: 'Generate Items' }).click();
    expect((await answer).status()).toBe(200);
    await expect(
      page.getByRole('status').filter({ hasText: 'Generating models for 3 brands of Excavators. (1 excluded brand skipped.)' }),
    ).toBeVisible();
  });

  test('the subcategory History lists its equipment runs', async ({ page, server }) => {
    await openScreen(page, server);
    await chooseCategory(page, 'Construction Equipment');
    await subcategoryItem(page, 'Excavators').getByRole('button', { name: 'History', exact: true }).click();
    const history = dialog(page, 'History');
    await expect(history).toBeVisible();
    const rows = history.getByRole('table').getByRole('row');
    // One equipment run per brand with models: Caterpillar, Komatsu, Volvo CE (and the header row).
    await expect(rows).toHaveCount(4);
    await expect(rows.nth(1)).toContainText('Construction Equipment');
    await expect(rows.nth(1)).toContainText('Excavators');
    // Plurals (docs/product.md#keyboard-focus-and-feedback): Volvo CE's run made one model.
    await expect(history.getByText(/^Generated \d+ models? for /)).toHaveCount(3);
    await expect(history.getByText('Generated 1 model for Volvo CE.', { exact: true })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
});
