import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { test as paymentsTest } from './stripe-fixtures';

/**
 * docs/ARCHITECTURE.md, "Routes warm their screen's queries in their loaders": every route that shows server data warms its queries in its loader. The router preloads a
 * route when the pointer rests on a link to it (`defaultPreload: 'intent'`): its loader runs then, before any of its
 * components exists, so the data request it makes is the loader's.
 */

/** The API calls the page makes from now on, as `METHOD /path?query`. */
function recordApiCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) calls.push(`${request.method()} ${url.pathname}${url.search}`);
  });
  return calls;
}

async function expectCallOnHover(page: Page, calls: string[], link: ReturnType<Page['getByRole']>, call: RegExp) {
  const urlBefore = page.url();
  calls.length = 0;
  await link.hover();
  await expect.poll(() => calls.some((c) => call.test(c)), { message: `${call} after hovering` }).toBe(true);
  // Only preloaded: the page did not navigate.
  expect(page.url()).toBe(urlBefore);
}

test('hovering a link warms the data of its screen through the route loader, before the screen is shown', async ({ page, server }) => {
  await server.loginAs(page);
  // The equipments screen selects a category and a subcategory (Equipments mode); then home, without a reload.
  await page.goto(`${server.url}/dashboard/equipments`);
  await expect(page.getByRole('banner').getByRole('button', { name: /^Subcategory/ })).toBeVisible();
  // The navigation's Home (the header's home mark folds away below 1440 px, docs/product.md#header).
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home', exact: true }).click();
  const main = page.getByRole('main');
  await expect(main.getByRole('link', { name: 'Open brands' })).toBeVisible();
  const calls = recordApiCalls(page);

  await expectCallOnHover(page, calls, main.getByRole('link', { name: 'Open brands' }), /^GET \/api\/brands\?subcategory_id=\d+/);
  await expectCallOnHover(page, calls, main.getByRole('link', { name: 'Open events' }), /^GET \/api\/events\?category_id=\d+/);
  await expectCallOnHover(page, calls, main.getByRole('link', { name: 'Exclusions' }), /^GET \/api\/equipments\/exclusions\?/);

  // A fresh page that has not shown the overview yet, wide enough for the header's home mark (docs/product.md#header).
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`${server.url}/dashboard/transactions`);
  await expect(page.getByRole('link', { name: 'Catalogue dashboard home' })).toBeVisible();
  await expectCallOnHover(page, calls, page.getByRole('link', { name: 'Catalogue dashboard home' }), /^GET \/api\/overview$/);
  // Payment Methods warms nothing here: this server has no Stripe keys, and the SPA asks nothing of a payments-off
  // server (e2e/payment-methods.spec.ts). The test below shows it on a server with payments.
});

paymentsTest('on a server with payments, hovering Payment Methods warms the saved cards', async ({ page, paymentsServer, signInBuyer }) => {
  await signInBuyer(page);
  await page.goto(`${paymentsServer.url}/dashboard/transactions`);
  const navigation = page.getByRole('navigation', { name: 'Main' });
  await expect(navigation).toBeVisible();
  const calls = recordApiCalls(page);
  await expectCallOnHover(page, calls, navigation.getByRole('link', { name: 'Payment Methods' }), /^GET \/api\/payment-methods$/);
});
