import type { APIRequestContext, Locator, Page, WebSocket } from '@playwright/test';
import { realtimeEvents } from '../contract/realtime';
import { issueAccessToken } from '../server/auth/access-tokens';
import { upsertOperator } from '../server/auth/users';
import { expect, test, type TestServer } from './fixtures';
import { markDocument, expectNoReload, renamedFrom, scratchCategory, whenLive } from './live';

/**
 * docs/ARCHITECTURE.md, "Server state lives in the TanStack Query cache": a dialog holds its row's id and reads the row from the cache, so a change another operator
 * makes while it is open shows in it, without closing it. Nothing else refreshes an open dialog (the screen's queries
 * refetch on mount and focus, never on a timer), so the change showing after its live event is the live path's doing.
 */

/** Resolves once the page's socket has received the live event of a change to this subcategory. Call it before the change. */
function subcategoryEvent(socket: WebSocket, subcategoryId: number) {
  return socket.waitForEvent('framereceived', {
    predicate: ({ payload }) => {
      const frame = JSON.parse(String(payload)) as { event: string; data?: string };
      return (
        frame.event === realtimeEvents.updateSubcategory &&
        (JSON.parse(frame.data ?? '{}') as { subcategory_id?: number }).subcategory_id === subcategoryId
      );
    },
  });
}

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

async function openEquipmentsOf(page: Page, server: TestServer, category: string): Promise<WebSocket> {
  await server.loginAs(page);
  const live = whenLive(page);
  await page.goto(`${server.url}/dashboard/equipments`);
  const socket = await live;
  await page
    .getByRole('main')
    .getByRole('button', { name: new RegExp(`^${category}`) })
    .click();
  await markDocument(page);
  return socket;
}

test.describe('open dialogs follow live changes', () => {
  test('the equipment details dialog shows a rename of its subcategory by another operator, staying open', async ({ page, server }) => {
    const scratch = await scratchCategory(server.db, 'details dialog');
    try {
      const subcategory = `${scratch.name} sub`;
      await server.loginAs(page);
      // The dialog is in the URL (a subcategory without items has no View Equipments button).
      const live = whenLive(page);
      await page.goto(`${server.url}/dashboard/equipments?items=${scratch.subcategoryId}`);
      const socket = await live;
      await markDocument(page);
      const details = page.getByRole('dialog', { name: `Equipment Details for ${subcategory}` });
      await expect(details).toBeVisible();
      await expect(details.getByRole('grid', { name: `Equipment of ${subcategory}` })).toBeVisible();
      await markDialog(details);

      const renamed = renamedFrom(subcategory);
      const event = subcategoryEvent(socket, scratch.subcategoryId);
      await renameAsAnotherOperator(page.request, server, scratch.subcategoryId, renamed);
      await event;
      const after = page.getByRole('dialog', { name: `Equipment Details for ${renamed}` });
      await expect(after).toBeVisible();
      await expect(after.getByRole('grid', { name: `Equipment of ${renamed}` })).toBeVisible();
      await expect(after).toHaveAttribute('data-still-open', 'yes');
      await expectNoReload(page);
    } finally {
      await scratch.remove();
    }
  });

  test('the Change Category dialog shows a rename of its subcategory by another operator, keeping what was typed', async ({
    page,
    server,
  }) => {
    const scratch = await scratchCategory(server.db, 'change dialog');
    try {
      const subcategory = `${scratch.name} sub`;
      const socket = await openEquipmentsOf(page, server, scratch.name);
      await page.getByRole('button', { name: `Actions for ${subcategory}` }).click();
      await page.getByRole('menuitem', { name: 'Change Category' }).click();
      const change = page.getByRole('dialog', { name: 'Change Category' });
      await expect(change).toContainText(`Move ${subcategory} to another category.`);
      const search = change.getByRole('combobox', { name: 'Search categories' });
      await search.fill('Constr');
      await markDialog(change);

      const renamed = renamedFrom(subcategory);
      const event = subcategoryEvent(socket, scratch.subcategoryId);
      await renameAsAnotherOperator(page.request, server, scratch.subcategoryId, renamed);
      await event;
      await expect(change).toContainText(`Move ${renamed} to another category.`);
      await expect(change).toHaveAttribute('data-still-open', 'yes');
      await expect(search).toHaveValue('Constr');
      await expectNoReload(page);
    } finally {
      await scratch.remove();
    }
  });
});
