import { expect, type Browser, type Page, type WebSocket } from '@playwright/test';
import { eq } from 'drizzle-orm';
import { sharedChannels } from '../contract/realtime';
import type { Database } from '../server/db/client';
import { categories, subcategories } from '../server/db/schema';
import type { TestServer } from './fixtures';

/** What the live-update specs and the restart bench share: the page's pusher-js socket, the header, a category. */

/** private-user.{id} and every shared channel (docs/product.md#live-updates). */
export const channelCount = sharedChannels.length + 1;

export const isPusherSocket = (socket: WebSocket) => new URL(socket.url()).pathname.startsWith('/app/');

/**
 * Resolves with the page's next pusher-js WebSocket once every channel is subscribed on it (the server's
 * `pusher_internal:subscription_succeeded` frames). Call it before the navigation or reconnection it waits for.
 */
export function whenLive(page: Page): Promise<WebSocket> {
  return new Promise((resolve) => {
    page.on('websocket', (socket) => {
      if (!isPusherSocket(socket)) return;
      let subscribed = 0;
      socket.on('framereceived', ({ payload }) => {
        if (String(payload).includes('pusher_internal:subscription_succeeded') && ++subscribed === channelCount) resolve(socket);
      });
    });
  });
}

/**
 * A second browser (a context of its own) signed in as `operator` (the demo operator by default), on `path` and live
 * on every channel, its document marked: it watches what the test's page does. With `installClock`, its clock is
 * Playwright's (time flows as usual until the test moves it on with `page.clock`).
 */
export async function secondBrowser(
  browser: Browser,
  server: TestServer,
  path: string,
  operator?: { email: string; password?: string },
  { installClock = false } = {},
) {
  const context = await browser.newContext();
  if (installClock) await context.clock.install();
  const page = await context.newPage();
  await server.loginAs(page, operator);
  const live = whenLive(page);
  await page.goto(`${server.url}${path}`);
  const socket = await live;
  await markDocument(page);
  return { page, socket, close: () => context.close() };
}

/** Marks the document, so a later check can tell that the page was never reloaded. */
export async function markDocument(page: Page) {
  await page.evaluate(() => ((window as unknown as { stillHere: boolean }).stillHere = true));
}
export async function expectNoReload(page: Page) {
  expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);
}

/**
 * A marker instead of a fixed wait: resolves once the page has loaded an image requested after everything it had
 * received, and drawn two frames since. What an earlier event or answer would have made the page do synchronously
 * (send a request, log an error) has happened by then.
 */
export async function pageCaughtUp(page: Page) {
  await page.evaluate(async () => {
    // An image, as every screen's policy lets one load from the server (the login screen's allows no fetch).
    await new Promise((resolve, reject) => {
      const marker = new Image();
      marker.onload = resolve;
      marker.onerror = reject;
      marker.src = `/favicon.ico?caught-up=${Date.now()}`;
    });
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  });
}

export const header = (page: Page) => page.getByRole('banner');
export const categoryTrigger = (page: Page) => header(page).getByRole('button', { name: /^Category/ });
export const liveIndicator = (page: Page) => header(page).getByRole('status').filter({ hasText: 'Live updates' });

/** Picks `name` from a header dropdown (its trigger's accessible name matches `trigger`), unless it is picked already. */
export async function chooseFromHeader(page: Page, trigger: RegExp, name: string) {
  const button = header(page).getByRole('button', { name: trigger });
  await expect(button).toBeEnabled();
  if (((await button.textContent()) ?? '').includes(name)) return;
  await button.click();
  await page.getByRole('menuitemradio', { name, exact: true }).click();
  await expect(button).toContainText(name);
}

/** Picks a category and one of its subcategories in the header (each only if it is not picked already). */
export async function selectSubcategory(page: Page, category: string, subcategory: string) {
  await chooseFromHeader(page, /^Category/, category);
  await chooseFromHeader(page, /^Subcategory/, subcategory);
}

export async function chooseCategory(page: Page, name: string) {
  await categoryTrigger(page).click();
  await page.getByRole('menuitemradio', { name }).click();
  await categoryTrigger(page).filter({ hasText: name }).waitFor();
}

/** A category of the caller's own, with one subcategory (specs share a server's catalogue). */
export async function scratchCategory(db: Database, label: string) {
  const name = `Zz realtime ${label} ${Date.now()}`;
  const [category] = await db.insert(categories).values({ name }).returning({ id: categories.id });
  const [subcategory] = await db
    .insert(subcategories)
    .values({ categoryId: category!.id, name: `${name} sub` })
    .returning({ id: subcategories.id });
  return {
    id: category!.id,
    name,
    subcategoryId: subcategory!.id,
    remove: () => db.delete(categories).where(eq(categories.id, category!.id)),
  };
}

/** A new name that does not contain the old one. */
export const renamedFrom = (name: string) => name.replace('Zz realtime', 'Zz renamed');
