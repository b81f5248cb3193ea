import { expect, test } from './fixtures';
import { header, selectSubcategory } from './live';

/**
 * docs/product.md#keyboard-focus-and-feedback: keyboard and focus. Every dialog and menu gives the focus back to what opened it; a menu opened
 * with Enter or Space focuses its first item; Escape in an inline edit asks before discarding; all by keyboard alone.
 */

test.describe('keyboard and focus', () => {
  test.beforeEach(async ({ page, server }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await server.loginAs(page);
  });

  test("a brand row's History, opened by keyboard or by mouse, gives the focus back to its button", async ({ page, server }) => {
    await page.goto(`${server.url}/dashboard/brands`);
    await selectSubcategory(page, 'Construction Equipment', 'Excavators');
    const history = page.getByRole('button', { name: 'History of Caterpillar', exact: true });
    const dialog = page.getByRole('dialog', { name: 'History' });

    await history.focus();
    await page.keyboard.press('Enter');
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(history).toBeFocused();

    await history.click();
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(history).toBeFocused();
  });

  for (const key of ['Enter', ' '] as const) {
    test(`a row menu opened with ${key === ' ' ? 'Space' : key} focuses its first item; Escape gives the focus back`, async ({
      page,
      server,
    }) => {
      await page.goto(`${server.url}/dashboard/brands`);
      await selectSubcategory(page, 'Construction Equipment', 'Excavators');
      const trigger = page.getByRole('button', { name: 'Actions for Komatsu', exact: true });
      await trigger.focus();
      await page.keyboard.press(key);
      const menu = page.getByRole('menu');
      await expect(menu).toBeVisible();
      await expect(menu.getByRole('menuitem').first()).toBeFocused();
      await page.keyboard.press('Escape');
      await expect(menu).toHaveCount(0);
      await expect(trigger).toBeFocused();
      // Again, now that the menu is mounted.
      await page.keyboard.press(key);
      await expect(page.getByRole('menu').getByRole('menuitem').first()).toBeFocused();
      await page.keyboard.press('Escape');
      await expect(trigger).toBeFocused();
    });
  }

  test('the header menus opened with Enter focus their first item and give the focus back on Escape', async ({ page, server }) => {
    await page.goto(`${server.url}/dashboard/brands`);
    for (const name of [/^Category/, 'Account menu']) {
      const trigger = header(page).getByRole('button', { name });
      await trigger.focus();
      await page.keyboard.press('Enter');
      const menu = page.getByRole('menu');
      await expect(menu).toBeVisible();
      await expect(menu.locator('[role^="menuitem"]').first()).toBeFocused();
      await page.keyboard.press('Escape');
      await expect(menu).toHaveCount(0);
      await expect(trigger).toBeFocused();
    }
  });

  test('Purchase Tokens, opened from the account menu by keyboard, gives the focus back to the menu button', async ({ page, server }) => {
    await page.goto(`${server.url}/dashboard/brands`);
    const trigger = header(page).getByRole('button', { name: 'Account menu' });
    await trigger.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('menuitem', { name: 'Purchase Tokens' })).toBeFocused();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(trigger).toBeFocused();
  });

  test('Escape in an inline rename asks before discarding; by keyboard alone', async ({ page, server }) => {
    await page.goto(`${server.url}/dashboard/equipments`);
    const rename = page.getByRole('button', { name: 'Rename Construction Equipment', exact: true });
    await rename.focus();
    await page.keyboard.press('Enter');
    const input = page.getByRole('textbox', { name: 'Category name' });
    await expect(input).toBeFocused();

    // Unchanged: Escape leaves at once.
    await page.keyboard.press('Escape');
    await expect(input).toHaveCount(0);
    await expect(page.getByRole('alertdialog')).toHaveCount(0);

    await rename.focus();
    await page.keyboard.press('Enter');
    await page.keyboard.press('End');
    await page.keyboard.type(' (draft)');
    await page.keyboard.press('Escape');
    const ask = page.getByRole('alertdialog', { name: 'Discard your changes?' });
    await expect(ask).toBeVisible();
    // Escape again (or Keep editing) keeps the edit, the focus back in the field.
    await page.keyboard.press('Escape');
    await expect(ask).toHaveCount(0);
    await expect(input).toBeFocused();
    await expect(input).toHaveValue('Construction Equipment (draft)');
    await page.keyboard.press('Escape');
    await expect(ask.getByRole('button', { name: 'Keep editing' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(ask.getByRole('button', { name: 'Discard' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(input).toHaveCount(0);
    await expect(rename).toBeVisible();
  });
});
