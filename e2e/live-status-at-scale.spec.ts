import { eq, isNull } from 'drizzle-orm';
import { statusNames } from '../contract/status-names';
import { categories, generationRuns, statuses, subcategories } from '../server/db/schema';
import { seedScale } from '../server/seed/scale';
import { changeBalance } from '../server/tokens/ledger';
import { upsertOperator } from '../server/auth/users';
import { issueAccessToken } from '../server/auth/access-tokens';
import { chooseFromHeader } from './bench/browser-scale';
import { expect, test } from './fixtures';
import { header, pageCaughtUp, whenLive } from './live';

/**
 * docs/decisions/0007-one-staleness-map.md at catalogue scale: a status event carries its record and the In Progress count, and the open
 * screen writes them into its cache; the category tree (about 320 kB here) and the statuses (about 200 kB) are not
 * downloaded again for it.
 */
test('a status event for one subcategory updates its badge on an open brands screen without refetching the tree or the statuses', async ({
  page,
  makeServer,
}) => {
  test.setTimeout(180_000);
  // A run long enough to look at its In Progress state before it ends.
  const server = await makeServer({ seed: false, env: { AI_DEMO_DELAY_MS: '4000' } });
  // The tree and the statuses at scale; the models and events the scale seed also writes play no part in a brands
  // screen's status event, and were two thirds of this test's time.
  const seeded = await seedScale(server.db, { equipments: 0, modelsPerLargeBrand: 0, excludedEquipments: 0, events: 0 });
  // The scale seed leaves some runs In Progress with no operator behind them. The worker fails them all when the run
  // below wakes it: some 250 events for other subcategories in a burst, whose own effects (the equipment runs'
  // `statuseschanged` refetch the tree's counts) are not this test's event. End them before the screen opens.
  await server.db
    .update(generationRuns)
    .set({ status: statusNames.failed, finishedAt: new Date() })
    .where(isNull(generationRuns.finishedAt));
  await server.db.update(statuses).set({ name: statusNames.failed }).where(eq(statuses.name, statusNames.inProgress));
  const [large] = await server.db.select({ category: categories.name }).from(categories).where(eq(categories.id, seeded.largeCategoryId));
  const subcategory = `Zz no brands yet ${Date.now()}`;
  await server.db.insert(subcategories).values({ categoryId: seeded.largeCategoryId, name: subcategory });
  const [target] = await server.db.select({ id: subcategories.id }).from(subcategories).where(eq(subcategories.name, subcategory));

  await server.loginAs(page);
  const live = whenLive(page);
  await page.goto(`${server.url}/dashboard/brands`);
  await live;
  await chooseFromHeader(page, /^Category/, large!.category);
  await chooseFromHeader(page, /^Subcategory/, subcategory);
  await expect(page.getByText(`No brands available for ${subcategory}.`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Generate Brands' })).toBeVisible();
  await page.waitForLoadState('networkidle');

  const refetched: string[] = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (path === '/api/categories' || path === '/api/statuses') refetched.push(`${request.method()} ${request.url()}`);
  });

  // Another operator starts the subcategory's brand run: the server announces its In Progress status.
  const other = await upsertOperator(server.db, { email: `other-${Date.now()}@example.com`, password: 'password123' });
  await changeBalance(server.db, {
    userId: other.id,
    delta: 100_000,
    reason: 'adjustment',
    reference: 'live-status-at-scale',
    description: 'Balance adjustment',
  });
  const token = await issueAccessToken(server.db, other.id, 1);
  const started = await page.request.post(`${server.url}/api/brands/generate`, {
    headers: { authorization: `Bearer ${token}` },
    data: { subcategory_id: target!.id },
  });
  expect(started.status()).toBe(200);

  const empty = page.locator('.empty-state');
  await expect(empty.locator('.status-badge')).toHaveText('In Progress');
  await expect(empty.getByRole('status', { name: 'Generating brands' })).toBeVisible();
  await expect(header(page).getByRole('status').filter({ hasText: 'Generating (1)' })).toBeVisible();
  // Anything the event would have made the screen refetch has been sent by the time the page caught up with it.
  await pageCaughtUp(page);
  expect(refetched).toEqual([]);
});
