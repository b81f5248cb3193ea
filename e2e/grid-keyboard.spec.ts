import type { Locator, Page } from '@playwright/test';
import { changeBalance } from '../server/tokens/ledger';
import { expectNoSeriousA11yViolations } from './axe';
import { expect, test, type TestServer } from './fixtures';
import { selectSubcategory } from './live';

/**
 * docs/product.md#grids: a grid is one Tab stop (the WAI-ARIA grid pattern). Arrows move between its cells, Space ticks
 * a row, Enter opens it, Ctrl+A ticks every row shown; a cut text shows its tip when its cell is focused; dialogs start
 * on their primary action; after an action that removes or moves what had the focus, the focus goes to what took its
 * place, never to the page's body.
 */

const brandsGrid = (page: Page) => page.getByRole('grid', { name: /^Brands of Excavators/ });
const focused = (page: Page) => page.locator(':focus');

/** Presses keys one by one, counting them. */
function keyboard(page: Page) {
  let presses = 0;
  return {
    press: async (key: string) => {
      presses += 1;
      await page.keyboard.press(key);
    },
    get presses() {
      return presses;
    },
  };
}

let operators = 0;
/** A new operator with tokens, who has never said "don't ask again": every paid run asks first. */
async function payingOperator(server: TestServer, page: Page) {
  operators += 1;
  const session = await server.loginAs(page, { email: `grid-keys-${operators}-${Date.now()}@example.com` });
  await changeBalance(server.db, {
    userId: session.userId,
    delta: 1_000_000,
    reason: 'adjustment',
    reference: `e2e-grid-keys-${session.userId}`,
    description: 'Balance adjustment',
  });
  return session;
}

async function openExcavators(page: Page, server: TestServer) {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`${server.url}/dashboard/brands`);
  await selectSubcategory(page, 'Construction Equipment', 'Excavators');
  await expect(
    brandsGrid(page)
      .getByRole('checkbox', { name: /^Select / })
      .first(),
  ).toBeVisible();
}

/** Tabs from the quick filter until the focus leaves the toolbar: the grid's stop. */
async function tabIntoGrid(page: Page, grid: Locator) {
  await page.getByRole('searchbox', { name: 'Filter brands by name' }).focus();
  for (let step = 0; step < 8; step += 1) {
    await page.keyboard.press('Tab');
    if (await grid.evaluate((element) => element.contains(document.activeElement))) return;
  }
  throw new Error('Tab never reached the grid');
}

test.describe('a grid by keyboard', () => {
  test('the grid is one Tab stop: it enters on the first row, arrows move, and Tab leaves it', async ({ page, server }) => {
    await server.loginAs(page);
    await openExcavators(page, server);
    const grid = brandsGrid(page);
    const firstCheckbox = grid.locator('tbody').getByRole('checkbox').first();

    await tabIntoGrid(page, grid);
    await expect(firstCheckbox).toBeFocused();
    // Exactly one element of the grid is in the Tab order.
    expect(await grid.locator('[tabindex="0"]').count()).toBe(1);

    // Right walks the row; Down keeps the column; Up comes back; Home goes to the row's start.
    await page.keyboard.press('ArrowRight');
    await expect(firstCheckbox).not.toBeFocused();
    const secondStop = await focused(page).evaluate((element) => element.outerHTML);
    await page.keyboard.press('ArrowDown');
    const below = await focused(page).evaluate((element) => [element.outerHTML, element.closest('tr')?.rowIndex]);
    expect(below[0]).not.toBe(secondStop);
    expect(below[1]).toBe(2);
    await page.keyboard.press('ArrowUp');
    expect(await focused(page).evaluate((element) => element.outerHTML)).toBe(secondStop);
    await page.keyboard.press('Home');
    await expect(firstCheckbox).toBeFocused();

    // Tab leaves the grid at once; Shift+Tab comes back to the stop it left.
    await page.keyboard.press('ArrowDown');
    const secondCheckbox = grid.locator('tbody').getByRole('checkbox').nth(1);
    await expect(secondCheckbox).toBeFocused();
    await page.keyboard.press('Tab');
    expect(await grid.evaluate((element) => element.contains(document.activeElement))).toBe(false);
    await page.keyboard.press('Shift+Tab');
    await expect(secondCheckbox).toBeFocused();
    await expectNoSeriousA11yViolations(page);
  });

  test('a cut text and a status show their tip when their cell is focused, without a Tab stop of their own', async ({ page, server }) => {
    await server.loginAs(page);
    await openExcavators(page, server);
    const grid = brandsGrid(page);
    await grid.locator('tbody').getByRole('checkbox').first().focus();
    const status = grid.locator('tbody tr').first().locator('.status-badge');
    await expect(status).toHaveAttribute('tabindex', '-1');
    // Walk right until the status badge has the focus.
    for (let step = 0; step < 12 && !(await status.evaluate((element) => element === document.activeElement)); step += 1) {
      await page.keyboard.press('ArrowRight');
    }
    await expect(status).toBeFocused();
    await expect(page.getByRole('tooltip')).toBeVisible();
  });

  test('Space ticks the row, Enter opens it, Ctrl+A ticks every row shown and the header box says so', async ({ page, server }) => {
    await server.loginAs(page);
    await openExcavators(page, server);
    const grid = brandsGrid(page);
    const firstRow = grid.locator('tbody tr.data-table__row').first();
    await firstRow.getByRole('checkbox').focus();
    // To a plain cell of the row (the name), then Space and Enter act on the row.
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect(focused(page)).toHaveAttribute('data-grid-cell-stop', '');
    await page.keyboard.press('Space');
    await expect(firstRow.getByRole('checkbox')).toBeChecked();
    await page.keyboard.press('Space');
    await expect(firstRow.getByRole('checkbox')).not.toBeChecked();
    const expander = firstRow.locator('.data-table__expander');
    await expect(expander).toHaveAttribute('aria-expanded', 'false');
    await page.keyboard.press('Enter');
    await expect(expander).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Enter');
    await expect(expander).toHaveAttribute('aria-expanded', 'false');

    await page.keyboard.press('Control+a');
    const enabled = grid.locator('tbody').getByRole('checkbox', { disabled: false });
    const count = await enabled.count();
    expect(count).toBeGreaterThan(1);
    for (const box of await enabled.all()) await expect(box).toBeChecked();
    await expect(grid.getByRole('checkbox', { name: 'Select brands' })).toBeChecked();
    await expect(page.getByRole('group', { name: 'Bulk selection' }).getByRole('status')).toHaveText(`${count} selected`);
    // The header box unticks them all.
    await grid.getByRole('checkbox', { name: 'Select brands' }).click();
    for (const box of await enabled.all()) await expect(box).not.toBeChecked();
  });

  test('Generate Equipments for one brand from its checkbox in at most 5 key presses; after Confirm the focus is back on the row', async ({
    page,
    server,
  }) => {
    await payingOperator(server, page);
    await openExcavators(page, server);
    const grid = brandsGrid(page);
    const checkbox = grid.getByRole('checkbox', { name: 'Select Komatsu' });
    await checkbox.focus();
    const keys = keyboard(page);

    await keys.press('Space');
    await expect(checkbox).toBeChecked();
    await keys.press('Tab');
    await expect(page.getByRole('button', { name: 'Generate Equipments (1)' })).toBeFocused();
    await keys.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Confirm generation' });
    await expect(dialog.getByRole('button', { name: 'Confirm' })).toBeFocused();
    await expectNoSeriousA11yViolations(page);
    const generated = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/equipments/generate');
    await keys.press('Enter');
    expect((await generated).status()).toBe(200);
    expect(keys.presses).toBeLessThanOrEqual(5);

    await expect(page.getByRole('button', { name: /^Generate Equipments/ })).toHaveCount(0);
    // The button went with its selection (and the brand's checkbox is disabled while its run works): the focus is on
    // the brand's row, not on the page's body.
    await expect.poll(() => checkbox.evaluate((box) => box.closest('tr')?.contains(document.activeElement))).toBe(true);
  });
});

test.describe('the focus after an action that removes its row', () => {
  test('Remove from Exclusion List by keyboard: the focus goes to the next row’s Actions', async ({ page, makeServer }) => {
    const server = await makeServer();
    await server.loginAs(page);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`${server.url}/dashboard/equipments/exclusions`);
    const grid = page.getByRole('grid', { name: 'Excluded equipment' });
    const rows = grid.locator('tbody tr.data-table__row');
    await expect(rows).toHaveCount(2);
    const actions = grid.getByRole('button', { name: /^Actions for / });
    const secondName = await actions.nth(1).getAttribute('aria-label');

    const remove = async () => {
      await page.keyboard.press('Enter');
      await page.getByRole('menuitem', { name: 'Remove from Exclusion List' }).press('Enter');
    };
    await actions.first().focus();
    await remove();
    await expect(rows).toHaveCount(1);
    await expect(grid.getByRole('button', { name: secondName! })).toBeFocused();

    // The last row: the focus stays in the grid, on what is left of it.
    await remove();
    await expect(grid).toContainText('No excluded exclusions found.');
    await expect.poll(() => grid.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    await expectNoSeriousA11yViolations(page);
  });

  test("Change Category's Save moves the subcategory away: the focus goes to the next subcategory's Actions", async ({
    page,
    makeServer,
  }) => {
    const server = await makeServer();
    await server.loginAs(page);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`${server.url}/dashboard/equipments`);
    await page.getByRole('button', { name: /^Construction Equipment\s*\d+ subcategor/ }).click();
    const list = page.getByRole('region', { name: 'Subcategories of Construction Equipment' }).getByRole('listitem');
    const names = await list.getByRole('heading', { level: 3 }).allInnerTexts();
    const moved = names[0]!;
    const next = names[1]!;

    const actions = page.getByRole('button', { name: `Actions for ${moved}` });
    await actions.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('menuitem', { name: 'Change Category' }).press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Change Category' });
    const search = dialog.getByRole('combobox', { name: 'Search categories' });
    await expect(search).toBeFocused();
    await search.fill('audio');
    await search.press('ArrowDown');
    await search.press('Enter');
    await dialog.getByRole('button', { name: 'Save' }).press('Enter');
    await expect(page.getByRole('status').filter({ hasText: 'Subcategory updated successfully!' })).toBeVisible();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 3, name: moved, exact: true })).toHaveCount(0);
    await expect(page.getByRole('button', { name: `Actions for ${next}` })).toBeFocused();
  });
});
