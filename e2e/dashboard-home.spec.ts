import type { APIRequestContext } from '@playwright/test';
import { sql } from 'drizzle-orm';
import type { OverviewAnswer } from '../contract/overview';
import { expectNoSeriousA11yViolations } from './axe';
import { expect, test, type TestServer } from './fixtures';

/** docs/product.md#dashboard-home: the dashboard home's overview, with its loading, empty and error states. */

async function overviewOf(request: APIRequestContext, server: TestServer, token: string): Promise<OverviewAnswer> {
  const response = await request.get(`${server.url}/api/overview`, {
    headers: { Authorization: `Bearer ${token}`, 'X-Requested-With': 'XMLHttpRequest' },
  });
  expect(response.status()).toBe(200);
  return (await response.json()) as OverviewAnswer;
}

const fmt = (n: number) => n.toLocaleString('en-US');

test.describe('dashboard home', () => {
  test('the balance, categories and subcategories by status, and the latest runs with their cost', async ({ page, server, request }) => {
    const { token } = await server.loginAs(page);
    const overview = await overviewOf(request, server, token);
    await page.goto(`${server.url}/dashboard`);

    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    const balance = page.getByRole('article', { name: 'Token balance' });
    await expect(balance).toContainText(`${fmt(overview.tokens)} tokens`);

    for (const [title, tally] of [
      ['Events by category', overview.categories_by_status],
      ['Brands by subcategory', overview.subcategories_by_status],
    ] as const) {
      const card = page.getByRole('article', { name: title });
      const items = card.getByRole('listitem');
      const expected = Object.entries(tally).filter(([, n]) => n > 0);
      await expect(items).toHaveCount(expected.length);
      for (const [status, n] of expected) {
        await expect(items.filter({ has: page.locator('.status-badge', { hasText: new RegExp(`^${status}$`) }) })).toContainText(fmt(n));
      }
    }

    const runs = page.getByRole('grid', { name: 'Latest generation runs, newest first' });
    await expect(runs.locator('tbody tr')).toHaveCount(overview.latest_runs.length);
    const latest = overview.latest_runs[0]!;
    await expect(runs.locator('tbody tr').first()).toContainText(fmt(latest.total_tokens));
    await expect(runs.locator('tbody tr').first()).toContainText(latest.category.name);
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('link', { name: /Open brands/ }).click();
    // With the selection in its address (docs/product.md#selection).
    await expect(page).toHaveURL(/\/dashboard\/brands\?category=\d+&subcategory=\d+$/);
  });

  test('an empty catalogue says so', async ({ page, makeServer }) => {
    const server = await makeServer({ seed: false });
    await server.loginAs(page);
    await page.goto(`${server.url}/dashboard`);
    await expect(page.getByRole('article', { name: 'Events by category' })).toContainText('No categories yet.');
    await expect(page.getByRole('article', { name: 'Brands by subcategory' })).toContainText('No subcategories yet.');
    await expect(page.getByText('No generation has run yet.')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  test('a loading state while the overview is on its way', async ({ page, makeServer }) => {
    const server = await makeServer();
    await server.loginAs(page);
    const lock = await server.lockTable('generation_runs');
    try {
      await page.goto(`${server.url}/dashboard`);
      await expect(page.getByRole('main').getByRole('status', { name: 'Loading the overview' })).toBeVisible();
      await expectNoSeriousA11yViolations(page);
    } finally {
      await lock.release();
    }
    await expect(page.getByRole('article', { name: 'Token balance' })).toBeVisible();
  });

  test('a failed overview says so and can be retried', async ({ page, makeServer }) => {
    const server = await makeServer();
    await server.loginAs(page);
    await server.breakTable('generation_runs');
    await page.goto(`${server.url}/dashboard`);
    const alert = page.getByRole('main').getByRole('alert');
    await expect(alert).toContainText('Failed to load the overview. Please try again.');
    await expectNoSeriousA11yViolations(page);

    await server.db.execute(sql.raw('alter table "generation_runs_broken" rename to "generation_runs"'));
    await alert.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByRole('grid', { name: 'Latest generation runs, newest first' })).toBeVisible();
  });
});
