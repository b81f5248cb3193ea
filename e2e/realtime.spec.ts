import type { Browser, Page, Route, WebSocket } from '@playwright/test';
import { asc, eq, isNull } from 'drizzle-orm';
import { broadcastingApi } from '../contract/broadcasting';
import { realtimeClientTimeouts } from '../contract/realtime';
import { tokenPackages } from '../contract/tokens';
import { startFakeStripe } from '../server/payments/test-support/fake-stripe';
import { brandExclusions, brands } from '../server/db/schema';
import { expectNoSeriousA11yViolations } from './axe';
import { expect, test, type TestServer } from './fixtures';
import {
  categoryTrigger,
  chooseCategory,
  expectNoReload,
  isPusherSocket,
  liveIndicator,
  renamedFrom,
  scratchCategory as scratchCategoryIn,
  secondBrowser,
  whenLive,
} from './live';

/**
 * Live updates (docs/product.md#live-updates): two browsers signed in as the same operator on the same server; a change
 * made in one (through the app's own API, with that browser's token) reaches the other over the embedded Pusher
 * server without a reload. Nothing is mocked: the real server, pusher-js and Chromium.
 */

const operator = { email: 'realtime@example.com' };
const liveText = 'Live updates unavailable - reconnecting';

interface Browsers {
  a: Page;
  b: Page;
  /** Browser A's bearer token. */
  tokenA: string;
  /** B's pusher-js socket, subscribed to every channel. */
  socketB: WebSocket;
  close(): Promise<void>;
}

/** Browser A (the test's page) and browser B (a second context), both signed in; B opens `path` and goes live. */
async function twoBrowsers(
  page: Page,
  browser: Browser,
  server: TestServer,
  path: string,
  options?: { installClock?: boolean },
): Promise<Browsers> {
  const { token: tokenA } = await server.loginAs(page, operator);
  const { page: b, socket: socketB, close } = await secondBrowser(browser, server, path, operator, options);
  return { a: page, b, tokenA, socketB, close };
}

/** A call of our API from browser A, with A's own token (as A's screens make it). */
async function callAs(a: Page, server: TestServer, token: string, method: 'post' | 'delete', path: string, data?: unknown) {
  const response = await a.request.fetch(`${server.url}${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, 'X-Requested-With': 'XMLHttpRequest', Accept: 'application/json' },
    ...(data === undefined ? {} : { data }),
  });
  expect(response.status(), `${method.toUpperCase()} ${path}: ${await response.text()}`).toBe(200);
  return response;
}

const scratchCategory = (server: TestServer, label: string) => scratchCategoryIn(server.db, label);

/**
 * The resync after an outage refetches every key an event could touch, the user answer among them: its five-minute
 * stale time keeps Query's own refetch-on-reconnect away from it, so its request shows the resync ran.
 */
const userRefetched = (page: Page) =>
  page.waitForResponse((response) => new URL(response.url()).pathname === '/api/user', { timeout: 15_000 });

test.describe('live updates', () => {
  test('a category renamed in one browser is renamed in the other without a reload', async ({ page, browser, server }) => {
    const category = await scratchCategory(server, 'rename');
    const { a, b, tokenA, close } = await twoBrowsers(page, browser, server, '/dashboard/events');
    try {
      await chooseCategory(b, category.name);
      const renamed = renamedFrom(category.name);
      await callAs(a, server, tokenA, 'post', '/api/categories/update', { id: category.id, name: renamed });

      await expect(categoryTrigger(b)).toContainText(renamed);
      await categoryTrigger(b).click();
      await expect(b.getByRole('menuitemradio', { name: renamed })).toBeVisible();
      await expect(b.getByRole('menuitemradio', { name: category.name, exact: true })).toHaveCount(0);
      await b.keyboard.press('Escape');
      await expect(liveIndicator(b)).toHaveCount(0);
      await expectNoReload(b);
    } finally {
      await close();
      await category.remove();
    }
  });

  test("a brand excluded in one browser appears in the other's exclusion list, and leaves it when removed", async ({
    page,
    browser,
    server,
  }) => {
    const [brand] = await server.db
      .select({ id: brands.id, name: brands.name, subcategoryId: brands.subcategoryId })
      .from(brands)
      .leftJoin(brandExclusions, eq(brandExclusions.brandId, brands.id))
      .where(isNull(brandExclusions.brandId))
      .orderBy(asc(brands.id))
      .limit(1);
    if (!brand) throw new Error('the demo catalogue has no brand to exclude');
    const { a, b, tokenA, close } = await twoBrowsers(page, browser, server, '/dashboard/brands/exclusions');
    const table = b.getByRole('grid', { name: 'Excluded brands' });
    const row = table.getByRole('row').filter({ hasText: brand.name });
    try {
      await expect(table).toBeVisible();
      await expect(row).toHaveCount(0);

      await callAs(a, server, tokenA, 'post', '/api/brands/exclusions', { name: brand.name, subcategory_id: brand.subcategoryId });
      await expect(row.first()).toBeVisible();

      await callAs(a, server, tokenA, 'delete', `/api/brands/exclusions/${brand.id}`);
      await expect(row).toHaveCount(0);
      await expectNoReload(b);
      await expectNoSeriousA11yViolations(b);
    } finally {
      await close();
      await server.db.delete(brandExclusions).where(eq(brandExclusions.brandId, brand.id));
    }
  });

  test('tokens bought in one browser show in the balance of the other', async ({ page, browser, makeServer }) => {
    const stripe = await startFakeStripe();
    try {
      const server = await makeServer({ env: stripe.env });
      const { a, b, tokenA, close } = await twoBrowsers(page, browser, server, '/dashboard');
      try {
        const balance = b.getByRole('status', { name: 'Token balance' });
        await expect(balance).toHaveText(/^[\d,]+ tokens$/);
        const before = Number((await balance.innerText()).replace(/\D/g, ''));

        // Save a card as the payment screen does (a SetupIntent confirmed on the card provider), then buy.
        const setup = await callAs(a, server, tokenA, 'post', '/api/payment-methods/setup-intent');
        const paymentMethod = stripe.confirmSetupIntent(((await setup.json()) as { client_secret: string }).client_secret);
        await callAs(a, server, tokenA, 'post', '/api/payment-methods', { payment_method: paymentMethod });
        const pkg = tokenPackages[0];
        await callAs(a, server, tokenA, 'post', '/api/purchase-tokens', { amount: pkg.amount, price: pkg.priceCents / 100 });

        await expect(balance).toHaveText(`${(before + pkg.amount).toLocaleString('en-US')} tokens`);
        await expectNoReload(b);
      } finally {
        await close();
      }
    } finally {
      await stripe.close();
    }
  });

  test('the header says at once when the network is lost, and what changed meanwhile shows once it is back', async ({
    page,
    browser,
    server,
  }) => {
    const category = await scratchCategory(server, 'offline');
    const { a, b, tokenA, close } = await twoBrowsers(page, browser, server, '/dashboard/events');
    try {
      await chooseCategory(b, category.name);
      await expect(liveIndicator(b)).toHaveCount(0);

      await b.context().setOffline(true);
      await expect(liveIndicator(b)).toHaveText(liveText);
      await expectNoSeriousA11yViolations(b);

      // Missed while offline: no event reaches B now.
      const renamed = renamedFrom(category.name);
      await callAs(a, server, tokenA, 'post', '/api/categories/update', { id: category.id, name: renamed });

      const resynced = userRefetched(b);
      await b.context().setOffline(false);
      await resynced;
      await expect(liveIndicator(b)).toHaveCount(0);
      await expect(categoryTrigger(b)).toContainText(renamed);
      await expectNoReload(b);
    } finally {
      await close();
      await category.remove();
    }
  });

  test('when the socket drops, pusher-js reconnects, joins every channel again and the stale data is refetched', async ({
    page,
    browser,
    server,
  }) => {
    // pusher-js notices a dead socket when its ping goes unanswered: the spec's pong timeout is 30 s, which B's
    // installed clock jumps over.
    test.setTimeout(120_000);
    const category = await scratchCategory(server, 'reconnect');
    const { a, b, tokenA, socketB, close } = await twoBrowsers(page, browser, server, '/dashboard/events', { installClock: true });
    try {
      await chooseCategory(b, category.name);
      await b.context().setOffline(true);
      await expect(liveIndicator(b)).toHaveText(liveText);

      const renamed = renamedFrom(category.name);
      await callAs(a, server, tokenA, 'post', '/api/categories/update', { id: category.id, name: renamed });
      // The ping pusher-js sent on going offline goes unanswered: after the pong timeout it drops the socket and
      // tries new ones (which fail while offline). B's clock jumps the pong timeout instead of waiting it out.
      const reconnecting = b.waitForEvent('websocket', {
        predicate: (socket) => socket !== socketB && isPusherSocket(socket),
        timeout: 60_000,
      });
      await b.clock.fastForward(realtimeClientTimeouts.pongTimeout);
      await reconnecting;
      await expect(liveIndicator(b)).toHaveText(liveText);
      await expect(categoryTrigger(b)).toContainText(category.name);

      const live = whenLive(b);
      const resynced = userRefetched(b);
      await b.context().setOffline(false);
      await live;
      await resynced;
      await expect(liveIndicator(b)).toHaveCount(0);
      await expect(categoryTrigger(b)).toContainText(renamed);

      // The new socket carries events again.
      const again = `${category.name} again`;
      await callAs(a, server, tokenA, 'post', '/api/categories/update', { id: category.id, name: again });
      await expect(categoryTrigger(b)).toContainText(again);
      await expectNoReload(b);
    } finally {
      await close();
      await category.remove();
    }
  });

  test("pusher-js is not in the login page's JavaScript, and comes with the dashboard", async ({ page, server }) => {
    const scripts: string[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.push(response.url());
    });
    const bodies = async () => Promise.all(scripts.splice(0).map(async (url) => (await page.request.get(url)).text()));
    const isPusher = (source: string) => source.includes('pusher_internal:subscription_succeeded');

    await page.goto(`${server.url}/login`, { waitUntil: 'networkidle' });
    const loginScripts = await bodies();
    expect(loginScripts.length).toBeGreaterThan(0);
    expect(loginScripts.filter(isPusher)).toHaveLength(0);

    await server.loginAs(page, operator);
    scripts.length = 0;
    const live = whenLive(page);
    await page.goto(`${server.url}/dashboard`);
    await live;
    expect((await bodies()).filter(isPusher)).toHaveLength(1);
  });
  test('a logout while the channels are still being authorised closes the socket, and no socket opens after', async ({ page, server }) => {
    await server.loginAs(page, operator);
    // Hold every channel authorisation until the operator has signed out.
    const held: Route[] = [];
    await page.route(`**${broadcastingApi.auth.path}`, (route) => {
      held.push(route);
    });
    const firstSocket = page.waitForEvent('websocket', { predicate: isPusherSocket });
    await page.goto(`${server.url}/dashboard/brands`);
    const socket = await firstSocket;
    const closed = socket.waitForEvent('close');
    await expect.poll(() => held.length, 'the channels ask for their authorisation').toBeGreaterThan(0);
    const opened: string[] = [];
    page.on('websocket', (s) => opened.push(s.url()));
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
    await closed;
    // The answers arrive after the socket closed (refused: the token is revoked); nothing reconnects.
    await Promise.all(held.map((route) => route.continue()));
    await page.waitForLoadState('networkidle');
    expect(opened, 'no socket opens after logout').toEqual([]);
  });
});
