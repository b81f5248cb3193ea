import type { Page } from '@playwright/test';
import { and, desc, eq } from 'drizzle-orm';
import { requestedWithHeader } from '../contract/http';
import { statusNames } from '../contract/statuses';
import { brands, generationRuns, subcategories, users } from '../server/db/schema';
import { changeBalance } from '../server/tokens/ledger';
import { expectNoSeriousA11yViolations } from './axe';
import { expect, test, type TestServer } from './fixtures';
import { scratchCategory, whenLive } from './live';

/** docs/product.md#runs-centre: the runs centre, live in two browsers; Cancel and Retry. */

// The grid's scroll box, named by its caption: the rows are in it whether the grid is a table or an ARIA grid.
const runsTable = (page: Page) => page.getByRole('region', { name: 'Your generation runs, newest first' });
const headers = (token: string) => ({ Authorization: `Bearer ${token}`, ...requestedWithHeader });
/** A row's Actions menu button (docs/product.md#grids): Cancel, Retry and History are its items. */
const actionsFor = (page: Page, target: string) => page.getByRole('button', { name: `Actions for ${target}`, exact: true });
const menuItem = (page: Page, name: string | RegExp) => page.getByRole('menu').getByRole('menuitem', { name, exact: true });

let operators = 0;
async function operator(server: TestServer, page: Page, tokens = 500_000) {
  operators += 1;
  const email = `runs-${operators}-${Date.now()}@example.com`;
  const session = await server.loginAs(page, { email });
  await changeBalance(server.db, {
    userId: session.userId,
    delta: tokens,
    reason: 'adjustment',
    reference: `e2e-runs-${session.userId}`,
    description: 'Balance adjustment',
  });
  return { ...session, email };
}

async function subcategoryId(server: TestServer, name: string) {
  const [row] = await server.db.select({ id: subcategories.id }).from(subcategories).where(eq(subcategories.name, name));
  return row!.id;
}

test.describe('the runs centre', () => {
  test('cancelling a run in progress: both browsers see it turn Cancelled, nothing is stored or charged', async ({
    makeServer,
    browser,
  }) => {
    // The demo generator answers after a minute: the run stays in progress until it is cancelled.
    const server = await makeServer({ env: { AI_DEMO_DELAY_MS: '60000' } });
    const first = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
    const second = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
    const me = await operator(server, first);
    await server.loginAs(second, { email: me.email });
    for (const page of [first, second]) {
      const live = whenLive(page);
      await page.goto(`${server.url}/dashboard/runs`);
      await live;
      await expect(page.getByText('No runs yet. Every generation you start shows here.')).toBeVisible();
    }

    const bulldozers = await subcategoryId(server, 'Bulldozers');
    const before = (await server.db.select().from(brands).where(eq(brands.subcategoryId, bulldozers))).length;
    const started = await first.request.post(`${server.url}/api/brands/generate`, {
      headers: headers(me.token),
      data: { subcategory_id: bulldozers },
    });
    expect(started.status()).toBe(200);
    for (const page of [first, second]) {
      const row = runsTable(page).locator('tbody tr').first();
      await expect(row).toContainText('Brands of Construction Equipment / Bulldozers');
      await expect(row).toContainText('Running');
    }
    // The key columns and the row's actions are on screen at 1280x800 without scrolling sideways.
    for (const name of ['Type', 'Target', 'Status', 'Actions']) {
      await expect(runsTable(first).getByRole('columnheader', { name, exact: true })).toBeInViewport({ ratio: 1 });
    }
    const target = 'Brands of Construction Equipment / Bulldozers';
    const actions = actionsFor(first, target);
    await expect(actions).toBeInViewport({ ratio: 1 });
    await expect(first.getByRole('banner').getByText(/held/)).toBeVisible();
    await expectNoSeriousA11yViolations(first);

    // The row's actions are in its Actions menu, as in every grid: a run under way offers Cancel and History.
    await actions.click();
    await expect(first.getByRole('menu').getByRole('menuitem')).toHaveText(['Cancel', 'History']);
    await expectNoSeriousA11yViolations(first);
    // Cancel asks first; keeping it running changes nothing, and the focus is back on the row's Actions.
    await menuItem(first, 'Cancel').click();
    const confirm = first.getByRole('alertdialog', { name: 'Cancel this generation?' });
    await expect(confirm).toBeVisible();
    await expect(confirm).toContainText(`${target}: the generation stops now.`);
    await confirm.getByRole('button', { name: 'Keep running' }).click();
    await expect(actions).toBeFocused();
    await expect(runsTable(second).locator('tbody tr').first()).toContainText('Running');

    await actions.click();
    await menuItem(first, 'Cancel').click();
    await confirm.getByRole('button', { name: 'Cancel generation' }).click();
    for (const page of [first, second]) {
      const row = runsTable(page).locator('tbody tr').first();
      await expect(row.getByText(statusNames.cancelled, { exact: true })).toBeVisible();
      await expect(page.getByRole('banner').getByText(/held/)).toHaveCount(0);
    }
    await expect(first.getByRole('status').filter({ hasText: 'The generation was cancelled. Nothing was charged.' })).toBeVisible();
    // The row stays, and so does the focus: on its Actions, never on the page.
    await expect(actions).toBeFocused();
    // Cancelled, the run offers Retry instead of Cancel, in both browsers.
    for (const page of [first, second]) {
      await actionsFor(page, target).click();
      await expect(page.getByRole('menu').getByRole('menuitem')).toHaveText(['Retry', 'History']);
      await page.keyboard.press('Escape');
      await expect(page.getByRole('menu')).toHaveCount(0);
    }

    const [run] = await server.db
      .select()
      .from(generationRuns)
      .where(eq(generationRuns.userId, me.userId))
      .orderBy(desc(generationRuns.id));
    expect(run).toMatchObject({
      status: statusNames.cancelled,
      chargedTokens: 0,
      heldTokens: 0,
      message: `<p>Cancelled by ${me.email}</p>`,
    });
    const [user] = await server.db.select().from(users).where(eq(users.id, me.userId));
    expect(user).toMatchObject({ tokens: 500_000, heldTokens: 0 });
    expect((await server.db.select().from(brands).where(eq(brands.subcategoryId, bulldozers))).length).toBe(before);
  });

  test('retrying a failed run queues it again; it runs and the row follows it live', async ({ page, server }) => {
    const me = await operator(server, page);
    // A category of this test's own on the shared server.
    const scratch = await scratchCategory(server.db, 'runs retry');
    const cranes = scratch.subcategoryId;
    const category = { id: scratch.id };
    const [failed] = await server.db
      .insert(generationRuns)
      .values({
        type: 'Brands',
        userId: me.userId,
        categoryId: category!.id,
        subcategoryId: cranes,
        status: statusNames.failed,
        message: '<p>The provider did not answer.</p>',
        attempts: 1,
        startedAt: new Date(Date.now() - 5_000),
        finishedAt: new Date(),
      })
      .returning();

    const live = whenLive(page);
    await page.goto(`${server.url}/dashboard/runs?status=failed`);
    await live;
    const row = runsTable(page).locator('tbody tr').first();
    await expect(row).toContainText(`Brands of ${scratch.name} / ${scratch.name} sub`);
    await expect(row.getByText(statusNames.failed, { exact: true })).toBeVisible();

    // Keyboard alone: Enter on the row's Actions opens its menu on Retry, Enter again; a retry is paid, so its cost is
    // asked first (e2e/run-retry.spec.ts).
    const actions = actionsFor(page, `Brands of ${scratch.name} / ${scratch.name} sub`);
    await actions.focus();
    await page.keyboard.press('Enter');
    await expect(menuItem(page, 'Retry')).toBeFocused();
    await page.keyboard.press('Enter');
    await page.getByRole('dialog', { name: 'Confirm generation' }).getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'The generation was queued again.' })).toBeVisible();
    // The failed run stays listed: the focus is back on its Actions.
    await expect(actions).toBeFocused();

    await page.getByRole('combobox', { name: 'Status' }).selectOption('');
    await expect(page).not.toHaveURL(/status=/);
    const newest = runsTable(page).locator('tbody tr').first();
    await expect(newest.getByText(/^(Generated|No New Results)$/)).toBeVisible({ timeout: 15_000 });
    await expect(runsTable(page).locator('tbody tr')).toHaveCount(2);
    const [again] = await server.db
      .select()
      .from(generationRuns)
      .where(and(eq(generationRuns.userId, me.userId), eq(generationRuns.subcategoryId, cranes)))
      .orderBy(desc(generationRuns.id));
    expect(again!.id).not.toBe(failed!.id);
    await expect(newest).toContainText(`${again!.chargedTokens.toLocaleString('en-US')} / ${again!.maxTokens.toLocaleString('en-US')}`);

    // History: the subcategory's brand runs, both of them.
    const newestActions = newest.getByRole('button', { name: /^Actions for / });
    await newestActions.click();
    await menuItem(page, 'History').click();
    const history = page.getByRole('dialog', { name: 'History' });
    await expect(history).toContainText('The provider did not answer.');
    await page.keyboard.press('Escape');
    await expect(history).toHaveCount(0);
    await expect(newestActions).toBeFocused();

    // The list loads more as it is scrolled: an older link's page is ignored, the runs shown from the newest.
    await page.goto(`${server.url}/dashboard/runs?page=2`);
    await expect(runsTable(page).locator('tbody tr')).toHaveCount(2);
    await expect(page.getByRole('status').filter({ hasText: /^2 runs$/ })).toBeVisible();

    // The Type filter, in the URL.
    await page.getByRole('combobox', { name: 'Type' }).selectOption('Events');
    await expect(page).toHaveURL(/type=Events/);
    await expect(page.getByText('No runs match these filters.')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
});
