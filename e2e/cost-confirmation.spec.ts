import type { Page } from '@playwright/test';
import { and, desc, eq } from 'drizzle-orm';
import { generationRuns, tokenLedger, users } from '../server/db/schema';
import { changeBalance } from '../server/tokens/ledger';
import { expectNoSeriousA11yViolations } from './axe';
import { expect, test, type TestServer } from './fixtures';
import { chooseCategory, header, scratchCategory } from './live';

/** docs/product.md#cost-confirmation: a cost before every paid run; the header's Regenerate asks first. */

const costDialog = (page: Page) => page.getByRole('dialog', { name: 'Confirm generation' });
const regenerate = (page: Page) => header(page).getByRole('button', { name: 'Regenerate', exact: true });
const tokens = (text: string) => Number(text.replaceAll(',', ''));

let operators = 0;
async function operator(server: TestServer, page: Page, balance: number) {
  operators += 1;
  const session = await server.loginAs(page, { email: `cost-${operators}-${Date.now()}@example.com` });
  if (balance > 0) {
    await changeBalance(server.db, {
      userId: session.userId,
      delta: balance,
      reason: 'adjustment',
      reference: `e2e-cost-${session.userId}`,
      description: 'Balance adjustment',
    });
  }
  return session;
}
const balanceOf = async (server: TestServer, userId: number) => (await server.db.select().from(users).where(eq(users.id, userId)))[0]!;
const eventRunsOf = async (server: TestServer, userId: number, categoryId: number) =>
  server.db
    .select()
    .from(generationRuns)
    .where(and(eq(generationRuns.userId, userId), eq(generationRuns.categoryId, categoryId)))
    .orderBy(desc(generationRuns.id));

test.describe('the cost confirmation', () => {
  test('before a header Regenerate: Cancel spends nothing; Confirm (clicked twice) starts one run that costs at most the maximum shown', async ({
    page,
    server,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    const { userId } = await operator(server, page, 1_000_000);
    // A category of this test's own: the shared server's demo categories keep no history of it.
    const scratch = await scratchCategory(server.db, 'cost regenerate');
    await page.goto(`${server.url}/dashboard/events`);
    await chooseCategory(page, scratch.name);
    let generateCalls = 0;
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/events/generate') generateCalls += 1;
    });

    await regenerate(page).click();
    const dialog = costDialog(page);
    await expect(dialog).toContainText(`Regenerate the events of ${scratch.name}.`);
    const amount = dialog.getByText(/^About [\d,]+ tokens, at most [\d,]+\.$/);
    await expect(amount).toBeVisible();
    const [, expected, most] = /^About ([\d,]+) tokens, at most ([\d,]+)\.$/.exec((await amount.textContent()) ?? '')!;
    expect(tokens(expected!)).toBeLessThanOrEqual(tokens(most!));
    await expect(dialog).toContainText(
      `Balance after: about ${(1_000_000 - tokens(expected!)).toLocaleString('en-US')} tokens, at least ${(1_000_000 - tokens(most!)).toLocaleString('en-US')}.`,
    );
    await expectNoSeriousA11yViolations(page);

    // Escape or Cancel: nothing is sent, nothing is spent, the focus is back on Regenerate.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(regenerate(page)).toBeFocused();
    expect(generateCalls).toBe(0);
    expect(await eventRunsOf(server, userId, scratch.id)).toEqual([]);
    expect((await balanceOf(server, userId)).tokens).toBe(1_000_000);

    // Keyboard: Enter on Regenerate asks again; Confirm double-clicked sends one request.
    await page.keyboard.press('Enter');
    await expect(dialog.getByRole('button', { name: 'Confirm' })).toBeVisible();
    const answered = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/events/generate');
    await dialog.getByRole('button', { name: 'Confirm' }).dblclick();
    expect((await answered).status()).toBe(200);
    await expect(page.getByRole('status').filter({ hasText: /^Generated \d+ new events\.$/ })).toBeVisible();
    expect(generateCalls).toBe(1);

    const [run] = await eventRunsOf(server, userId, scratch.id);
    expect(run!.maxTokens).toBe(tokens(most!));
    expect(run!.chargedTokens).toBeGreaterThan(0);
    expect(run!.chargedTokens).toBeLessThanOrEqual(tokens(most!));
    const charges = await server.db.select().from(tokenLedger).where(eq(tokenLedger.runId, run!.id));
    expect(charges.map((c) => c.delta)).toEqual([-run!.chargedTokens]);
    expect((await balanceOf(server, userId)).tokens).toBe(1_000_000 - run!.chargedTokens);
  });

  test('"Don\'t ask again for runs under N tokens" is kept on the server: the next run starts at once, in another browser too', async ({
    page,
    server,
    browser,
  }) => {
    const { userId } = await operator(server, page, 1_000_000);
    const scratch = await scratchCategory(server.db, 'cost preference');
    await page.goto(`${server.url}/dashboard/events`);
    await chooseCategory(page, scratch.name);
    await regenerate(page).click();
    const dialog = costDialog(page);
    const dontAsk = dialog.getByRole('checkbox', { name: /^Don't ask again for runs under [\d,]+ tokens$/ });
    const label = await dialog.locator('label.cost__dont-ask').textContent();
    const threshold = tokens(/under ([\d,]+) tokens/.exec(label ?? '')![1]!);
    await dontAsk.check();
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByRole('status').filter({ hasText: /^Generated \d+ new events\.$/ })).toBeVisible();
    await expect.poll(async () => (await balanceOf(server, userId)).confirmRunsFrom).toBe(threshold);

    // Another browser of the same operator: no question, the run starts at once.
    const other = await (await browser.newContext()).newPage();
    await server.loginAs(other, { email: (await balanceOf(server, userId)).email });
    await other.goto(`${server.url}/dashboard/events`);
    await chooseCategory(other, scratch.name);
    const answered = other.waitForResponse((r) => new URL(r.url()).pathname === '/api/events/generate');
    await regenerate(other).click();
    expect((await answered).status()).toBe(200);
    await expect(costDialog(other)).toHaveCount(0);

    // The runs centre shows the preference and takes it back.
    await other.goto(`${server.url}/dashboard/runs`);
    await expect(
      other.getByText(`Runs that may cost less than ${threshold.toLocaleString('en-US')} tokens start without asking.`),
    ).toBeVisible();
    const input = other.getByRole('spinbutton', { name: 'Ask before runs costing at least' });
    await input.fill('0');
    await other.getByRole('button', { name: 'Save' }).click();
    await expect(other.getByText('Every run asks for a confirmation first.')).toBeVisible();
    expect((await balanceOf(server, userId)).confirmRunsFrom).toBe(0);
  });

  test('the balance badge turns amber below what one run usually costs, and says why', async ({ page, server }) => {
    await operator(server, page, 100);
    await page.goto(`${server.url}/dashboard/events`);
    const badge = page.getByRole('status', { name: 'Token balance' });
    await expect(badge).toHaveText('100 tokens');
    await expect(badge).toHaveAttribute('data-low', 'true');
    await badge.focus();
    await expect(page.getByRole('tooltip')).toContainText(
      /^Low balance: 100 tokens available, less than one run of events usually costs \(about [\d,]+\)\.$/,
    );
    await expectNoSeriousA11yViolations(page);
  });
});
