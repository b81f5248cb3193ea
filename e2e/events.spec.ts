import type { APIRequestContext, Page } from '@playwright/test';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Category } from '../contract/categories';
import type { Event } from '../contract/events';
import { modelTypes, statusNames } from '../contract/statuses';
import { categories, events, statuses } from '../server/db/schema';
import { expectNoSeriousA11yViolations } from './axe';
import { expect, test, type TestServer } from './fixtures';

/** docs/product.md#events-screen: the selection gate, the paged grid, sort and filter in the URL, the empty and error states. */

const api = (server: TestServer, token: string) => ({
  headers: { Authorization: `Bearer ${token}`, 'X-Requested-With': 'XMLHttpRequest' },
  async categories(request: APIRequestContext): Promise<Category[]> {
    const response = await request.get(`${server.url}/api/categories`, { headers: this.headers });
    expect(response.status()).toBe(200);
    return ((await response.json()) as { categories: Category[] }).categories;
  },
  async events(request: APIRequestContext, query: string): Promise<{ events: Event[]; total: number }> {
    const response = await request.get(`${server.url}/api/events?${query}`, { headers: this.headers });
    expect(response.status()).toBe(200);
    return (await response.json()) as { events: Event[]; total: number };
  },
});

const grid = (page: Page) => page.getByRole('grid', { name: /^Events of / });
const categoryTrigger = (page: Page) => page.getByRole('banner').getByRole('button', { name: /^Category/ });

async function chooseCategory(page: Page, name: string) {
  await categoryTrigger(page).click();
  await page.getByRole('menuitemradio', { name }).click();
  await expect(categoryTrigger(page)).toContainText(name);
}

/** The first-column texts of the rendered body rows. */
async function eventNames(page: Page): Promise<string[]> {
  return grid(page).locator('tbody tr.data-table__row td:first-child').allInnerTexts();
}

test.describe('events screen', () => {
  test('the category events in a grid with every column; website links open safely', async ({ page, server, request }) => {
    const { token } = await server.loginAs(page);
    const tree = await api(server, token).categories(request);
    const withEvents = tree.find((c) => c.events_count > 1)!;
    await page.goto(`${server.url}/dashboard/events`);
    await chooseCategory(page, withEvents.name);

    await expect(grid(page)).toBeVisible();
    const headers = grid(page).locator('thead th');
    // Category repeats the page's scope: at 1280 px it waits in the Columns menu (docs/decisions/0023-scope-columns-yield-to-decision-columns.md).
    await expect(headers).toHaveText([
      /Name/,
      'Description',
      'Address',
      'Website',
      /Event Type/,
      /Start Date/,
      /End Date/,
      'SEO Title',
      'SEO Description',
      /Created At/,
    ]);
    await expect(grid(page).locator('tbody tr.data-table__row')).toHaveCount(withEvents.events_count);
    await expect(page.getByRole('status').filter({ hasText: /events?$/ })).toHaveText(`${withEvents.events_count} events`);

    const { events: rows } = await api(server, token).events(request, `category_id=${withEvents.id}`);
    const first = rows[0]!;
    const row = grid(page).getByRole('row').filter({ hasText: first.name });
    await expect(grid(page)).toHaveAccessibleName(`Events of ${withEvents.name}`);
    const link = row.getByRole('link');
    await expect(link).toHaveAttribute('href', new URL(first.website!).href);
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    await expectNoSeriousA11yViolations(page);
  });

  test('a website that is not http(s) is text, never a link', async ({ page, server, request }) => {
    const { token } = await server.loginAs(page);
    const tree = await api(server, token).categories(request);
    const category = tree.find((c) => c.events_count > 0)!;
    const { events: rows } = await api(server, token).events(request, `category_id=${category.id}`);
    const target = rows[0]!;
    await server.db.update(events).set({ website: 'javascript:alert(1)' }).where(eq(events.id, target.id));
    try {
      await page.goto(`${server.url}/dashboard/events`);
      await chooseCategory(page, category.name);
      const row = grid(page).getByRole('row').filter({ hasText: target.name });
      await expect(row).toContainText('javascript:alert(1)');
      await expect(row.getByRole('link')).toHaveCount(0);
    } finally {
      await server.db.update(events).set({ website: target.website }).where(eq(events.id, target.id));
    }
  });

  test('sorting by a header keeps the order in the URL and survives a reload', async ({ page, server, request }) => {
    const { token } = await server.loginAs(page);
    const tree = await api(server, token).categories(request);
    const category = tree[0]!;
    expect(category.events_count, 'the first category needs two events or more').toBeGreaterThan(1);
    const byNameDesc = (await api(server, token).events(request, `category_id=${category.id}&sort=name&dir=desc`)).events.map(
      (e) => e.name,
    );
    await page.goto(`${server.url}/dashboard/events`);
    await expect(grid(page)).toBeVisible();

    const nameHeader = grid(page).getByRole('columnheader', { name: /Name/ });
    await expect(nameHeader).toHaveAttribute('aria-sort', 'none');
    await nameHeader.getByRole('button').click(); // ascending
    await expect(nameHeader).toHaveAttribute('aria-sort', 'ascending');
    await nameHeader.getByRole('button').click(); // descending
    await expect(nameHeader).toHaveAttribute('aria-sort', 'descending');
    await expect(page).toHaveURL(/[?&]sort=name&dir=desc/);
    await expect.poll(() => eventNames(page)).toEqual(byNameDesc);

    await page.reload();
    await expect(grid(page).getByRole('columnheader', { name: /Name/ })).toHaveAttribute('aria-sort', 'descending');
    await expect.poll(() => eventNames(page)).toEqual(byNameDesc);
  });

  test('the quick filter goes into the URL, filters on the server and survives a reload', async ({ page, server, request }) => {
    const { token } = await server.loginAs(page);
    const first = (await api(server, token).categories(request))[0]!;
    const { events: rows } = await api(server, token).events(request, `category_id=${first.id}`);
    const wanted = rows[0]!;
    const term = wanted.name.split(' ')[0]!.toLowerCase();
    const matching = rows.filter((e) => e.name.toLowerCase().includes(term));
    await page.goto(`${server.url}/dashboard/events`);
    await expect(grid(page)).toBeVisible();

    await page.getByRole('searchbox', { name: 'Filter events by name' }).fill(term);
    await expect(page).toHaveURL(new RegExp(`[?&]q=${encodeURIComponent(term)}(&|$)`));
    await expect.poll(() => eventNames(page)).toEqual(matching.map((e) => e.name));

    await page.reload();
    await expect(page.getByRole('searchbox', { name: 'Filter events by name' })).toHaveValue(term);
    await expect.poll(() => eventNames(page)).toEqual(matching.map((e) => e.name));

    await page.getByRole('searchbox', { name: 'Filter events by name' }).fill('no event is called this');
    await expect(grid(page)).toContainText(`No events of ${first.name} match “no event is called this”.`);
    await expectNoSeriousA11yViolations(page);
  });

  test('the column menu hides and shows a column', async ({ page, server }) => {
    await server.loginAs(page);
    await page.goto(`${server.url}/dashboard/events`);
    await expect(grid(page)).toBeVisible();
    await expect(grid(page).getByRole('columnheader', { name: 'SEO Title' })).toBeVisible();

    await page.getByRole('button', { name: 'Columns' }).click();
    await page.getByRole('menuitemcheckbox', { name: 'SEO Title' }).click();
    await expect(page.getByRole('menuitemcheckbox', { name: 'SEO Title' })).toHaveAttribute('aria-checked', 'false');
    await page.keyboard.press('Escape');
    await expect(grid(page).getByRole('columnheader', { name: 'SEO Title' })).toHaveCount(0);

    await page.getByRole('button', { name: 'Columns' }).click();
    await page.getByRole('menuitemcheckbox', { name: 'SEO Title' }).click();
    await page.keyboard.press('Escape');
    await expect(grid(page).getByRole('columnheader', { name: 'SEO Title' })).toBeVisible();
  });

  test("'No events available for {category}.' with Generate Events, which fills the category", async ({ page, makeServer, request }) => {
    const server = await makeServer();
    const { token } = await server.loginAs(page);
    const empty = (await api(server, token).categories(request)).find((c) => c.events_count === 0 && c.status === null)!;
    await page.goto(`${server.url}/dashboard/events`);
    await chooseCategory(page, empty.name);

    await expect(page.getByText(`No events available for ${empty.name}.`, { exact: true })).toBeVisible();
    await expect(grid(page)).toHaveCount(0);
    const generate = page.getByRole('button', { name: 'Generate Events', exact: true });
    await expect(generate).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    // The demo generator runs while the request waits; its refusals are in generation.spec.ts.
    const answer = page.waitForResponse((r) => r.url().endsWith('/api/events/generate'));
    await generate.click();
    const response = await answer;
    expect(response.status()).toBe(200);
    const { events: generated } = (await response.json()) as { events: Event[] };
    expect(generated.length).toBeGreaterThan(0);
    await expect(page.getByRole('status').filter({ hasText: `Generated ${generated.length} new events.` })).toBeVisible();
    await expect(grid(page)).toBeVisible();
    await expect(
      grid(page)
        .getByRole('row')
        .filter({ hasText: generated[0]?.name ?? '' }),
    ).toBeVisible();
    await expect(page.getByText(`No events available for ${empty.name}.`, { exact: true })).toHaveCount(0);
  });

  test("'Regenerate Events' and the badge once a status exists; a spinner while In Progress", async ({ page, server }) => {
    const name = `Zz events spec ${Date.now()}`;
    const [category] = await server.db.insert(categories).values({ name }).returning({ id: categories.id });
    const target = and(eq(statuses.modelType, modelTypes.event), eq(statuses.categoryId, category!.id), isNull(statuses.subcategoryId));
    try {
      await server.db.insert(statuses).values({ name: statusNames.failed, modelType: modelTypes.event, categoryId: category!.id });
      await server.loginAs(page);
      await page.goto(`${server.url}/dashboard/events`);
      await chooseCategory(page, name);
      await expect(page.getByText(`No events available for ${name}.`, { exact: true })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Regenerate Events', exact: true })).toBeVisible();
      await expect(page.locator('main .status-badge')).toHaveText(statusNames.failed);
      await expectNoSeriousA11yViolations(page);

      await server.db.update(statuses).set({ name: statusNames.inProgress }).where(target);
      await page.reload();
      await chooseCategory(page, name);
      await expect(page.getByRole('main').getByRole('status', { name: 'Generating events' })).toBeVisible();
      await expect(page.getByRole('button', { name: /Generate Events/ })).toHaveCount(0);
      await expect(page.locator('main .status-badge')).toHaveText(statusNames.inProgress);
    } finally {
      await server.db.delete(categories).where(eq(categories.id, category!.id));
    }
  });

  test("'Please select a category from the header to view events.' without categories", async ({ page, makeServer }) => {
    const server = await makeServer({ seed: false });
    await server.loginAs(page);
    await page.goto(`${server.url}/dashboard/events`);
    await expect(page.getByText('Please select a category from the header to view events.', { exact: true })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  test('a failed events fetch says so and can be retried', async ({ page, makeServer }) => {
    const server = await makeServer();
    await server.loginAs(page);
    await server.breakTable('events');
    await page.goto(`${server.url}/dashboard/events`);
    const alert = page.getByRole('main').getByRole('alert');
    await expect(alert).toContainText('Failed to fetch events. Please try again.');
    await expectNoSeriousA11yViolations(page);

    await server.db.execute(sqlRename('events_broken', 'events'));
    await alert.getByRole('button', { name: 'Retry' }).click();
    await expect(grid(page).locator('tbody tr.data-table__row').first()).toBeVisible();
  });
});

function sqlRename(from: string, to: string) {
  return sql.raw(`alter table "${from}" rename to "${to}"`);
}
