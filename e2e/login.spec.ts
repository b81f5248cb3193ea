import { eq } from 'drizzle-orm';
import type { Page } from '@playwright/test';
import { storageKeys } from '../contract/auth';
import { accessTokens } from '../server/db/schema';
import { expectNoSeriousA11yViolations } from './axe';
import { demoOperator, expect, startTestServer, test } from './fixtures';

/** docs/product.md#login, docs/product.md#messages-and-errors, the navigation guard and the 401 handling of the ky client. */

async function fillLogin(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
}

async function submit(page: Page) {
  await page.getByRole('button', { name: 'Login' }).click();
}

function loginAlert(page: Page) {
  return page.locator('main').getByRole('alert');
}

/** The brands and events screens, whose addresses hold the header's selection (docs/product.md#selection). */
const escaped = (text: string) => text.replace(/[.?]/g, '\\$&');
const brandsScreen = (url: string) => new RegExp(`^${escaped(url)}/dashboard/brands\\?category=\\d+&subcategory=\\d+$`);
const eventsScreen = (url: string) => new RegExp(`^${escaped(url)}/dashboard/events\\?category=\\d+$`);
/** The login screen, sent back to `location` (an absolute address of this site) once signed in. */
const loginReturningTo = (location: URL) => `${location.origin}/login?redirect=${encodeURIComponent(location.pathname + location.search)}`;

async function storedSession(page: Page) {
  return page.evaluate((keys) => [localStorage.getItem(keys.authToken), localStorage.getItem(keys.authUserId)], storageKeys);
}

test.describe('login screen', () => {
  test("downloads the next screen's code while idle, and calls no API before sign-in", async ({ page, server }) => {
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    const brandsCode = page.waitForRequest((request) => /\/assets\/dashboard\.brands\.index-[^/]+\.js$/.test(request.url()));
    await page.goto(`${server.url}/login`);
    await brandsCode;
    expect(requested.filter((path) => path.startsWith('/api/'))).toEqual([]);

    // Where the operator was going is what is preloaded (listened for before the page loads: it may come first).
    const runsCode = page.waitForRequest((request) => /\/assets\/dashboard\.runs-[^/]+\.js$/.test(request.url()));
    await page.goto(`${server.url}/login?redirect=${encodeURIComponent('/dashboard/runs')}`);
    await runsCode;
  });

  test('has labelled, required fields of the right types and passes axe', async ({ page, server }) => {
    await page.goto(`${server.url}/login`);
    await expect(page).toHaveTitle('Catalogue dashboard');
    const email = page.getByLabel('Email');
    const password = page.getByLabel('Password');
    await expect(email).toHaveAttribute('type', 'email');
    await expect(email).toHaveAttribute('required', '');
    await expect(password).toHaveAttribute('type', 'password');
    await expect(password).toHaveAttribute('required', '');
    await expect(email).toBeFocused();
    await expectNoSeriousA11yViolations(page);
  });

  test('the browser refuses an empty form and a malformed email without calling the server', async ({ page, server }) => {
    const calls: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/api/login')) calls.push(r.url());
    });
    await page.goto(`${server.url}/login`);
    await submit(page);
    expect(await page.getByLabel('Email').evaluate((el: HTMLInputElement) => el.validity.valueMissing)).toBe(true);
    await fillLogin(page, 'not-an-email', 'secret');
    await submit(page);
    expect(await page.getByLabel('Email').evaluate((el: HTMLInputElement) => el.validity.typeMismatch)).toBe(true);
    await page.getByLabel('Email').fill('demo@example.com');
    await page.getByLabel('Password').fill('');
    await submit(page);
    expect(await page.getByLabel('Password').evaluate((el: HTMLInputElement) => el.validity.valueMissing)).toBe(true);
    expect(calls).toEqual([]);
    await expect(page).toHaveURL(/\/login$/);
  });

  test('signs in, stores authToken and authUserId, and goes to /dashboard/brands', async ({ page, server }) => {
    await page.goto(`${server.url}/login`);
    await fillLogin(page, demoOperator.email, demoOperator.password);
    const answer = page.waitForResponse((r) => r.url().endsWith('/api/login'));
    await submit(page);
    const body = (await (await answer).json()) as { token: string; user: { id: number } };
    await expect(page).toHaveURL(brandsScreen(server.url));
    await expect(page.getByRole('heading', { level: 1, name: 'Brands' })).toBeVisible();
    expect(await storedSession(page)).toEqual([body.token, String(body.user.id)]);
  });

  test("shows the server's text for wrong credentials, and the button is busy meanwhile", async ({ page, server }) => {
    await page.goto(`${server.url}/login`);
    await fillLogin(page, demoOperator.email, 'wrong-password');
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/login', async (route) => {
      await held; // holds the real request back, then lets it through unchanged
      await route.continue();
    });
    await submit(page);
    const button = page.getByRole('button', { name: 'Login' });
    await expect(button).toBeDisabled();
    await expect(button).toHaveAttribute('aria-busy', 'true');
    release();
    await expect(loginAlert(page)).toHaveText('These credentials do not match our records.');
    await expect(button).toBeEnabled();
    await expect(page).toHaveURL(/\/login$/);
    expect(await storedSession(page)).toEqual([null, null]);
    await expectNoSeriousA11yViolations(page);
  });

  test('a double click on Login sends one sign-in', async ({ page, server }) => {
    await page.goto(`${server.url}/login`);
    await fillLogin(page, demoOperator.email, demoOperator.password);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let sent = 0;
    await page.route('**/api/login', async (route) => {
      sent += 1;
      await held;
      await route.continue();
    });
    await page.getByRole('button', { name: 'Login' }).dblclick();
    await expect(page.getByRole('button', { name: 'Login' })).toBeDisabled();
    release();
    await expect(page).toHaveURL(brandsScreen(server.url));
    expect(sent).toBe(1);
  });

  test("shows the server's rate-limit text once too many attempts were made", async ({ page, makeServer }) => {
    const server = await makeServer();
    await page.goto(`${server.url}/login`);
    await fillLogin(page, demoOperator.email, 'wrong-password');
    let message: string | undefined;
    for (let attempt = 0; attempt < 20 && message === undefined; attempt++) {
      const answer = page.waitForResponse((r) => r.url().endsWith('/api/login'));
      await submit(page);
      const response = await answer;
      if (response.status() === 429) message = ((await response.json()) as { message: string }).message;
      await expect(page.getByRole('button', { name: 'Login' })).toBeEnabled();
    }
    expect(message, 'the server rate-limits failed logins').toBeTruthy();
    await expect(loginAlert(page)).toHaveText(message!);
  });

  test("says 'Login failed' when the server fails without a text of its own (500)", async ({ page, makeServer }) => {
    const server = await makeServer();
    await page.goto(`${server.url}/login`);
    await server.breakTable('access_tokens'); // the credentials check passes; issuing the token fails
    await fillLogin(page, demoOperator.email, demoOperator.password);
    const answer = page.waitForResponse((r) => r.url().endsWith('/api/login'));
    await submit(page);
    expect((await answer).status()).toBe(500);
    await expect(loginAlert(page)).toHaveText('Login failed');
    await expect(page).toHaveURL(/\/login$/);
  });

  test("says 'Login failed' when the server cannot be reached", async ({ page }) => {
    const server = await startTestServer();
    await page.goto(`${server.url}/login`);
    await fillLogin(page, demoOperator.email, demoOperator.password);
    await server.close();
    await submit(page);
    await expect(loginAlert(page)).toHaveText('Login failed');
  });
});

test.describe('navigation guard', () => {
  test('sends a signed-out visitor to /login and back to where they were going', async ({ page, server }) => {
    await page.goto(`${server.url}/dashboard/events`);
    await expect(page).toHaveURL(`${server.url}/login?redirect=%2Fdashboard%2Fevents`);
    await fillLogin(page, demoOperator.email, demoOperator.password);
    await submit(page);
    await expect(page).toHaveURL(eventsScreen(server.url));
    await expect(page.getByRole('heading', { level: 1, name: 'Events' })).toBeVisible();
  });

  test('guards every dashboard route, keeping its search', async ({ page, server }) => {
    for (const path of [
      '/dashboard',
      '/dashboard/payment-methods',
      '/dashboard/brands',
      '/dashboard/equipments',
      '/dashboard/equipments/exclusions',
      '/dashboard/equipments/exclusions/brands',
      '/dashboard/brands/exclusions',
      '/dashboard/events',
      '/dashboard/transactions',
    ]) {
      await page.goto(`${server.url}${path}`);
      await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
      expect(new URL(page.url()).searchParams.get('redirect')).toBe(path);
    }
  });

  test('/ goes to /dashboard/brands (through the login when signed out)', async ({ page, server }) => {
    await page.goto(`${server.url}/`);
    await expect(page).toHaveURL(/\/login\?redirect=%2Fdashboard%2Fbrands$/);
    await fillLogin(page, demoOperator.email, demoOperator.password);
    await submit(page);
    await expect(page).toHaveURL(brandsScreen(server.url));
    await page.goto(`${server.url}/`);
    await expect(page).toHaveURL(brandsScreen(server.url));
  });

  test('never follows a return path to another site', async ({ page, server }) => {
    await page.goto(`${server.url}/login?redirect=${encodeURIComponent('https://evil.example/x')}`);
    await fillLogin(page, demoOperator.email, demoOperator.password);
    await submit(page);
    await expect(page).toHaveURL(brandsScreen(server.url));
    await page.evaluate(() => localStorage.clear());
    await page.goto(`${server.url}/login?redirect=${encodeURIComponent('//evil.example/x')}`);
    await fillLogin(page, demoOperator.email, demoOperator.password);
    await submit(page);
    await expect(page).toHaveURL(brandsScreen(server.url));
  });

  test('a signed-in operator who opens /login goes on to the dashboard', async ({ page, server }) => {
    await server.loginAs(page);
    await page.goto(`${server.url}/login`);
    await expect(page).toHaveURL(brandsScreen(server.url));
  });

  test('an unknown address shows a not-found page', async ({ page, server }) => {
    await server.loginAs(page);
    await page.goto(`${server.url}/dashboard/nowhere`);
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  });
});

test.describe('a lost session', () => {
  test('a 401 from the API signs out and returns to /login keeping the location', async ({ page, server }) => {
    const { userId } = await server.loginAs(page, { email: 'revoked@example.com' });
    await page.goto(`${server.url}/dashboard/events`);
    await expect(page.getByRole('status', { name: 'Token balance' })).toContainText('tokens');
    await expect(page).toHaveURL(eventsScreen(server.url));
    const events = new URL(page.url());
    // The token is revoked on the server (as a logout elsewhere or an expiry would).
    await server.db.delete(accessTokens).where(eq(accessTokens.userId, userId));
    await page.reload();
    await expect(page).toHaveURL(loginReturningTo(events));
    expect(await storedSession(page)).toEqual([null, null]);
    await fillLogin(page, 'revoked@example.com', demoOperator.password);
    await submit(page);
    await expect(page).toHaveURL(events.href);
  });

  test('a logout in another tab signs this one out too, and the next operator sees nothing of the first', async ({ page, server }) => {
    await server.loginAs(page, { email: 'first-tab@example.com' });
    await page.goto(`${server.url}/dashboard/events`);
    await expect(page).toHaveURL(eventsScreen(server.url));
    const events = new URL(page.url());
    const accountMenu = page.getByRole('button', { name: 'Account menu' });
    await accountMenu.click();
    await expect(page.getByRole('menu')).toContainText('first-tab@example.com');
    await page.keyboard.press('Escape');

    const other = await page.context().newPage();
    await other.goto(`${server.url}/dashboard/brands`);
    await other.getByRole('button', { name: 'Account menu' }).click();
    await other.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(other).toHaveURL(`${server.url}/login`);
    await other.close();
    await expect(page).toHaveURL(loginReturningTo(events));
    expect(await storedSession(page)).toEqual([null, null]);

    // In the same page: the first operator's answers (the user's fresh for minutes) must not show for the next one.
    await fillLogin(page, demoOperator.email, demoOperator.password);
    await submit(page);
    await expect(page).toHaveURL(events.href);
    await accountMenu.click();
    await expect(page.getByRole('menu')).toContainText(demoOperator.email);
    await expect(page.getByRole('menu')).not.toContainText('first-tab@example.com');
  });
});
