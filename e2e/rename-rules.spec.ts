import { asc } from 'drizzle-orm';
import type { Page } from '@playwright/test';
import { categories, subcategories } from '../server/db/schema';
import type { Database } from '../server/db/client';
import { expectNoSeriousA11yViolations } from './axe';
import { expect, test } from './fixtures';

/**
 * docs/product.md#renaming: a category or subcategory cannot take a sibling's name (case-insensitive). The server's 422 text shows
 * at the name field only (no alert toast), the field keeps the typed name, and nothing changes. Refusals only: the shared server is used.
 */

const main = (page: Page) => page.getByRole('main');
const categoriesPanel = (page: Page) => main(page).getByRole('region', { name: 'Categories', exact: true });
const subcategoriesPanel = (page: Page) => main(page).getByRole('region', { name: /^Subcategories of/ });

/** Every category and subcategory name, as the database holds them. */
async function names(db: Database) {
  const [c, s] = await Promise.all([
    db.select({ id: categories.id, name: categories.name }).from(categories).orderBy(asc(categories.id)),
    db
      .select({ id: subcategories.id, name: subcategories.name, categoryId: subcategories.categoryId })
      .from(subcategories)
      .orderBy(asc(subcategories.id)),
  ]);
  return JSON.stringify([c, s]);
}

test.describe('renaming to a sibling name', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('a category: refused at the field, nothing changes', async ({ page, server }) => {
    await server.loginAs(page);
    await page.goto(`${server.url}/dashboard/equipments`);
    const panel = categoriesPanel(page);
    await expect(panel).toBeVisible();
    const before = await names(server.db);

    await panel.getByRole('button', { name: 'Rename Audio Equipment' }).click();
    const input = panel.getByRole('textbox', { name: 'Category name' });
    await input.fill('drones');
    await input.press('Enter');
    const problem = panel.getByRole('alert');
    await expect(problem).toHaveText('A category named "Drones" already exists.');
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    await expect(input).toHaveAccessibleDescription('A category named "Drones" already exists.');
    await expect(input).toHaveValue('drones');
    // Shown at the field only: trying again cannot help, so no alert toast beside it.
    await expect(page.getByText('Failed to update category. Please try again.')).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);

    await panel.getByRole('button', { name: 'Cancel' }).click();
    await expect(panel.getByRole('button', { name: 'Rename Audio Equipment' })).toBeVisible();
    expect(await names(server.db)).toBe(before);
  });

  test('a subcategory: refused at the field (by keyboard), nothing changes', async ({ page, server }) => {
    await server.loginAs(page);
    await page.goto(`${server.url}/dashboard/equipments`);
    await categoriesPanel(page)
      .getByRole('button', { name: /^Audio Equipment\s*\d+ subcategor/ })
      .click();
    const panel = subcategoriesPanel(page);
    await expect(panel).toHaveAccessibleName('Subcategories of Audio Equipment');
    const before = await names(server.db);

    await panel.getByRole('button', { name: 'Rename Studio Monitors' }).focus();
    await page.keyboard.press('Enter');
    const input = panel.getByRole('textbox', { name: 'Subcategory name' });
    await expect(input).toBeFocused();
    await page.keyboard.type('MICROPHONES');
    await page.keyboard.press('Enter');
    await expect(panel.getByRole('alert')).toHaveText('This category already has a subcategory named "Microphones".');
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    await expect(input).toHaveValue('MICROPHONES');
    await expect(page.getByText('Failed to update subcategory. Please try again.')).toHaveCount(0);

    // Cancel, by keyboard: Save, then Cancel.
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(panel.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(panel.getByRole('heading', { level: 3, name: 'Studio Monitors', exact: true })).toBeVisible();
    expect(await names(server.db)).toBe(before);
  });
});
