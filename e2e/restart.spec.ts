import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import {
  categoryTrigger,
  chooseCategory,
  expectNoReload,
  liveIndicator,
  markDocument,
  renamedFrom,
  scratchCategory,
  whenLive,
} from './live';

/**
 * docs/operations.md#stopping: after the server restarts (same port, same data), an open screen is live again at once: the
 * server closes its sockets with "reconnect", and while the connection is down the page probes GET /api/health and
 * makes pusher-js reconnect as soon as the server answers, instead of waiting out pusher-js's 15 s retry timeout.
 * A change made right after the server is back reaches the screen through the resync once every channel is joined
 * again. The timing here is a ceiling (5 s); `npm run bench` measures it.
 */

const operator = { email: 'restart@example.com' };
const texts = { reconnecting: 'Live updates unavailable - reconnecting', stopped: 'Live updates unavailable' };

/** Records every text the header's live indicator shows from now on. */
async function recordLiveTexts(page: Page) {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { liveTexts: string[] }).liveTexts = seen;
    const banner = document.querySelector('header')!;
    new MutationObserver(() => {
      for (const status of banner.querySelectorAll('[role=status]')) {
        const text = status.textContent ?? '';
        if (text.startsWith('Live updates') && seen.at(-1) !== text) seen.push(text);
      }
    }).observe(banner, { subtree: true, childList: true, characterData: true });
  });
}
const liveTextsSeen = (page: Page) => page.evaluate(() => (window as unknown as { liveTexts: string[] }).liveTexts);

test('after a restart, an open screen shows a change made right after the server is back, without a reload', async ({
  page,
  makeServer,
}) => {
  // Two server starts (a fresh data directory, then the restart) on a busy machine.
  test.setTimeout(120_000);
  const server = await makeServer();
  const category = await scratchCategory(server.db, 'restart');
  const { token } = await server.loginAs(page, operator);
  const live = whenLive(page);
  await page.goto(`${server.url}/dashboard/events`);
  await live;
  await chooseCategory(page, category.name);
  await markDocument(page);
  await recordLiveTexts(page);

  await server.restart();
  const renamed = renamedFrom(category.name);
  const rename = await page.request.post(`${server.url}/api/categories/update`, {
    headers: { Authorization: `Bearer ${token}`, 'X-Requested-With': 'XMLHttpRequest', Accept: 'application/json' },
    data: { id: category.id, name: renamed },
  });
  expect(rename.status(), await rename.text()).toBe(200);

  await expect(categoryTrigger(page)).toContainText(renamed, { timeout: 5_000 });
  await expect(liveIndicator(page)).toHaveCount(0);
  // Truthful through the restart: "reconnecting" while the server was away, never "unavailable" (pusher-js gave up).
  expect(await liveTextsSeen(page)).toEqual([texts.reconnecting]);
  await expectNoReload(page);
});
