import type { Page } from '@playwright/test';
import { and, eq, inArray } from 'drizzle-orm';
import { notGeneratedStatus, statusNames } from '../contract/statuses';
import { brandExclusions, brands, generationRuns, subcategories } from '../server/db/schema';
import { changeBalance } from '../server/tokens/ledger';
import { expectNoSeriousA11yViolations } from './axe';
import { expect, test } from './fixtures';
import { expectNoReload, markDocument, pageCaughtUp, secondBrowser, selectSubcategory, whenLive } from './live';

/**
 * Generate Equipments for "All N matching" (docs/decisions/0014-generate-for-all-matching.md): the filter is the selection, the loaded
 * rows show ticked, the cost confirmation prices every matching brand, one request queues a run a brand (the
 * excluded one skipped), and a second browser sees the statuses change live. The demo generator is slowed down so
 * that In Progress can be seen, as in e2e/generation.spec.ts.
 */

const demoDelayMs = 6_000;
const runTimeout = demoDelayMs + 15_000;

const grid = (page: Page) => page.getByRole('grid', { name: /^Brands of / });
const rowOf = (page: Page, name: string) =>
  grid(page)
    .locator('tbody tr.data-table__row')
    .filter({ has: page.getByRole('checkbox', { name: `Select ${name}`, exact: true }) });
const checkbox = (page: Page, name: string) => page.getByRole('checkbox', { name: `Select ${name}`, exact: true });
const makers = Array.from({ length: 12 }, (_, i) => `Console maker ${String(i).padStart(2, '0')}`);

test('filter, select all matching (rows ticked), Generate Equipments priced for them all, one request; a second browser sees them go In Progress then Generated', async ({
  page,
  browser,
  makeServer,
  request,
}) => {
  // Two browsers, a server of its own, axe twice and a 6 s run: more than the default minute on a busy 2-core machine.
  test.setTimeout(150_000);
  const server = await makeServer({ env: { AI_DEMO_DELAY_MS: String(demoDelayMs) } });
  // 12 "Console maker NN" and "Desk works" in Mixing Consoles (empty in the demo); Console maker 00 is excluded.
  const [mixing] = await server.db.select({ id: subcategories.id }).from(subcategories).where(eq(subcategories.name, 'Mixing Consoles'));
  const mixingId = mixing!.id;
  const made = await server.db
    .insert(brands)
    .values([...makers, 'Desk works'].map((name) => ({ name, subcategoryId: mixingId })))
    .returning({ id: brands.id, name: brands.name });
  const idOf = (name: string) => made.find((b) => b.name === name)!.id;
  await server.db.insert(brandExclusions).values({ brandId: idOf('Console maker 00') });

  // An operator of this test's own: asked to confirm every run.
  const email = `all-matching-${Date.now()}@example.com`;
  const { userId, token } = await server.loginAs(page, { email });
  await changeBalance(server.db, {
    userId,
    delta: 1_000_000,
    reason: 'adjustment',
    reference: `e2e-all-matching-${userId}`,
    description: 'Balance adjustment',
  });
  const calls: string[] = [];
  page.on('request', (r) => {
    const path = new URL(r.url()).pathname;
    if (path === '/api/equipments/generate' || path === '/api/generation/estimate') calls.push(path);
  });

  // Browser B watches the same subcategory.
  const other = await secondBrowser(browser, server, '/dashboard/brands', { email });
  await selectSubcategory(other.page, 'Audio Equipment', 'Mixing Consoles');
  await expect(rowOf(other.page, 'Console maker 01').locator('.status-badge')).toHaveText(notGeneratedStatus.name);

  await page.setViewportSize({ width: 1280, height: 800 });
  const live = whenLive(page);
  await page.goto(`${server.url}/dashboard/brands`);
  await live;
  await selectSubcategory(page, 'Audio Equipment', 'Mixing Consoles');
  await page.getByLabel('Filter brands by name').fill('console');
  await expect(page.getByRole('status').filter({ hasText: '12 brands matching “console”' })).toBeVisible();
  await page.getByRole('button', { name: 'Select all 12 brands matching' }).click();
  const bar = page.getByRole('group', { name: 'Bulk selection' });
  await expect(bar.getByRole('status')).toHaveText('All 12 matching selected');
  // The loaded rows show ticked.
  for (const name of makers) await expect(checkbox(page, name)).toBeChecked();

  // Unticking one leaves "all matching" for the loaded rows picked by hand less that one (as Gmail does).
  await checkbox(page, 'Console maker 05').uncheck();
  await expect(bar.getByRole('status')).toHaveText('11 selected');
  await expect(checkbox(page, 'Console maker 05')).not.toBeChecked();
  await expect(checkbox(page, 'Console maker 06')).toBeChecked();
  await expect(page.getByRole('button', { name: 'Generate Equipments (11)', exact: true })).toBeVisible();
  await bar.getByRole('button', { name: 'Clear selection' }).click();
  await expect(checkbox(page, 'Console maker 06')).not.toBeChecked();
  await page.getByRole('button', { name: 'Select all 12 brands matching' }).click();
  await expect(bar.getByRole('status')).toHaveText('All 12 matching selected');

  const generate = page.getByRole('button', { name: 'Generate Equipments (12)', exact: true });
  await expect(generate).toBeVisible();
  // Key columns and the button stay in view at 1280x800.
  await expect(grid(page).getByRole('columnheader', { name: /Name/ })).toBeInViewport();
  await expect(generate).toBeInViewport();
  await expectNoSeriousA11yViolations(page);

  // A double click asks once: one estimate, one confirmation, for the filter.
  await generate.dblclick();
  const dialog = page.getByRole('dialog', { name: 'Confirm generation' });
  await expect(dialog).toContainText('Generate the models of all 12 brands of Mixing Consoles matching “console”.');
  await expect(dialog).toContainText('11 runs will be queued.');
  await expect(dialog).toContainText('1 excluded brand skipped');
  // The maximum is 11 runs' (priced as one brand's run, as the server holds it).
  const one = await request.post(`${server.url}/api/generation/estimate`, {
    headers: { Authorization: `Bearer ${token}`, 'X-Requested-With': 'XMLHttpRequest' },
    data: { type: 'Equipments', subcategory_id: mixingId, brands: [idOf('Console maker 01')] },
  });
  const most = ((await one.json()) as { max_tokens: number }).max_tokens;
  await expect(dialog).toContainText(`at most ${(most * 11).toLocaleString('en-US')}.`);
  await expectNoSeriousA11yViolations(page);
  expect(calls).toEqual(['/api/generation/estimate']);

  const answered = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/equipments/generate');
  await dialog.getByRole('button', { name: 'Confirm' }).dblclick();
  const response = await answered;
  expect(response.status(), await response.text()).toBe(200);
  const answer = (await response.json()) as { run_ids: number[] };
  expect(answer).toEqual({
    success: true,
    message: 'Generating models for 11 brands of Mixing Consoles. (1 excluded brand skipped.)',
    queued: 11,
    skipped: { excluded: 1, running: 0 },
    run_ids: expect.any(Array),
  });
  await expect(
    page.getByRole('status').filter({ hasText: 'Generating models for 11 brands of Mixing Consoles. (1 excluded brand skipped.)' }),
  ).toBeVisible();
  // One request for the 11 brands, even clicked twice.
  expect(calls.filter((c) => c === '/api/equipments/generate')).toHaveLength(1);
  const queued = await server.db
    .select({ id: generationRuns.id, brandId: generationRuns.brandId })
    .from(generationRuns)
    .where(and(eq(generationRuns.subcategoryId, mixingId), eq(generationRuns.userId, userId)));
  expect(queued.map((r) => r.brandId).sort((a, b) => (a ?? 0) - (b ?? 0))).toEqual(makers.slice(1).map(idOf));
  // The answer names the runs it queued, which the page follows to their end.
  expect(answer.run_ids).toEqual(queued.map((r) => r.id).sort((a, b) => a - b));

  // The selection is spent; the rows are In Progress (their boxes disabled), here and in browser B, live.
  await expect(bar).toHaveCount(0);
  await expect(rowOf(page, 'Console maker 01').locator('.status-badge')).toHaveText(statusNames.inProgress);
  await expect(checkbox(page, 'Console maker 01')).toBeDisabled();
  await expect(rowOf(other.page, 'Console maker 11').locator('.status-badge')).toHaveText(statusNames.inProgress);
  await expect(rowOf(other.page, 'Console maker 00').locator('.status-badge')).toHaveText(notGeneratedStatus.name);
  await expect(rowOf(other.page, 'Desk works').locator('.status-badge')).toHaveText(notGeneratedStatus.name);
  // The first runs end: Generated in B without a reload.
  await expect(rowOf(other.page, 'Console maker 01').locator('.status-badge')).toHaveText(statusNames.generated, { timeout: runTimeout });
  await expectNoReload(other.page);
  await other.close();
});

/** Every toast text the page shows, in order, each time a toast appears (installed before the page loads). */
async function recordToasts(page: Page) {
  await page.addInitScript(() => {
    const shown: string[] = [];
    (window as unknown as { toastsShown: string[] }).toastsShown = shown;
    new MutationObserver((mutations) => {
      for (const mutation of mutations) {
        for (const node of mutation.addedNodes) {
          if (!(node instanceof Element)) continue;
          const texts = node.matches('.toast__text') ? [node] : [...node.querySelectorAll('.toast__text')];
          for (const text of texts) shown.push(text.textContent ?? '');
        }
      }
    }).observe(document, { childList: true, subtree: true });
  });
  return () => page.evaluate(() => (window as unknown as { toastsShown: string[] }).toastsShown);
}

test('the runs of "all N matching" are told when they end: one toast for them all, replacing the start\'s; for one brand in the hand-picked words', async ({
  page,
  makeServer,
}) => {
  // Runs long enough for the start's toast to be seen, short enough for the test.
  const server = await makeServer({ env: { AI_DEMO_DELAY_MS: '1500' } });
  const [mixing] = await server.db.select({ id: subcategories.id }).from(subcategories).where(eq(subcategories.name, 'Mixing Consoles'));
  await server.db
    .insert(brands)
    .values(['Fader maker 1', 'Fader maker 2', 'Fader maker 3', 'Desk works'].map((name) => ({ name, subcategoryId: mixing!.id })));
  // The demo operator chose "don't ask again" (e2e/fixtures.ts): the runs start without the confirmation.
  const { userId } = await server.loginAs(page);
  const toastsShown = await recordToasts(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  const live = whenLive(page);
  await page.goto(`${server.url}/dashboard/brands`);
  await live;
  await markDocument(page);
  await selectSubcategory(page, 'Audio Equipment', 'Mixing Consoles');
  const toasts = page.getByRole('status').filter({ hasText: /Mixing Consoles|Fader maker|Desk works/ });

  /** Generate Equipments for every brand matching `q`; answers the runs queued, the start's toast held on screen. */
  const generateAllMatching = async (q: string, count: number, start: string) => {
    await page.getByLabel('Filter brands by name').fill(q);
    await page.getByRole('button', { name: `Select all ${count} ${count === 1 ? 'brand' : 'brands'} matching` }).click();
    const answered = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/equipments/generate');
    await page.getByRole('button', { name: `Generate Equipments (${count})`, exact: true }).click();
    const answer = (await (await answered).json()) as { run_ids: number[] };
    expect(answer.run_ids).toHaveLength(count);
    const started = toasts.filter({ hasText: start });
    // The pointer on the toasts stops their timers (radix), so the start's toast leaves only when the end replaces it.
    await started.hover();
    return { runIds: answer.run_ids, started };
  };
  /** What the runs came to, from the database once they ended. */
  const modelsAdded = async (runIds: number[]) => {
    const runs = await server.db
      .select({ status: generationRuns.status, added: generationRuns.equipmentsGenerated })
      .from(generationRuns)
      .where(and(eq(generationRuns.userId, userId), inArray(generationRuns.id, runIds)));
    expect(runs.map((r) => r.status)).toEqual(runIds.map(() => statusNames.generated));
    return runs.reduce((sum, r) => sum + r.added, 0);
  };

  const three = await generateAllMatching('fader', 3, 'Generating models for 3 brands of Mixing Consoles.');
  const summary = toasts.filter({ hasText: /^Generated \d+ new models for 3 brands of Mixing Consoles\.$/ });
  await expect(summary).toBeVisible({ timeout: 30_000 });
  await expect(summary).toHaveText(`Generated ${await modelsAdded(three.runIds)} new models for 3 brands of Mixing Consoles.`);
  await expect(three.started).toHaveCount(0);
  await expect(toasts).toHaveCount(1);
  await expectNoSeriousA11yViolations(page);

  // One brand matching: its end in the words of a ticked brand's.
  const one = await generateAllMatching('desk', 1, 'Generating models for 1 brand of Mixing Consoles.');
  const deskEnd = toasts.filter({ hasText: /^Generated \d+ new models? for Desk works\.$/ });
  await expect(deskEnd).toBeVisible({ timeout: 30_000 });
  const added = await modelsAdded(one.runIds);
  await expect(deskEnd).toHaveText(`Generated ${added} new ${added === 1 ? 'model' : 'models'} for Desk works.`);
  await expect(one.started).toHaveCount(0);

  // Each end told once, and no brand's end alone: every toast the page showed, in order.
  await pageCaughtUp(page);
  expect(await toastsShown()).toEqual([
    'Generating models for 3 brands of Mixing Consoles.',
    `Generated ${await modelsAdded(three.runIds)} new models for 3 brands of Mixing Consoles.`,
    'Generating models for 1 brand of Mixing Consoles.',
    `Generated ${added} new ${added === 1 ? 'model' : 'models'} for Desk works.`,
  ]);
  await expectNoReload(page);
});
