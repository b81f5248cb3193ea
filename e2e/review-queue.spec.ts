import type { Browser, Page } from '@playwright/test';
import { and, eq } from 'drizzle-orm';
import { brandExclusions, brands, categories, equipments, subcategories, users } from '../server/db/schema';
import {
  insertRun,
  insertUnreviewedBrands,
  insertUnreviewedEvents,
  insertUnreviewedModels,
} from '../server/review/test-support/review-rows';
import { expectNoSeriousA11yViolations } from './axe';
import { demoOperator, expect, test, type TestServer } from './fixtures';
import { expectNoReload, isPusherSocket, markDocument } from './live';

/**
 * The review queue (docs/product.md#review-queue): new results grouped by run, decided by mouse and by keyboard
 * alone, each decision undoable, the focus never lost, live in a second browser, readable at 1280 and 1440 px and in
 * both themes.
 */

/** A brands run of Excavators (four new brands, one close to Komatsu) and an events run (two new events). */
async function seedQueue(server: TestServer) {
  const { db } = server;
  const [operator] = await db.select({ id: users.id }).from(users).where(eq(users.email, demoOperator.email));
  const [excavators] = await db
    .select({ id: subcategories.id, categoryId: subcategories.categoryId })
    .from(subcategories)
    .where(eq(subcategories.name, 'Excavators'));
  const [komatsu] = await db
    .select({ id: brands.id })
    .from(brands)
    .where(and(eq(brands.name, 'Komatsu'), eq(brands.subcategoryId, excavators!.id)));
  const [construction] = await db.select({ id: categories.id }).from(categories).where(eq(categories.name, 'Construction Equipment'));
  const userId = operator!.id;
  const brandsRun = await insertRun(db, {
    type: 'Brands',
    userId,
    categoryId: excavators!.categoryId,
    subcategoryId: excavators!.id,
    providerModel: 'gpt-4o-mini',
    promptVersion: 'p-1a2b',
    chargedTokens: 1_234,
    figures: { proposed: 6, added: 4, known: 2, dropped: 0 },
  });
  const brandIds = await insertUnreviewedBrands(db, brandsRun, excavators!.id, ['Sany', 'Doosan', 'Kobelko', 'Komatsu Ltd']);
  await db.update(brands).set({ likelyDuplicateOf: komatsu!.id, likelyDuplicateScore: 0.86 }).where(eq(brands.id, brandIds[3]!));
  const eventsRun = await insertRun(db, {
    type: 'Events',
    userId,
    categoryId: construction!.id,
    figures: { proposed: 2, added: 2, known: 0, dropped: 0 },
  });
  await insertUnreviewedEvents(db, eventsRun, construction!.id, ['Bauma China 2028', 'Intermat Lyon 2028']);
  return { brandIds, komatsuId: komatsu!.id, userId, excavators: excavators! };
}

const queue = (page: Page) => page.getByRole('grid', { name: 'New results, grouped by the run that stored them' });
const row = (page: Page, name: string) =>
  queue(page)
    .locator('tr[data-ref]')
    .filter({ has: page.getByRole('checkbox', { name: `Select ${name}`, exact: true }) });
/** A toast (its list item) by the text of its message. */
const toastOf = (page: Page, text: string) =>
  page.getByRole('listitem').filter({ has: page.getByRole('status').filter({ hasText: text }) });
const navCount = (page: Page) => page.getByRole('navigation', { name: 'Main' }).getByTestId('unreviewed-count');
const reviewStateOf = async (server: TestServer, id: number) =>
  (
    await server.db
      .select({ state: brands.reviewState, reason: brands.reviewReason, duplicateOf: brands.duplicateOf })
      .from(brands)
      .where(eq(brands.id, id))
  )[0];

async function openQueue(page: Page, server: TestServer) {
  await server.loginAs(page);
  await page.goto(`${server.url}/dashboard/review`);
  await expect(page.getByRole('heading', { level: 1, name: 'Review' })).toBeVisible();
  await expect(row(page, 'Sany')).toBeVisible();
}

/** The focused element is the checkbox of `name`'s row, with its focus ring, and its row is marked current. */
async function expectCurrent(page: Page, name: string) {
  const box = page.getByRole('checkbox', { name: `Select ${name}`, exact: true });
  await expect(box).toBeFocused();
  expect(await box.evaluate((element) => element.matches(':focus-visible') && element.closest('tr')!.matches(':focus-within'))).toBe(true);
}

test.describe('review queue', () => {
  test('by mouse: the runs and their figures, accept, reject with a reason, a likely duplicate, undo from the toast', async ({
    page,
    makeServer,
  }) => {
    const server = await makeServer();
    const { brandIds, komatsuId } = await seedQueue(server);
    const [sany, doosan, , komatsuLtd] = brandIds;
    await openQueue(page, server);

    await expect(page.getByText('Decided today: 0 · Left: 6')).toBeVisible();
    await expect(navCount(page)).toHaveText(', 6 new');
    const brandsRun = queue(page).getByRole('rowheader', { name: /Excavators/ });
    await expect(brandsRun).toContainText('AI model: gpt-4o-mini');
    await expect(brandsRun).toContainText('Prompt version: p-1a2b');
    await expect(brandsRun).toContainText('1,234 tokens');
    await expect(brandsRun).toContainText(
      '6 proposed · 4 added · 2 skipped as duplicates · 0 dropped as invalid · 0 accepted · 0 rejected · 4 new',
    );

    await row(page, 'Sany').getByRole('button', { name: 'Accept Sany' }).click();
    await expect(row(page, 'Sany')).toHaveCount(0);
    await expect(page.getByRole('status').filter({ hasText: 'Accepted Sany' })).toBeVisible();
    await expect.poll(async () => (await reviewStateOf(server, sany!))?.state).toBe('accepted');
    await expect(brandsRun).toContainText('1 accepted · 0 rejected');
    await expect(navCount(page)).toHaveText(', 5 new');
    await expect(page.getByText('Decided today: 1 · Left: 5')).toBeVisible();

    await row(page, 'Doosan').getByRole('button', { name: 'Reject Doosan' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reject Doosan' });
    await dialog.getByRole('radio', { name: 'Not real' }).check();
    await dialog.getByRole('button', { name: 'Reject', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(row(page, 'Doosan')).toHaveCount(0);
    // The pointer on the toast holds it open (its Undo is offered for 10 s) while the database is read.
    const toastOfRejection = toastOf(page, 'Rejected Doosan');
    await toastOfRejection.hover();
    await expect.poll(async () => await reviewStateOf(server, doosan!)).toMatchObject({ state: 'rejected', reason: 'not_real' });
    // A rejected brand is excluded too.
    expect(await server.db.select().from(brandExclusions).where(eq(brandExclusions.brandId, doosan!))).toHaveLength(1);

    await toastOfRejection.getByRole('button', { name: 'Undo' }).click();
    await expect(row(page, 'Doosan')).toBeVisible();
    await expect.poll(async () => (await reviewStateOf(server, doosan!))?.state).toBe('unreviewed');

    const flagged = row(page, 'Komatsu Ltd');
    await expect(flagged).toContainText('Likely duplicate of Komatsu (0.86)');
    // The reason picker names the flagged result as the one it repeats.
    await flagged.getByRole('button', { name: 'Reject Komatsu Ltd' }).click();
    const picker = page.getByRole('dialog', { name: 'Reject Komatsu Ltd' });
    await picker.getByRole('radio', { name: 'Duplicate of another result' }).check();
    await expect(picker.getByRole('combobox', { name: 'Which result does it repeat?' })).toHaveValue(String(komatsuId));
    await picker.getByRole('button', { name: 'Cancel' }).click();
    await expect(picker).toBeHidden();
    await expect(flagged.getByRole('button', { name: 'Reject Komatsu Ltd' })).toBeFocused();
    await flagged.getByRole('button', { name: 'Reject as duplicate of Komatsu' }).click();
    await expect(flagged).toHaveCount(0);
    await expect
      .poll(async () => await reviewStateOf(server, komatsuLtd!))
      .toMatchObject({ state: 'rejected', reason: 'duplicate', duplicateOf: komatsuId });
  });

  test('by keyboard alone: j/k move, a accepts, r rejects with a reason, u undoes; the focus stays on the right result', async ({
    page,
    makeServer,
  }) => {
    const server = await makeServer();
    const { brandIds } = await seedQueue(server);
    await openQueue(page, server);

    await page.keyboard.press('j');
    await expectCurrent(page, 'Sany');
    await page.keyboard.press('j');
    await expectCurrent(page, 'Doosan');
    await page.keyboard.press('k');
    await expectCurrent(page, 'Sany');

    // Accept: the row leaves, the next result is current.
    await page.keyboard.press('a');
    await expect(row(page, 'Sany')).toHaveCount(0);
    await expectCurrent(page, 'Doosan');
    await expect.poll(async () => (await reviewStateOf(server, brandIds[0]!))?.state).toBe('accepted');
    // Its message is shown before the reason picker opens (a toast that arrives later would take Escape first).
    await expect(page.getByRole('status').filter({ hasText: 'Accepted Sany' })).toBeVisible();

    // Reject opens the reason picker with the focus in it; Escape gives it back; keys typed there decide nothing.
    await page.keyboard.press('r');
    const dialog = page.getByRole('dialog', { name: 'Reject Doosan' });
    await expect(dialog.getByRole('radio', { name: 'Duplicate of another result' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expectCurrent(page, 'Doosan');

    await page.keyboard.press('r');
    await expect(dialog.getByRole('radio').first()).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(dialog.getByRole('radio', { name: 'Wrong category' })).toBeChecked();
    await page.keyboard.press('Tab');
    await expect(dialog.getByRole('textbox', { name: 'Comment (optional)' })).toBeFocused();
    await page.keyboard.type('a u');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(dialog.getByRole('button', { name: 'Reject', exact: true })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    await expect(row(page, 'Doosan')).toHaveCount(0);
    await expectCurrent(page, 'Kobelko');
    await expect.poll(async () => await reviewStateOf(server, brandIds[1]!)).toMatchObject({ state: 'rejected', reason: 'wrong_category' });

    // u: the rejection is undone, Doosan is back in the queue, the focus still on the current result.
    await page.keyboard.press('u');
    await expect(row(page, 'Doosan')).toBeVisible();
    await expect.poll(async () => (await reviewStateOf(server, brandIds[1]!))?.state).toBe('unreviewed');
    await expectCurrent(page, 'Kobelko');
    // The a and u typed in the comment decided and undid nothing: Sany is still accepted, out of the queue.
    expect((await reviewStateOf(server, brandIds[0]!))?.state).toBe('accepted');
    await expect(row(page, 'Sany')).toHaveCount(0);

    // j walks into the next run's results; the last result of the queue decided, the focus goes to the one before it.
    for (const name of ['Komatsu Ltd', 'Bauma China 2028', 'Intermat Lyon 2028']) {
      await page.keyboard.press('j');
      await expectCurrent(page, name);
    }
    await page.keyboard.press('a');
    await expect(row(page, 'Intermat Lyon 2028')).toHaveCount(0);
    await expectCurrent(page, 'Bauma China 2028');
  });

  test('ticked results (shift ticks a range) and all matching: one change each, one Undo; the queue empties', async ({
    page,
    makeServer,
  }) => {
    const server = await makeServer();
    await seedQueue(server);
    await openQueue(page, server);

    await page.getByRole('checkbox', { name: 'Select Sany', exact: true }).click();
    await page.getByRole('checkbox', { name: 'Select Kobelko', exact: true }).click({ modifiers: ['Shift'] });
    await expect(page.getByText('3 selected')).toBeVisible();
    await expect(page.getByRole('checkbox', { name: 'Select Doosan', exact: true })).toBeChecked();
    await page.getByRole('button', { name: 'Accept selected' }).click();
    for (const name of ['Sany', 'Doosan', 'Kobelko']) await expect(row(page, name)).toHaveCount(0);
    // The button left with the ticked results: the focus is on the result after them.
    await expect(page.getByRole('checkbox', { name: 'Select Komatsu Ltd', exact: true })).toBeFocused();
    const accepted = toastOf(page, 'Accepted 3 results');
    await accepted.getByRole('button', { name: 'Undo' }).click();
    for (const name of ['Sany', 'Doosan', 'Kobelko']) await expect(row(page, name)).toBeVisible();

    // Six match: accepting them all asks first.
    await page.getByRole('button', { name: 'Accept all 6 matching' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Accept 6 results?' });
    await confirm.getByRole('button', { name: 'Accept all 6 matching' }).click();
    await expect(page.getByText('Nothing to review. New results from runs appear here.')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Review' })).toBeFocused();
    await expect(navCount(page)).toHaveText(', 0 new');
    await expect(page.getByText('Decided today: 6 · Left: 0')).toBeVisible();
  });

  test('e on a model opens its editor in Equipment Details; Save and accept saves and accepts it', async ({ page, makeServer }) => {
    const server = await makeServer();
    const { userId, excavators, komatsuId } = await seedQueue(server);
    const modelsRun = await insertRun(server.db, {
      type: 'Equipments',
      userId,
      categoryId: excavators.categoryId,
      subcategoryId: excavators.id,
      brandId: komatsuId,
      figures: { proposed: 1, added: 1, known: 0, dropped: 0 },
    });
    await insertUnreviewedModels(server.db, modelsRun, komatsuId, ['PC360LCi-11']);
    await server.loginAs(page);
    await page.goto(`${server.url}/dashboard/review?kind=equipment`);
    await expect(row(page, 'PC360LCi-11')).toBeVisible();
    await expect(row(page, 'Sany')).toHaveCount(0);
    await page.keyboard.press('j');
    await expectCurrent(page, 'PC360LCi-11');
    await page.keyboard.press('e');
    const details = page.getByRole('dialog', { name: 'Equipment Details for Excavators' });
    await expect(details).toBeVisible();
    const editor = page.getByRole('dialog', { name: 'Edit Komatsu PC360LCi-11' });
    await expect(editor).toBeVisible();
    // The address no longer asks for the editor: a reload or Back does not open it again.
    await expect.poll(() => new URL(page.url()).searchParams.has('edit')).toBe(false);
    await editor.getByRole('textbox', { name: 'Specifications' }).fill('Operating weight 36 t.');
    await editor.getByRole('button', { name: 'Save and accept' }).click();
    await expect(editor).toHaveCount(0);
    await expect(details.getByRole('status').filter({ hasText: 'Komatsu - PC360LCi-11 saved and accepted.' })).toBeVisible();
    await expect(details.getByRole('grid').locator('tbody tr').filter({ hasText: 'PC360LCi-11' })).toBeVisible();
    await expect
      .poll(async () => (await server.db.select().from(equipments).where(eq(equipments.model, 'PC360LCi-11')))[0])
      .toMatchObject({
        specifications: 'Operating weight 36 t.',
        reviewState: 'accepted',
      });
  });

  test('a long queue loads a page at a time as it is scrolled, by its cursor', async ({ page, makeServer }) => {
    const server = await makeServer();
    const { userId, excavators } = await seedQueue(server);
    const bigRun = await insertRun(server.db, {
      type: 'Brands',
      userId,
      categoryId: excavators.categoryId,
      subcategoryId: excavators.id,
      figures: { proposed: 120, added: 120, known: 0, dropped: 0 },
    });
    const names = Array.from({ length: 120 }, (_, i) => `Maker ${String(i + 1).padStart(3, '0')}`);
    await insertUnreviewedBrands(server.db, bigRun, excavators.id, names);
    await openQueue(page, server);
    await expect(page.getByText('126 new results')).toBeVisible();
    await expect(queue(page).locator('tr[data-ref]')).toHaveCount(100);
    await page.getByRole('button', { name: 'Load more' }).scrollIntoViewIfNeeded();
    await expect(queue(page).locator('tr[data-ref]')).toHaveCount(126);
    await expect(row(page, 'Maker 120')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Load more' })).toHaveCount(0);
  });

  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 1440, height: 900 },
  ]) {
    test(`at ${viewport.width}x${viewport.height} the name, state and actions of a result are on screen, without sideways scrolling`, async ({
      page,
      makeServer,
    }) => {
      await page.setViewportSize(viewport);
      const server = await makeServer();
      await seedQueue(server);
      await openQueue(page, server);
      const flagged = row(page, 'Komatsu Ltd');
      for (const part of [
        flagged.getByText('Komatsu Ltd', { exact: true }),
        flagged.getByText('New', { exact: true }),
        flagged.getByRole('button', { name: 'Accept Komatsu Ltd' }),
        flagged.getByRole('button', { name: 'Reject Komatsu Ltd' }),
      ]) {
        const box = (await part.boundingBox())!;
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      expect(await queue(page).evaluate((table) => table.parentElement!.scrollWidth <= table.parentElement!.clientWidth)).toBe(true);
    });
  }

  test('axe passes in the light and the dark theme, with the reason picker open too', async ({ page, makeServer }) => {
    const server = await makeServer();
    await seedQueue(server);
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      await openQueue(page, server);
      await expectNoSeriousA11yViolations(page);
      await row(page, 'Sany').getByRole('button', { name: 'Reject Sany' }).click();
      await expect(page.getByRole('dialog', { name: 'Reject Sany' })).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      await page.keyboard.press('Escape');
    }
  });

  test("two browsers: a decision in one takes the result out of the other's queue and counts it down, without a reload", async ({
    page,
    browser,
    makeServer,
  }) => {
    const server = await makeServer();
    await seedQueue(server);
    const other = await reviewerLiveOnReview(browser, server);
    await expect(row(other.page, 'Sany')).toBeVisible();
    await expect(navCount(other.page)).toHaveText(', 6 new');

    await openQueue(page, server);
    await row(page, 'Sany').getByRole('button', { name: 'Accept Sany' }).click();
    await expect(row(page, 'Sany')).toHaveCount(0);

    await expect(row(other.page, 'Sany')).toHaveCount(0);
    await expect(navCount(other.page)).toHaveText(', 5 new');
    await expect(other.page.getByText('Decided today: 0 · Left: 5')).toBeVisible();
    await expect(row(other.page, 'Doosan')).toBeVisible();
    await expectNoReload(other.page);
    await other.close();
  });
});

/** A second browser on the queue, once its socket has joined the review channel. */
async function reviewerLiveOnReview(browser: Browser, server: TestServer) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await server.loginAs(page);
  const joined = new Promise<void>((resolve) => {
    page.on('websocket', (socket) => {
      if (!isPusherSocket(socket)) return;
      socket.on('framereceived', ({ payload }) => {
        const frame = String(payload);
        if (frame.includes('pusher_internal:subscription_succeeded') && frame.includes('private-review')) resolve();
      });
    });
  });
  await page.goto(`${server.url}/dashboard/review`);
  await joined;
  await markDocument(page);
  return { page, close: () => context.close() };
}
