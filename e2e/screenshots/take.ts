import { mkdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { storageKeys } from '../../contract/auth';
import { requestedWithHeader } from '../../contract/http';
import { buildSpa, spaNeedsBuild } from '../../server/cli/spa-build';
import { startFakeStripe, type FakeStripe } from '../../server/payments/test-support/fake-stripe';
import { launchChromium } from '../bench/chromium';
import { demoOperator } from '../demo-operator';
import { fakeStripeJs } from '../fake-stripe-js';
import { startTestServer, type TestServer } from '../fixtures';

/**
 * `npm run screenshots`: the pictures of docs/guide.md, taken from the real server (a fresh data directory with the
 * demo seed, on a free port) and the built SPA (`SPA_DIR`, else `dist`, built when stale). Payments go to the fake
 * Stripe the end-to-end tests use, so the Payment Methods screen and the Purchase Tokens dialog show as they do with
 * a card provider. One 1280x800 picture per screen the guide shows, into docs/guide/. Not part of `npm test`.
 */

const outDir = path.resolve('docs/guide');
const viewport = { width: 1280, height: 800 };
/** The most a guide picture may weigh as a PNG (a heavier one is saved as a JPEG): the repository stays light. */
const sizeBudget = 150_000;

const category = 'Construction Equipment';
const subcategory = 'Excavators';

async function main() {
  if (!process.env.SPA_DIR && (await spaNeedsBuild(process.cwd(), 'dist'))) await buildSpa(process.cwd(), 'dist');
  await mkdir(outDir, { recursive: true });
  const fakeStripe = await startFakeStripe();
  const server = await startTestServer({ env: fakeStripe.env });
  const browser = await launchChromium();
  try {
    const context = await browser.newContext({ viewport, reducedMotion: 'reduce', colorScheme: 'light' });
    await context.route('https://js.stripe.com/**', (route) =>
      route.fulfill({ status: 200, contentType: 'application/javascript', body: fakeStripeJs(fakeStripe.url) }),
    );
    const page = await context.newPage();
    const token = await signIn(page, server);
    await saveDemoCard(server, fakeStripe, token);
    await takeAll(page, server);
    await context.close();
  } finally {
    await browser.close();
    await server.close();
    await fakeStripe.close();
  }
}

/** Through the login screen, as the demo operator; answers the session's token. */
async function signIn(page: Page, server: TestServer): Promise<string> {
  await page.goto(`${server.url}/login`);
  await page.getByLabel('Email').fill(demoOperator.email);
  await page.getByLabel('Password').fill(demoOperator.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL(/\/dashboard/);
  const token = await page.evaluate((key) => localStorage.getItem(key), storageKeys.authToken);
  if (!token) throw new Error('No session token after signing in.');
  return token;
}

/** A saved default card, so the Payment Methods screen lists one and the Purchase Tokens dialog can charge it. */
async function saveDemoCard(server: TestServer, fakeStripe: FakeStripe, token: string) {
  const headers = { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', ...requestedWithHeader };
  const setup = await fetch(`${server.url}/api/payment-methods/setup-intent`, { method: 'POST', headers, body: '{}' });
  if (!setup.ok) throw new Error(`setup-intent answered ${setup.status}`);
  const { client_secret } = (await setup.json()) as { client_secret: string };
  const paymentMethod = fakeStripe.confirmSetupIntent(client_secret);
  const saved = await fetch(`${server.url}/api/payment-methods`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ payment_method: paymentMethod }),
  });
  if (!saved.ok) throw new Error(`saving the card answered ${saved.status}`);
}

async function takeAll(page: Page, server: TestServer) {
  await visit(page, server, '/dashboard', 'Dashboard');
  await shoot(page, 'home');

  await visit(page, server, '/dashboard/brands', 'Brands');
  await pickFromHeader(page, /^Category/, category);
  await pickFromHeader(page, /^Subcategory/, subcategory);
  await settle(page);
  await shoot(page, 'brands');
  const selection = new URL(page.url()).search;

  await header(page)
    .getByRole('button', { name: /^Category/ })
    .click();
  await page.getByRole('menuitemradio').first().waitFor();
  await shoot(page, 'header-menus');
  await page.keyboard.press('Escape');

  await header(page).getByRole('button', { name: 'Regenerate', exact: true }).click();
  const confirmation = page.getByRole('dialog', { name: 'Confirm generation' });
  await confirmation.getByText(/^About [\d,]+ tokens, at most [\d,]+\.$/).waitFor();
  await shoot(page, 'cost-confirmation');
  await confirmation.getByRole('button', { name: 'Cancel' }).click();
  await confirmation.waitFor({ state: 'detached' });

  await visit(page, server, `/dashboard/equipments${selection}`, 'Equipments');
  await shoot(page, 'equipments');
  await visit(page, server, `/dashboard/events${selection}`, 'Events');
  await shoot(page, 'events');
  await visit(page, server, `/dashboard/brands/exclusions${selection}`, 'Brand exclusions');
  await shoot(page, 'brand-exclusions');
  await visit(page, server, `/dashboard/equipments/exclusions${selection}`, 'Equipment exclusions');
  await shoot(page, 'equipment-exclusions');
  await visit(page, server, '/dashboard/runs', /Runs/);
  await shoot(page, 'runs');
  await visit(page, server, '/dashboard/transactions', 'Transactions');
  await shoot(page, 'transactions');
  await visit(page, server, '/dashboard/payment-methods', 'Payment Methods');
  await page.getByText('Default Payment Method').first().waitFor();
  await shoot(page, 'payment-methods');

  await header(page).getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Purchase Tokens' }).click();
  const purchase = page.getByRole('dialog', { name: 'Purchase Tokens' });
  await purchase.getByText('Charged to your default card').waitFor();
  await shoot(page, 'purchase-tokens');
}

const header = (page: Page) => page.getByRole('banner');

async function visit(page: Page, server: TestServer, route: string, heading: string | RegExp) {
  await page.goto(`${server.url}${route}`);
  await page.getByRole('heading', { level: 1, name: heading }).waitFor();
  await settle(page);
}

/** Every request answered (logos included) and no spinner left. */
async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await page
    .locator('[aria-busy="true"]')
    .first()
    .waitFor({ state: 'detached', timeout: 10_000 })
    .catch(() => undefined);
}

async function pickFromHeader(page: Page, trigger: RegExp, name: string) {
  const button = header(page).getByRole('button', { name: trigger });
  if (((await button.textContent()) ?? '').includes(name)) return;
  await button.click();
  await page.getByRole('menuitemradio', { name, exact: true }).click();
  await button.filter({ hasText: name }).waitFor();
}

/** A PNG, or a JPEG (quality 80) when the PNG would weigh more than the budget; the other one is removed. */
async function shoot(page: Page, name: string) {
  const png = path.join(outDir, `${name}.png`);
  const jpeg = path.join(outDir, `${name}.jpg`);
  await page.screenshot({ path: png, animations: 'disabled', caret: 'hide' });
  let file = png;
  if ((await stat(png)).size > sizeBudget) {
    await page.screenshot({ path: jpeg, type: 'jpeg', quality: 80, animations: 'disabled', caret: 'hide' });
    await rm(png);
    file = jpeg;
  } else {
    await rm(jpeg, { force: true });
  }
  console.log(`${path.relative(process.cwd(), file)} ${Math.round((await stat(file)).size / 1000)} kB`);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
