import { type Request } from '@playwright/test';
import { launchChromium } from './chromium';
import { changeBalance } from '../../server/tokens/ledger';
import { seedScale } from '../../server/seed/scale';
import { startTestServer } from '../fixtures';
import { whenLive } from '../live';
import { brandsTable, chooseFromHeader, scaleNames } from './browser-scale';
import { isMainModule, printFigures } from './run-alone';

/**
 * What live events cost an open screen at scale (docs/decisions/0007-one-staleness-map.md): the brands screen of one subcategory is open on
 * `seedScale`'s catalogue while another operator's brand run of a sibling subcategory goes from queued to done (its
 * status events, balance and catalogue events). Figures: the events the page received, and every request the page
 * made from the run's start until 2 s after its last event, with the bytes of each answer (headers and body).
 * Before docs/decisions/0007-one-staleness-map.md every status event made the screen refetch /api/categories and /api/statuses in full.
 * Run alone: `npx tsx e2e/bench/live-event-cost.ts` (prints JSON; needs `npm run build`).
 */

const quietAfterLastEventMs = 2_000;
const runTimeoutMs = 60_000;

interface RequestFigure {
  path: string;
  bytes: number;
}

async function answerBytes(request: Request): Promise<number> {
  const sizes = await request.sizes();
  return sizes.responseHeadersSize + sizes.responseBodySize;
}

export async function benchLiveEventCost(): Promise<Record<string, unknown>> {
  const server = await startTestServer({ seed: false, env: { AI_DEMO_DELAY_MS: '500' } });
  const browser = await launchChromium();
  try {
    const seeded = await seedScale(server.db);
    const names = await scaleNames(server, seeded.largeSubcategoryId);
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    context.setDefaultTimeout(30_000);
    const page = await context.newPage();
    const { userId, token } = await server.loginAs(page);
    await changeBalance(server.db, {
      userId,
      delta: 100_000,
      reason: 'adjustment',
      reference: 'bench-live-event-cost',
      description: 'Balance adjustment',
    });

    const live = whenLive(page);
    await page.goto(`${server.url}/dashboard/brands`);
    const socket = await live;
    await chooseFromHeader(page, /^Category/, names.category);
    await chooseFromHeader(page, /^Subcategory/, names.other);
    await brandsTable(page, names.other).locator('tbody tr.data-table__row').first().waitFor();
    await page.waitForLoadState('networkidle');

    const events: { event: string; at: number }[] = [];
    socket.on('framereceived', ({ payload }) => {
      const frame = JSON.parse(String(payload)) as { event?: string };
      if (frame.event && !frame.event.startsWith('pusher')) events.push({ event: frame.event, at: Date.now() });
    });
    const requests: Promise<RequestFigure>[] = [];
    page.on('requestfinished', (request) => {
      requests.push(answerBytes(request).then((bytes) => ({ path: new URL(request.url()).pathname, bytes })));
    });

    // The run's target: the large subcategory, a sibling of the one on screen (its badge is in the header's menu).
    const started = Date.now();
    const response = await fetch(`${server.url}/api/brands/generate`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ subcategory_id: seeded.largeSubcategoryId }),
    });
    if (!response.ok) throw new Error(`generate answered ${response.status}: ${await response.text()}`);
    // Done when the run's final status arrived and nothing more came for a while.
    while (Date.now() - started < runTimeoutMs) {
      await page.waitForTimeout(250);
      const statusEvents = events.filter((e) => e.event === 'changeanystatus').length;
      const last = events.at(-1)?.at ?? started;
      if (statusEvents >= 2 && Date.now() - last >= quietAfterLastEventMs) break;
    }
    const fetched = await Promise.all(requests);
    await context.close();

    const byPath: Record<string, { requests: number; bytes: number }> = {};
    for (const { path, bytes } of fetched) {
      const entry = (byPath[path] ??= { requests: 0, bytes: 0 });
      entry.requests += 1;
      entry.bytes += bytes;
    }
    const totalBytes = fetched.reduce((sum, f) => sum + f.bytes, 0);
    const statusEvents = events.filter((e) => e.event === 'changeanystatus').length;
    return {
      events_received: events.map((e) => e.event),
      requests: fetched.length,
      bytes_downloaded: totalBytes,
      bytes_per_status_event: statusEvents === 0 ? null : Math.round(totalBytes / statusEvents),
      by_path: byPath,
    };
  } finally {
    await browser.close();
    await server.close();
  }
}

if (isMainModule(import.meta.url)) printFigures(benchLiveEventCost);
