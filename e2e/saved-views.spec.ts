import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './axe';
import { expect, test } from './fixtures';
import { selectSubcategory } from './live';

/**
 * docs/decisions/0010-saved-views.md, saved views: on the brands screen a filter, a sort and a hidden column are saved as a view, the
 * grid is changed, reloaded, and the view applied brings them back; it is renamed, updated and deleted; its link, opened in
 * another browser by another operator, shows the same filter, sort and columns. The Views menu and its dialogs pass axe.
 *
 * Its own server: the views and columns an operator keeps would otherwise reach other specs' grids.
 */

const grid = (page: Page) => page.getByRole('grid', { name: /^Brands of / });
const filterBox = (page: Page) => page.getByRole('searchbox', { name: 'Filter brands by name' });
const viewsButton = (page: Page) => page.getByRole('button', { name: /^Views/ });
const headerTexts = async (page: Page) =>
  (await grid(page).locator('thead th').allTextContents()).map((t) => t.replace(/[↕▲▼]/g, '').trim());

async function openExcavators(page: Page, url: string) {
  await page.goto(`${url}/dashboard/brands`);
  await selectExcavators(page);
}

async function selectExcavators(page: Page) {
  await selectSubcategory(page, 'Construction Equipment', 'Excavators');
  await expect(grid(page).locator('tbody tr.data-table__row').first()).toBeVisible();
}

/** The grid shows the saved view: filter "a", sorted by SEO Title descending, SEO Description hidden. */
async function expectTheView(page: Page) {
  await expect(filterBox(page)).toHaveValue('a');
  await expect(grid(page).getByRole('columnheader', { name: /^SEO Title/ })).toHaveAttribute('aria-sort', 'descending');
  await expect(grid(page).getByRole('columnheader', { name: /^SEO Description/ })).toHaveCount(0);
  await expect(grid(page).getByRole('columnheader', { name: /^Created At/ })).toBeVisible();
}

async function chooseInViews(page: Page, item: string | RegExp) {
  await viewsButton(page).click();
  await page.getByRole('menu').getByRole('menuitem', { name: item }).click();
}

test('save a view, change the grid, reload, apply it; rename, update and delete it; its link shows the same grid to another operator', async ({
  page,
  browser,
  makeServer,
}) => {
  test.setTimeout(120_000);
  const server = await makeServer();
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
  await server.loginAs(page);
  await openExcavators(page, server.url);

  // The Views menu sits on the toolbar's one line, beside Columns and the filter.
  const [views, columns, filter] = await Promise.all([
    viewsButton(page).boundingBox(),
    page.getByRole('button', { name: /^Columns/ }).boundingBox(),
    filterBox(page).boundingBox(),
  ]);
  expect(Math.abs(views!.y - columns!.y)).toBeLessThanOrEqual(4);
  expect(Math.abs(views!.y + views!.height / 2 - (filter!.y + filter!.height / 2))).toBeLessThanOrEqual(8);

  // Filter, sort by SEO Title descending, hide SEO Description.
  await filterBox(page).fill('a');
  await expect(page).toHaveURL(/[?&]q=a(&|$)/);
  const seoTitle = grid(page).getByRole('columnheader', { name: /^SEO Title/ });
  await seoTitle.getByRole('button').click();
  await expect(seoTitle).toHaveAttribute('aria-sort', 'ascending');
  await seoTitle.getByRole('button').click();
  await expect(seoTitle).toHaveAttribute('aria-sort', 'descending');
  await page.getByRole('button', { name: /^Columns/ }).click();
  await page.getByRole('menuitemcheckbox', { name: 'SEO Description' }).click();
  await page.keyboard.press('Escape');
  await expectTheView(page);
  const viewHeaders = await headerTexts(page);

  // Save it, by keyboard: the menu, then the dialog's labelled field.
  await viewsButton(page).focus();
  await page.keyboard.press('Enter');
  const menu = page.getByRole('menu');
  await expect(menu.getByText('No saved views of this grid yet.')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await menu.getByRole('menuitem', { name: 'Save current view…' }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Save current view' });
  const name = dialog.getByRole('textbox', { name: 'Name' });
  await expect(name).toBeFocused();
  await expectNoSeriousA11yViolations(page);
  // An empty name is refused at the field.
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(name).toHaveAttribute('aria-invalid', 'true');
  await expect(name).toHaveAccessibleDescription('The name is required.');
  await name.fill('  Letter A by SEO title  ');
  await page.keyboard.press('Enter');
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText('View “Letter A by SEO title” saved.')).toBeVisible();
  await expect(viewsButton(page)).toBeFocused();

  // The view in use is ticked.
  await viewsButton(page).click();
  await expect(page.getByRole('menuitemcheckbox', { name: 'Letter A by SEO title' })).toBeChecked();
  await page.keyboard.press('Escape');

  // A name the operator already uses on this grid, in another case: refused at the field, nothing saved.
  await chooseInViews(page, 'Save current view…');
  await name.fill('letter a BY seo TITLE');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(name).toHaveAccessibleDescription(
    'You already have a view named “letter a BY seo TITLE” on this grid. Choose another name.',
  );
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(viewsButton(page)).toBeFocused();

  // Change everything, then reload: the changed grid stays (its filter and sort are in the URL).
  await filterBox(page).fill('');
  await expect(page).not.toHaveURL(/[?&]q=/);
  const nameHeader = grid(page).getByRole('columnheader', { name: /^Name/ });
  await nameHeader.getByRole('button').click();
  await expect(nameHeader).toHaveAttribute('aria-sort', 'ascending');
  await nameHeader.getByRole('button').click();
  await expect(nameHeader).toHaveAttribute('aria-sort', 'descending');
  await page.getByRole('button', { name: /^Columns/ }).click();
  await page.getByRole('menuitemcheckbox', { name: 'SEO Description' }).click();
  await page.keyboard.press('Escape');
  await expect(grid(page).getByRole('columnheader', { name: /^SEO Description/ })).toBeVisible();
  await expect(page).toHaveURL(/[?&]sort=name&dir=desc/);
  await page.reload();
  await selectExcavators(page);
  await expect(filterBox(page)).toHaveValue('');
  await expect(grid(page).getByRole('columnheader', { name: /^Name/ })).toHaveAttribute('aria-sort', 'descending');
  await viewsButton(page).click();
  await expect(page.getByRole('menuitemcheckbox', { name: 'Letter A by SEO title' })).not.toBeChecked();

  // Apply the view: filter, sort and columns come back, and it is ticked again.
  await page.getByRole('menuitemcheckbox', { name: 'Letter A by SEO title' }).click();
  await expectTheView(page);
  expect(await headerTexts(page)).toEqual(viewHeaders);
  await expect(page).toHaveURL(/[?&]cols=/);
  await viewsButton(page).click();
  await expect(page.getByRole('menuitemcheckbox', { name: 'Letter A by SEO title' })).toBeChecked();
  await page.keyboard.press('Escape');

  // Copy link: the address of this grid as it is shown.
  await chooseInViews(page, 'Copy link to this view');
  await expect(page.getByText('Link to this view copied.')).toBeVisible();
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expect(link).toMatch(new RegExp(`^${server.url}/dashboard/brands\\?`));
  // Category and Subcategory wait in the Columns menu at 1280 px: the view, made without them, does not name them
  // (docs/decisions/0023-scope-columns-yield-to-decision-columns.md).
  expect(new URL(link).searchParams.get('cols')).toBe('select,name,seo_title,created_at,status,actions');

  // Another operator opens the link in another browser: the same filter, sort and columns.
  const other = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const otherPage = await other.newPage();
    await server.loginAs(otherPage, { email: 'second.operator@example.com' });
    await otherPage.goto(link);
    await selectExcavators(otherPage);
    await expectTheView(otherPage);
    expect(await headerTexts(otherPage)).toEqual(viewHeaders);
    // Their own views: none (views are per operator).
    await viewsButton(otherPage).click();
    await expect(otherPage.getByRole('menu').getByText('No saved views of this grid yet.')).toBeVisible();
  } finally {
    await other.close();
  }

  // Rename it.
  await chooseInViews(page, 'Rename view Letter A by SEO title');
  const rename = page.getByRole('dialog', { name: 'Rename view' });
  await expect(rename.getByRole('textbox', { name: 'Name' })).toHaveValue('Letter A by SEO title');
  await rename.getByRole('textbox', { name: 'Name' }).fill('Brands with an A');
  await rename.getByRole('button', { name: 'Save' }).click();
  await expect(rename).toHaveCount(0);
  await expect(page.getByText('View renamed to “Brands with an A”.')).toBeVisible();
  await expect(viewsButton(page)).toBeFocused();
  await viewsButton(page).click();
  await expect(page.getByRole('menuitemcheckbox', { name: 'Brands with an A' })).toBeChecked();
  await expect(page.getByRole('menuitemcheckbox', { name: 'Letter A by SEO title' })).toHaveCount(0);
  await page.keyboard.press('Escape');

  // Change the sort: the view is no longer the grid's, and its state can be replaced by the grid's.
  await seoTitle.getByRole('button').click();
  await expect(seoTitle).toHaveAttribute('aria-sort', 'ascending');
  await viewsButton(page).click();
  await expect(page.getByRole('menuitemcheckbox', { name: 'Brands with an A' })).not.toBeChecked();
  await page.getByRole('menuitem', { name: 'Save changes to “Brands with an A”' }).click();
  await expect(page.getByText('View “Brands with an A” updated.')).toBeVisible();
  await viewsButton(page).click();
  await expect(page.getByRole('menuitemcheckbox', { name: 'Brands with an A' })).toBeChecked();
  await expect(page.getByRole('menuitem', { name: /^Save changes to/ })).toHaveCount(0);
  await page.keyboard.press('Escape');

  // Delete it, after a confirmation; the grid keeps what it shows.
  await chooseInViews(page, 'Delete view Brands with an A');
  const confirm = page.getByRole('alertdialog', { name: 'Delete the view “Brands with an A”?' });
  await expectNoSeriousA11yViolations(page);
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('View “Brands with an A” deleted.')).toBeVisible();
  await expect(viewsButton(page)).toBeFocused();
  await viewsButton(page).click();
  await expect(page.getByRole('menu').getByText('No saved views of this grid yet.')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(filterBox(page)).toHaveValue('a');
  await expect(seoTitle).toHaveAttribute('aria-sort', 'ascending');
});

test("columns from a link apply while in the URL; arranging them makes them the operator's own", async ({ page, makeServer }) => {
  const server = await makeServer();
  await page.setViewportSize({ width: 1280, height: 800 });
  await server.loginAs(page);
  await page.goto(`${server.url}/dashboard/brands?cols=select,name,created_at,status,actions`);
  await selectExcavators(page);
  expect(await headerTexts(page)).toEqual(['', 'Name', 'Created At', 'Status', 'Actions']);

  // Show Category: the columns shown plus Category are stored as the operator's, and leave the URL.
  const stored = page.waitForResponse((r) => r.url().endsWith('/api/grid-settings/brands') && r.request().method() === 'POST' && r.ok());
  await page.getByRole('button', { name: /^Columns/ }).click();
  await page.getByRole('menuitemcheckbox', { name: 'Category', exact: true }).click();
  await stored;
  await page.keyboard.press('Escape');
  await expect(page).not.toHaveURL(/[?&]cols=/);
  const arranged = await headerTexts(page);
  expect(arranged).toContain('Category');
  expect(arranged).not.toContain('SEO Title');

  // Reloaded without the link's columns: the operator's own, as arranged.
  await page.goto(`${server.url}/dashboard/brands`);
  await selectExcavators(page);
  expect(await headerTexts(page)).toEqual(arranged);
});

test('the equipment details grid, in its dialog, saves and applies a view; closing the dialog leaves its state', async ({
  page,
  makeServer,
}) => {
  const server = await makeServer();
  await page.setViewportSize({ width: 1280, height: 800 });
  await server.loginAs(page);
  await page.goto(`${server.url}/dashboard/equipments`);
  await page
    .getByRole('main')
    .getByRole('button', { name: /^Construction Equipment\s*\d+ subcategor/ })
    .click();
  const excavators = page
    .getByRole('main')
    .getByRole('region', { name: /^Subcategories of/ })
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { level: 3, name: 'Excavators', exact: true }) });
  const openDetails = async () => {
    await excavators.getByRole('button', { name: 'View Equipments' }).click();
    const details = page.getByRole('dialog', { name: 'Equipment Details for Excavators' });
    await expect(details.getByRole('grid', { name: 'Equipment of Excavators' }).locator('tbody tr.data-table__row').first()).toBeVisible();
    return details;
  };
  let details = await openDetails();
  const filter = details.getByRole('searchbox', { name: 'Filter models' });
  await filter.fill('komatsu');
  await expect(page).toHaveURL(/q=komatsu/);

  // Views sits on the toolbar's line, inside the dialog.
  const views = details.getByRole('button', { name: /^Views/ });
  const [viewsBox, filterBox] = await Promise.all([views.boundingBox(), filter.boundingBox()]);
  expect(Math.abs(viewsBox!.y + viewsBox!.height / 2 - (filterBox!.y + filterBox!.height / 2))).toBeLessThanOrEqual(8);

  await views.click();
  await page.getByRole('menuitem', { name: 'Save current view…' }).click();
  const save = page.getByRole('dialog', { name: 'Save current view' });
  await save.getByRole('textbox', { name: 'Name' }).fill('Komatsu only');
  await expectNoSeriousA11yViolations(page);
  await save.getByRole('button', { name: 'Save' }).click();
  await expect(save).toHaveCount(0);
  await expect(views).toBeFocused();

  // Closed, the dialog takes its grid's state out of the URL; opened again, the view brings it back.
  await page.keyboard.press('Escape');
  await expect(details).toHaveCount(0);
  await expect(page).not.toHaveURL(/items=|q=|sort=|cols=/);
  details = await openDetails();
  await expect(details.getByRole('searchbox', { name: 'Filter models' })).toHaveValue('');
  await details.getByRole('button', { name: /^Views/ }).click();
  await page.getByRole('menuitemcheckbox', { name: 'Komatsu only' }).click();
  await expect(details.getByRole('searchbox', { name: 'Filter models' })).toHaveValue('komatsu');
  await expect(details.getByRole('grid', { name: 'Equipment of Excavators' }).getByRole('row')).toHaveCount(3);
  await expect(details).toBeVisible();
});
