import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { dashboardScreens, openScreen } from './screens';

/**
 * docs/figures.md: a screen draws where it stays. While a dashboard screen loads (the boot shell of index.html, the
 * header, the navigation, the grid's first page), what is on screen does not move: its layout shift score, as
 * Lighthouse counts it (the browser's `layout-shift` entries without recent input), stays under 0.02, far below
 * Lighthouse's 0.1 "good". Before, the dashboard shared the boot shell's centring class and jumped sideways (0.35).
 */

/** Records the page's layout shifts from its first paint: call before the navigation. */
async function recordLayoutShifts(page: Page) {
  await page.addInitScript(() => {
    const shifts: { value: number; nodes: string[] }[] = [];
    Object.assign(window, { layoutShifts: shifts });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean; sources: { node?: Node | null }[] }[]) {
        if (entry.hadRecentInput) continue;
        shifts.push({
          value: entry.value,
          nodes: entry.sources.map((source) => (source.node instanceof Element ? source.node.className : String(source.node?.nodeName))),
        });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  return () => page.evaluate(() => (window as unknown as { layoutShifts: { value: number; nodes: string[] }[] }).layoutShifts);
}

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 1440, height: 900 },
]) {
  test(`no dashboard screen moves while it loads, at ${viewport.width}x${viewport.height}`, async ({ page, server }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(viewport);
    await server.loginAs(page);
    const shifts = await recordLayoutShifts(page);
    for (const screen of dashboardScreens) {
      await openScreen(page, server.url, screen);
      const recorded = await shifts();
      const score = recorded.reduce((sum, shift) => sum + shift.value, 0);
      expect(score, `${screen.path} moved: ${JSON.stringify(recorded)}`).toBeLessThan(0.02);
    }
  });
}
