import type { Page } from '@playwright/test';
import { and, desc, eq } from 'drizzle-orm';
import { statusNames } from '../contract/statuses';
import { generationRuns, users } from '../server/db/schema';
import { changeBalance } from '../server/tokens/ledger';
import { expectNoSeriousA11yViolations } from './axe';
import { expect, test, type TestServer } from './fixtures';
import { expectNoReload, markDocument, scratchCategory, whenLive } from './live';

/**
 * A retry is a paid action like any other (docs/decisions/0008-money-and-runs-in-sight.md): Retry in the runs centre
 * asks the cost first, with the same "don't ask again" preference, and a retried run links to its retry instead of
 * offering Retry again, in every browser of the operator, live.
 */

// The grid's scroll box, named by its caption: the rows are in it whether the grid is a table or an ARIA grid.
const runsTable = (page: Page) => page.getByRole('region', { name: 'Your generation runs, newest first' });
const costDialog = (page: Page) => page.getByRole('dialog', { name: 'Confirm generation' });
const tokens = (text: string) => Number(text.replaceAll(',', ''));
/** A row's Actions menu button (docs/product.md#grids): Retry, or the way to the retry, is one of its items. */
const actionsFor = (page: Page, target: string) => page.getByRole('button', { name: `Actions for ${target}`, exact: true });
const menuItem = (page: Page, name: string | RegExp) => page.getByRole('menu').getByRole('menuitem', { name, exact: true });

let operators = 0;
/** An operator other than the demo one: asked before every run until they choose otherwise. */
async function operator(server: TestServer, page: Page) {
  operators += 1;
  const email = `retry-${operators}-${Date.now()}@example.com`;
  const session = await server.loginAs(page, { email });
  await changeBalance(server.db, {
    userId: session.userId,
    delta: 500_000,
    reason: 'adjustment',
    reference: `e2e-retry-${session.userId}`,
    description: 'Balance adjustment',
  });
  return { ...session, email };
}

/** A brands run of the operator's that failed, on a subcategory of this test's own. */
async function failedRun(server: TestServer, userId: number, label: string) {
  const scratch = await scratchCategory(server.db, label);
  const [run] = await server.db
    .insert(generationRuns)
    .values({
      type: 'Brands',
      userId,
      categoryId: scratch.id,
      subcategoryId: scratch.subcategoryId,
      status: statusNames.failed,
      message: '<p>The provider did not answer.</p>',
      attempts: 1,
      startedAt: new Date(Date.now() - 5_000),
      finishedAt: new Date(),
    })
    .returning();
  return { run: run!, target: `Brands of ${scratch.name} / ${scratch.name} sub`, scratch };
}

test.describe('retrying a run', () => {
  test('asks the cost first; once retried the run links to its retry, in both browsers, and "don\'t ask again" covers the next retry', async ({
    page,
    server,
    browser,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    const me = await operator(server, page);
    const first = await failedRun(server, me.userId, 'retry asked');
    let retryCalls = 0;
    page.on('request', (request) => {
      if (/^\/api\/runs\/\d+\/retry$/.test(new URL(request.url()).pathname)) retryCalls += 1;
    });

    const second = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
    await server.loginAs(second, { email: me.email });
    for (const view of [page, second]) {
      const live = whenLive(view);
      await view.goto(`${server.url}/dashboard/runs?status=failed`);
      await live;
    }
    await markDocument(second);
    const actions = actionsFor(page, first.target);
    await expect(actions).toBeVisible();

    // Retry asks, with the server's numbers; Cancel sends nothing and gives the focus back to the row's Actions.
    await actions.click();
    await menuItem(page, 'Retry').click();
    const dialog = costDialog(page);
    await expect(dialog).toContainText(`Retry: ${first.target}.`);
    const amount = dialog.getByText(/^About [\d,]+ tokens, at most [\d,]+\.$/);
    await expect(amount).toBeVisible();
    const most = tokens(/at most ([\d,]+)\./.exec((await amount.textContent()) ?? '')![1]!);
    await expectNoSeriousA11yViolations(page);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(actions).toBeFocused();
    expect(retryCalls).toBe(0);

    // By keyboard: Enter opens the menu on Retry, Enter asks again; "don't ask again" ticked, Confirm queues the retry once.
    await page.keyboard.press('Enter');
    await expect(menuItem(page, 'Retry')).toBeFocused();
    await page.keyboard.press('Enter');
    const dontAsk = dialog.getByRole('checkbox', { name: /^Don't ask again for runs under [\d,]+ tokens$/ });
    const threshold = tokens(/under ([\d,]+) tokens/.exec((await dialog.locator('label.cost__dont-ask').textContent()) ?? '')![1]!);
    await dontAsk.check();
    const answered = page.waitForResponse((r) => new URL(r.url()).pathname === `/api/runs/${first.run.id}/retry`);
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    expect((await answered).status()).toBe(200);
    await expect(page.getByRole('status').filter({ hasText: 'The generation was queued again.' })).toBeVisible();
    expect(retryCalls).toBe(1);
    await expect
      .poll(async () => (await server.db.select().from(users).where(eq(users.id, me.userId)))[0]!.confirmRunsFrom)
      .toBe(threshold);

    // The row stays (still Failed), the focus on its Actions.
    await expect(actions).toBeFocused();
    const [retried] = await server.db.select().from(generationRuns).where(eq(generationRuns.retryOf, first.run.id));
    // It holds, when it starts, the most the question showed.
    await expect
      .poll(async () => (await server.db.select().from(generationRuns).where(eq(generationRuns.id, retried!.id)))[0]!.maxTokens)
      .toBe(most);
    // The retried run offers no Retry any more but a link to its retry, here and in the other browser.
    const retriedAs = `Retried as run #${retried!.id}`;
    for (const view of [page, second]) {
      await actionsFor(view, first.target).click();
      await expect(menuItem(view, retriedAs)).toBeVisible();
      await expect(menuItem(view, retriedAs)).toHaveAttribute('href', new RegExp(`[?&]run=${retried!.id}(&|$)`));
      await expect(menuItem(view, 'Retry')).toHaveCount(0);
    }
    await expectNoSeriousA11yViolations(page);
    await page.keyboard.press('Escape');
    await expect(actions).toBeFocused();
    await expectNoReload(second);

    // The link shows the retry, picked out among the runs.
    await menuItem(second, retriedAs).click();
    await expect(second).toHaveURL(new RegExp(`[?&]run=${retried!.id}(&|$)`));
    await expect(runsTable(second).locator('tbody tr')).toHaveCount(1);
    await expect(runsTable(second).locator('tbody tr').first()).toContainText(first.target);

    // The preference covers the next retry: queued at once, no question.
    const next = await failedRun(server, me.userId, 'retry not asked');
    const live = whenLive(page);
    await page.reload();
    await live;
    const nextAnswered = page.waitForResponse((r) => new URL(r.url()).pathname === `/api/runs/${next.run.id}/retry`);
    await actionsFor(page, next.target).click();
    await menuItem(page, 'Retry').click();
    expect((await nextAnswered).status()).toBe(200);
    await expect(costDialog(page)).toHaveCount(0);
    await expect(actionsFor(page, next.target)).toBeFocused();
    await actionsFor(page, next.target).click();
    await expect(menuItem(page, /^Retried as run #\d+$/)).toBeVisible();
    const [nextRetry] = await server.db
      .select()
      .from(generationRuns)
      .where(and(eq(generationRuns.userId, me.userId), eq(generationRuns.retryOf, next.run.id)))
      .orderBy(desc(generationRuns.id));
    expect(nextRetry).toBeDefined();
    await expectNoSeriousA11yViolations(page);
  });
});
