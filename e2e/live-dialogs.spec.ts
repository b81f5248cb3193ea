import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { issueAccessToken } from '../server/auth/access-tokens';
import { upsertOperator } from '../server/auth/users';
import { expect, test, type TestServer } from './fixtures';
import { markDocument, expectNoReload, renamedFrom, scratchCategory, whenLive } from './live';

/**
 * Issue 11 point 9: a dialog holds its row's id and reads the row from the cache, so a change another operator
 * makes while it is open shows in it, without closing it.
 */

/** Another operator's rename of a subcategory, through the API as their screen would send it. */
async function renameAsAnotherOperator(request: APIRequestContext, server: TestServer, id: number, name: string) {
  const other = await upsertOperator(server.db, { email: `other-${Date.now()}@example.com`, password: 'password123' });
  const token = await issueAccessToken(server.db, other.id, 1);
  const answer = await request.post(`${server.url}/api/subcategories/update`, {
    headers: { authorization: `Bearer ${token}` },
    data: { id, name },
  });
  expect(answer.status()).toBe(200);
}

/** Tags the dialog's element, so the test can tell it stayed the same open dialog. */
async function markDialog(dialog: Locator) {
  await dialog.evaluate((element) => element.setAttribute('data-still-open', 'yes'));
}

async function openEquipmentsOf(page: Page, server: TestServer, category: string) {
  await server.loginAs(page);
  const live = whenLive(page);
  await page.goto(`${server.url}/dashboard/equipments`);
  await live;
  await page.getByRole('main').getByRole('button', { name: new RegExp(`^${category}`) }).click();
  await markDocument(page);
}

test.describe('open dialogs follow live changes', () => {
  test('the equipment details dialog shows a rename of its subcategory by another operator within a second', async ({ page, server }) => {
    const scratch = await scratchCategory(server.db, 'details dialog');
    try {
      const subcategory = `${scratch.name} sub`;
      await server.loginAs(page);
      // The dialog is in the URL (a subcategory without items has no View Equipments button).
      const live = whenLive(page);
      await page.goto(`${server.url}/dashboard/equipments?items=${scratch.subcategoryId}`);
      await live;
      await markDocument(page);
      const details = page.getByRole('dialog', { name: `Equipment Details for ${subcategory}` });
      await expect(details).toBeVisible();
      await expect(details.getByRole('table', { name: `Equipment of ${subcategory}` })).toBeVisible();
      await markDialog(details);

      const renamed = renamedFrom(subcategory);
      await renameAsAnotherOperator(page.request, server, scratch.subcategoryId, renamed);
      const after = page.getByRole('dialog', { name: `Equipment Details for ${renamed}` });
      await expect(after).toBeVisible({ timeout: 1_000 });
      await expect(after.getByRole('table', { name: `Equipment of ${renamed}` })).toBeVisible({ timeout: 1_000 });
      await expect(after).toHaveAttribute('data-still-open', 'yes');
      await expectNoReload(page);
    } finally {
      await scratch.remove();
    }
  });

  test('the Change Category dialog shows a rename of its subcategory by another operator, keeping what was typed', async ({ page, server }) => {
    const scratch = await scratchCategory(server.db, 'change dialog');
    try {
      const subcategory = `${scratch.name} sub`;
      await openEquipmentsOf(page, server, scratch.name);
      await page.getByRole('button', { name: `Actions for ${subcategory}` }).click();
      await page.getByRole('menuitem', { name: 'Change Category' }).click();
      const change = page.getByRole('dialog', { name: 'Change Category' });
      await expect(change).toContainText(`Move ${subcategory} to another category.`);
      const search = change.getByRole('combobox', { name: 'Search categories' });
      await search.fill('Constr');
      await markDialog(change);

      const renamed = renamedFrom(subcategory);
      await renameAsAnotherOperator(page.request, server, scratch.subcategoryId, renamed);
      await expect(change).toContainText(`Move ${renamed} to another category.`, { timeout: 1_000 });
      await expect(change).toHaveAttribute('data-still-open', 'yes');
      await expect(search).toHaveValue('Constr');
      await expectNoReload(page);
    } finally {
      await scratch.remove();
    }
  });
});
