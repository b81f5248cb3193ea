import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { and, eq, gt, inArray, max } from 'drizzle-orm';
import type { Brand } from '../contract/brands';
import type { Category } from '../contract/categories';
import type { Event } from '../contract/events';
import { notGeneratedStatus, statusNames } from '../contract/statuses';
import { generationRuns, users } from '../server/db/schema';
import { itemsPerRun } from '../server/generation/prompts';
import { changeBalance } from '../server/tokens/ledger';
import { expectNoSeriousA11yViolations } from './axe';
import { expect, test, type TestServer } from './fixtures';
import { whenLive } from './live';

/**
 * Generation end to end (docs/product.md#events-screen and docs/product.md#brands-screen, docs/product.md#statuses and docs/product.md#live-updates,
 * docs/product.md#calls, docs/product.md#messages-and-errors generation failures): the real server with the offline demo generator (slowed down, so
 * that In Progress can be seen), the embedded Pusher server, pusher-js and Chromium. Nothing is mocked. Each test has a
 * server of its own, since generating changes the demo catalogue the other specs read.
 */

/**
 * The demo generator's time a run: long enough for both browsers to be checked while it is In Progress on a busy
 * 2-core machine (2 s was missed once in a full run), short enough for a quick spec.
 */
const demoDelayMs = 6_000;
const generatingServer = { env: { AI_DEMO_DELAY_MS: String(demoDelayMs) } };
/** Waiting for a run's end: its delay plus the realtime round trip and the refetches it causes. */
const runTimeout = demoDelayMs + 15_000;

const headers = (token: string) => ({ Authorization: `Bearer ${token}`, 'X-Requested-With': 'XMLHttpRequest' });

async function categoryTree(request: APIRequestContext, server: TestServer, token: string): Promise<Category[]> {
  const response = await request.get(`${server.url}/api/categories`, { headers: headers(token) });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { categories: Category[] }).categories;
}

async function brandsOf(request: APIRequestContext, server: TestServer, token: string, subcategoryId: number): Promise<Brand[]> {
  const response = await request.get(`${server.url}/api/brands?subcategory_id=${subcategoryId}`, { headers: headers(token) });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { brands: Brand[] }).brands;
}

function findSubcategory(tree: Category[], name: string) {
  for (const category of tree) {
    const subcategory = category.subcategories.find((s) => s.name === name);
    if (subcategory) return { category, subcategory };
  }
  throw new Error(`No subcategory ${name} in the demo catalogue`);
}

async function balanceOf(server: TestServer, userId: number): Promise<number> {
  const [user] = await server.db.select({ tokens: users.tokens }).from(users).where(eq(users.id, userId));
  if (!user) throw new Error(`no user ${userId}`);
  return user.tokens;
}

async function heldOf(server: TestServer, userId: number): Promise<number> {
  const [user] = await server.db.select({ held: users.heldTokens }).from(users).where(eq(users.id, userId));
  return user?.held ?? 0;
}

const tokensText = (n: number) => `${n.toLocaleString('en-US')} tokens`;

const banner = (page: Page) => page.getByRole('banner');
const main = (page: Page) => page.getByRole('main');
const balanceBadge = (page: Page) => banner(page).getByRole('status', { name: 'Token balance' });
const headerSpinner = (page: Page) => banner(page).getByRole('status', { name: 'Generating', exact: true });
const countBadge = (page: Page, text: string) => banner(page).getByText(text, { exact: true });
const eventsGrid = (page: Page) => page.getByRole('grid', { name: /^Events of / });
const brandsGrid = (page: Page) => page.getByRole('grid', { name: /^Brands of / });
const brandRows = (page: Page) => brandsGrid(page).locator('tbody tr.data-table__row');
const brandRow = (page: Page, name: string) =>
  brandRows(page).filter({ has: page.getByRole('checkbox', { name: `Select ${name}`, exact: true }) });
const successToast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text });
const errorToast = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text });

async function chooseCategory(page: Page, name: string) {
  const trigger = banner(page).getByRole('button', { name: /^Category/ });
  await expect(trigger).toBeEnabled();
  await trigger.click();
  await page.getByRole('menuitemradio', { name, exact: true }).click();
  await expect(trigger).toContainText(name);
}

async function selectSubcategory(page: Page, category: string, subcategory: string) {
  const categoryTrigger = banner(page).getByRole('button', { name: /^Category/ });
  await expect(categoryTrigger).toBeEnabled();
  if (!((await categoryTrigger.textContent()) ?? '').includes(category)) await chooseCategory(page, category);
  const subcategoryTrigger = banner(page).getByRole('button', { name: /^Subcategory/ });
  if (!((await subcategoryTrigger.textContent()) ?? '').includes(subcategory)) {
    await subcategoryTrigger.click();
    await page.getByRole('menuitemradio', { name: subcategory, exact: true }).click();
  }
  await expect(subcategoryTrigger).toContainText(subcategory);
}

/** The event names (the first column, without its review mark) of the events grid's rendered rows, sorted. */
async function eventNames(page: Page): Promise<string[]> {
  const names = await eventsGrid(page).locator('tbody tr.data-table__row td:first-child strong').allInnerTexts();
  return names.map((n) => n.trim()).sort();
}

async function brandNames(page: Page): Promise<string[]> {
  const names = await brandRows(page).locator('td:nth-child(2) strong').allInnerTexts();
  return names.map((n) => n.trim()).sort();
}

/** Opens `path` signed in and waits until the page's realtime channels are joined; marks the document. */
async function openLive(page: Page, server: TestServer, path: string) {
  const live = whenLive(page);
  await page.goto(`${server.url}${path}`);
  await live;
  await page.evaluate(() => ((window as unknown as { stillHere: boolean }).stillHere = true));
}

/** The document marked by openLive is still the one shown: nothing was reloaded. */
async function expectNoReload(page: Page) {
  expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere), 'the page was reloaded').toBe(true);
}

async function secondBrowser(browser: Browser) {
  const context = await browser.newContext();
  return { page: await context.newPage(), close: () => context.close() };
}

test.describe('generation', () => {
  test("Generate Events on 'Drones': a spinner while In Progress, then the events and the new balance, live in a second browser too", async ({
    page,
    browser,
    makeServer,
    request,
  }) => {
    const server = await makeServer(generatingServer);
    const { userId, token } = await server.loginAs(page);
    const drones = (await categoryTree(request, server, token)).find((c) => c.name === 'Drones');
    expect(drones, "the demo catalogue's Drones category").toBeDefined();
    expect(drones!.events_count).toBe(0);
    expect(drones!.status).toBeNull();

    const other = await secondBrowser(browser);
    try {
      const b = other.page;
      await server.loginAs(b);
      await openLive(page, server, '/dashboard/events');
      await openLive(b, server, '/dashboard/events');
      const before = await balanceOf(server, userId);

      for (const p of [page, b]) {
        await chooseCategory(p, 'Drones');
        await expect(main(p).getByText('No events available for Drones.', { exact: true })).toBeVisible();
        await expect(main(p).getByRole('button', { name: 'Generate Events', exact: true })).toBeVisible();
        await expect(eventsGrid(p)).toHaveCount(0);
        await expect(countBadge(p, '0 events')).toBeVisible();
        await expect(balanceBadge(p)).toHaveText(tokensText(before));
      }
      await expectNoSeriousA11yViolations(page);

      const answered = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/events/generate', { timeout: runTimeout });
      await main(page).getByRole('button', { name: 'Generate Events', exact: true }).click();

      // While the run is In Progress: spinners instead of the button (and of the header's count and Regenerate), in
      // the browser that asked and, through the socket, in the other one.
      for (const p of [page, b]) {
        await expect(main(p).getByRole('status', { name: 'Generating events' })).toBeVisible();
        await expect(main(p).getByRole('button', { name: /Generate Events/ })).toHaveCount(0);
        await expect(headerSpinner(p)).toBeVisible();
        await expect(banner(p).getByRole('button', { name: 'Regenerate', exact: true })).toHaveCount(0);
      }
      await expect(main(b).locator('.status-badge')).toHaveText(statusNames.inProgress);
      // The run holds the most it may cost: both browsers show what is left to spend, and what is held.
      const held = await heldOf(server, userId);
      expect(held).toBeGreaterThan(0);
      for (const p of [page, b]) {
        await expect(balanceBadge(p).locator('.token-badge__value')).toHaveText(tokensText(before - held));
        await expect(balanceBadge(p).getByText(`${held.toLocaleString('en-US')} held`, { exact: true })).toBeVisible();
      }

      const response = await answered;
      expect(response.status(), await response.text()).toBe(200);
      const answer = (await response.json()) as { events: Event[]; message: string };
      expect(answer.events).toHaveLength(itemsPerRun.Events);
      expect(answer.events.every((e) => e.category_id === drones!.id && e.category.name === 'Drones')).toBe(true);
      const generated = answer.events.map((e) => e.name).sort();
      expect(answer.message).toBe(`Generated ${generated.length} new events.`);

      const [run] = await server.db
        .select()
        .from(generationRuns)
        .where(and(eq(generationRuns.type, 'Events'), eq(generationRuns.categoryId, drones!.id)));
      expect(run?.status).toBe(statusNames.generated);
      expect(run!.chargedTokens).toBeGreaterThan(0);
      const after = before - run!.chargedTokens;
      expect(await balanceOf(server, userId)).toBe(after);

      await expect(successToast(page, answer.message)).toBeVisible();
      for (const p of [page, b]) {
        await expect(eventsGrid(p)).toBeVisible({ timeout: runTimeout });
        await expect.poll(() => eventNames(p), { timeout: runTimeout }).toEqual(generated);
        await expect(main(p).getByText('No events available for Drones.', { exact: true })).toHaveCount(0);
        await expect(main(p).getByRole('status', { name: 'Generating events' })).toHaveCount(0);
        await expect(headerSpinner(p)).toHaveCount(0);
        await expect(countBadge(p, `${generated.length} events`)).toBeVisible();
        await expect(banner(p).getByRole('button', { name: 'Regenerate', exact: true })).toBeVisible();
        // The charge reaches both browsers of the operator through private-user.{id}.
        await expect(balanceBadge(p)).toHaveText(tokensText(after));
      }
      const first = answer.events[0]!;
      await expect(eventsGrid(b).getByRole('row').filter({ hasText: first.name })).toContainText(first.event_type!);
      await expectNoReload(page);
      await expectNoReload(b);
      await expectNoSeriousA11yViolations(b);
    } finally {
      await other.close();
    }
  });

  test("Generate Brands on 'Bulldozers': a spinner while In Progress, then the brands appear live with the run Generated", async ({
    page,
    makeServer,
    request,
  }) => {
    const server = await makeServer(generatingServer);
    const { userId, token } = await server.loginAs(page);
    const { category, subcategory } = findSubcategory(await categoryTree(request, server, token), 'Bulldozers');
    expect(category.name).toBe('Construction Equipment');
    expect(subcategory.brands_count).toBe(0);

    await openLive(page, server, '/dashboard/brands');
    await selectSubcategory(page, category.name, subcategory.name);
    const before = await balanceOf(server, userId);
    await expect(balanceBadge(page)).toHaveText(tokensText(before));
    await expect(main(page).getByText('No brands available for Bulldozers.', { exact: true })).toBeVisible();
    await expect(countBadge(page, '0 brands')).toBeVisible();
    await expect(brandsGrid(page)).toHaveCount(0);

    const answered = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/brands/generate');
    await main(page).getByRole('button', { name: 'Generate Brands', exact: true }).click();
    // Queued: the answer comes at once, the brands later, over the socket.
    const response = await answered;
    expect(response.status(), await response.text()).toBe(200);
    expect(await response.json()).toEqual({ success: true, message: 'Generating brands for Bulldozers.', run_ids: [expect.any(Number)] });
    await expect(successToast(page, 'Generating brands for Bulldozers.')).toBeVisible();

    await expect(main(page).getByRole('status', { name: 'Generating brands' })).toBeVisible();
    await expect(main(page).locator('.status-badge')).toHaveText(statusNames.inProgress);
    await expect(main(page).getByRole('button', { name: /Generate Brands/ })).toHaveCount(0);
    await expect(headerSpinner(page)).toBeVisible();

    // The run ends: the table replaces the empty state without a reload.
    await expect(brandsGrid(page)).toBeVisible({ timeout: runTimeout });
    const generated = await brandsOf(request, server, token, subcategory.id);
    expect(generated).toHaveLength(itemsPerRun.Brands);
    await expect.poll(() => brandNames(page)).toEqual(generated.map((b) => b.name).sort());
    await expect(main(page).getByText('No brands available for Bulldozers.', { exact: true })).toHaveCount(0);
    await expect(headerSpinner(page)).toHaveCount(0);
    await expect(countBadge(page, `${generated.length} brands`)).toBeVisible();
    const firstBrand = generated[0]!;
    // The brands are the subcategory's (its scope columns wait in the Columns menu at this width: the grid's name says it).
    await expect(brandRow(page, firstBrand.name)).toContainText(`${firstBrand.name} Bulldozers`);
    await expect(page.getByRole('grid', { name: 'Brands of Bulldozers (Construction Equipment)' })).toBeVisible();
    await expect(brandRow(page, firstBrand.name).locator('.status-badge')).toHaveText(notGeneratedStatus.name);

    const [run] = await server.db
      .select()
      .from(generationRuns)
      .where(and(eq(generationRuns.type, 'Brands'), eq(generationRuns.subcategoryId, subcategory.id)));
    expect(run?.status).toBe(statusNames.generated);
    expect(run!.chargedTokens).toBeGreaterThan(0);
    const after = before - run!.chargedTokens;
    expect(await balanceOf(server, userId)).toBe(after);
    await expect(balanceBadge(page)).toHaveText(tokensText(after));
    await expectNoReload(page);
    await expectNoSeriousA11yViolations(page);

    // The subcategory's run, Generated, in the header's History.
    await banner(page).getByRole('button', { name: 'History', exact: true }).click();
    const history = page.getByRole('dialog', { name: 'History' });
    const newest = history.getByRole('table').getByRole('row').nth(1);
    await expect(newest.getByRole('cell').nth(1)).toHaveText('Bulldozers');
    await expect(newest.getByRole('cell').nth(6)).toHaveText(statusNames.generated);
    await expect(newest.getByRole('cell').nth(7)).toContainText(`Generated ${generated.length} new brands for`);
  });

  test("'Generate Equipments (2)': the ticked brands go In Progress, then Generated with more models, without a reload", async ({
    page,
    makeServer,
    request,
  }) => {
    const server = await makeServer(generatingServer);
    const { userId, token } = await server.loginAs(page);
    const { category, subcategory } = findSubcategory(await categoryTree(request, server, token), 'Excavators');
    const listed = await brandsOf(request, server, token, subcategory.id);
    const picked = ['Caterpillar', 'Komatsu'].map((name) => listed.find((b) => b.name === name)!);
    for (const brand of picked) expect(brand.excluded, `${brand.name} is not excluded`).toBe(false);
    // The brands screen reads each status from its row (docs/figures.md): never every brand's statuses.
    const allStatuses: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/api/equipments/statuses') allStatuses.push(r.url());
    });

    await openLive(page, server, '/dashboard/brands');
    await selectSubcategory(page, category.name, subcategory.name);
    const before = await balanceOf(server, userId);
    await expect(balanceBadge(page)).toHaveText(tokensText(before));
    for (const brand of picked) {
      await expect(brandRow(page, brand.name).locator('.brands__count')).toHaveText(
        `${brand.equipments_count} ${brand.equipments_count === 1 ? 'model' : 'models'}`,
      );
      await expect(brandRow(page, brand.name).locator('.status-badge')).toHaveText(statusNames.generated);
    }

    await page.getByRole('checkbox', { name: 'Select Caterpillar', exact: true }).check();
    await page.getByRole('checkbox', { name: 'Select Komatsu', exact: true }).check();
    const generate = page.getByRole('button', { name: 'Generate Equipments (2)', exact: true });
    await expect(generate).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    const [seeded] = await server.db.select({ lastRun: max(generationRuns.id) }).from(generationRuns);
    const answered = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/equipments/generate');
    await generate.click();
    const response = await answered;
    expect(response.status(), await response.text()).toBe(200);
    await expect(successToast(page, 'Generating models for 2 brands of Excavators.')).toBeVisible();

    // In Progress: the badge, the checkbox disabled and unticked, the floating button gone. Another brand stays free.
    for (const brand of picked) {
      await expect(brandRow(page, brand.name).locator('.status-badge')).toHaveText(statusNames.inProgress);
      const checkbox = page.getByRole('checkbox', { name: `Select ${brand.name}`, exact: true });
      await expect(checkbox).toBeDisabled();
      await expect(checkbox).not.toBeChecked();
    }
    await expect(page.getByRole('button', { name: /^Generate Equipments \(\d+\)$/ })).toHaveCount(0);
    await expect(page.getByRole('checkbox', { name: 'Select Volvo CE', exact: true })).toBeEnabled();

    // Generated, with the new models counted, over the socket.
    for (const brand of picked) {
      await expect(brandRow(page, brand.name).locator('.status-badge')).toHaveText(statusNames.generated, { timeout: runTimeout });
      await expect(page.getByRole('checkbox', { name: `Select ${brand.name}`, exact: true })).toBeEnabled();
    }
    const runs = await server.db
      .select()
      .from(generationRuns)
      .where(
        and(
          eq(generationRuns.subcategoryId, subcategory.id),
          inArray(
            generationRuns.brandId,
            picked.map((b) => b.id),
          ),
          gt(generationRuns.id, seeded?.lastRun ?? 0),
        ),
      );
    expect(runs.map((r) => r.userId)).toEqual([userId, userId]);
    expect(runs.map((r) => r.status)).toEqual([statusNames.generated, statusNames.generated]);
    for (const brand of picked) {
      const run = runs.find((r) => r.brandId === brand.id)!;
      expect(run.equipmentsGenerated).toBe(itemsPerRun.Equipments);
      const count = brand.equipments_count! + run.equipmentsGenerated;
      await expect(brandRow(page, brand.name).locator('.brands__count')).toHaveText(`${count} models`);
    }
    const after = before - runs.reduce((sum, r) => sum + r.chargedTokens, 0);
    expect(after).toBeLessThan(before);
    expect(await balanceOf(server, userId)).toBe(after);
    await expect(balanceBadge(page)).toHaveText(tokensText(after));

    // The new models are under the brand's row.
    await page.getByRole('button', { name: 'Equipment of Komatsu' }).click();
    const models = page.getByRole('table', { name: 'Equipment of Komatsu' }).locator('tbody tr');
    await expect(models).toHaveCount(picked[1]!.equipments_count! + itemsPerRun.Equipments);
    await expectNoReload(page);
    await expectNoSeriousA11yViolations(page);
    expect(allStatuses).toEqual([]);
  });

  test("a balance too low: the cost confirmation says so and offers Purchase Tokens; a balance spent meanwhile: 'Failed to generate events: ' with the server's message", async ({
    page,
    makeServer,
    request,
  }) => {
    const server = await makeServer({ env: { AI_DEMO_DELAY_MS: '0' } });
    const operator = { email: 'low-balance@example.com' };
    const { userId, token } = await server.loginAs(page, operator);
    await server.db.transaction((tx) =>
      changeBalance(tx, { userId, delta: 1_000, reason: 'adjustment', reference: 'e2e-low-balance', description: 'Balance adjustment' }),
    );
    expect(await balanceOf(server, userId)).toBe(1_000);
    let generateCalls = 0;
    page.on('request', (r) => {
      if (['/api/events/generate', '/api/brands/generate'].includes(new URL(r.url()).pathname)) generateCalls += 1;
    });

    await openLive(page, server, '/dashboard/events');
    await chooseCategory(page, 'Drones');
    await expect(balanceBadge(page)).toHaveText('1,000 tokens');
    await main(page).getByRole('button', { name: 'Generate Events', exact: true }).click();
    const cost = page.getByRole('dialog', { name: 'Confirm generation' });
    await expect(cost).toContainText('Generate the events of Drones.');
    await expect(cost.getByRole('alert')).toHaveText(
      /^Your available balance \(1,000 tokens\) does not cover the most this can cost \([\d,]+ tokens\)\.$/,
    );
    await expect(cost.getByRole('button', { name: 'Confirm' })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);
    await cost.getByRole('button', { name: 'Cancel' }).click();
    await expect(cost).toHaveCount(0);
    await expect(main(page).getByRole('button', { name: 'Generate Events', exact: true })).toBeFocused();

    // The balance covered the run when it was asked, but was spent before Confirm: the server refuses (402).
    await changeBalance(server.db, {
      userId,
      delta: 999_000,
      reason: 'adjustment',
      reference: 'e2e-low-balance-2',
      description: 'Balance adjustment',
    });
    await main(page).getByRole('button', { name: 'Generate Events', exact: true }).click();
    await expect(cost.getByRole('button', { name: 'Confirm' })).toBeVisible();
    await changeBalance(server.db, {
      userId,
      delta: -999_000,
      reason: 'adjustment',
      reference: 'e2e-low-balance-3',
      description: 'Balance adjustment',
    });
    const answered = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/events/generate');
    await cost.getByRole('button', { name: 'Confirm' }).click();
    const response = await answered;
    expect(response.status()).toBe(402);
    const { message } = (await response.json()) as { message: string };
    expect(message).toMatch(/^Insufficient tokens: this generation needs up to \d{1,3}(,\d{3})* tokens; the balance is 1,000\.$/);
    await expect(errorToast(page, `Failed to generate events: ${message}`)).toHaveText(`Failed to generate events: ${message}`);
    // Refused before it started: no status, no events, no charge.
    await expect(main(page).getByRole('button', { name: 'Generate Events', exact: true })).toBeVisible();
    await expect(main(page).locator('.status-badge')).toHaveCount(0);
    await expect(main(page).getByText('No events available for Drones.', { exact: true })).toBeVisible();
    await expect(balanceBadge(page)).toHaveText('1,000 tokens');
    expect(await balanceOf(server, userId)).toBe(1_000);
    const drones = (await categoryTree(request, server, token)).find((c) => c.name === 'Drones')!;
    expect(drones.events_count).toBe(0);
    expect(drones.status).toBeNull();
    expect(generateCalls).toBe(1);

    // On the brands screen the confirmation offers Purchase Tokens, which opens the purchase dialog.
    await banner(page).getByRole('radiogroup', { name: 'Screen type' }).getByRole('radio', { name: 'Equipments' }).click();
    await selectSubcategory(page, 'Construction Equipment', 'Bulldozers');
    await main(page).getByRole('button', { name: 'Generate Brands', exact: true }).click();
    await expect(cost).toContainText('Generate the brands of Bulldozers.');
    await cost.getByRole('button', { name: 'Purchase Tokens' }).click();
    await expect(cost).toHaveCount(0);
    await expect(page.getByRole('dialog', { name: 'Purchase Tokens' })).toBeVisible();
    expect(generateCalls).toBe(1);
    await expectNoReload(page);
  });
});
