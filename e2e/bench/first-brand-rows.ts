import type { Page } from '@playwright/test';

/**
 * Milliseconds from the click `click` makes (the first click the document sees after the listener is in place) to
 * the first body row of a brands table whose caption starts with `captionPrefix`, timed in the page itself.
 */
export async function clickToFirstBrandRows(page: Page, click: () => Promise<void>, captionPrefix: string): Promise<number> {
  await page.evaluate(() => {
    const w = window as unknown as { benchClickAt?: number };
    document.addEventListener('click', (event) => (w.benchClickAt = event.timeStamp), { capture: true, once: true });
  });
  await click();
  const shownAt = await page.waitForFunction(
    (prefix) => {
      for (const caption of document.querySelectorAll('table caption')) {
        if (caption.textContent?.startsWith(prefix) && caption.closest('table')?.querySelector('tbody tr.data-table__row'))
          return performance.now();
      }
      return false;
    },
    captionPrefix,
    { polling: 'raf', timeout: 30_000 },
  );
  const clickAt = await page.evaluate(() => (window as unknown as { benchClickAt?: number }).benchClickAt ?? Number.NaN);
  return Math.round(Number(await shownAt.jsonValue()) - clickAt);
}
