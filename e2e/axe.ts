import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** Fails on any serious or critical accessibility violation of the page as it stands. */
export async function expectNoSeriousA11yViolations(page: Page) {
  // Every rule still runs; only what axe reports back is narrowed to the violations (the passing nodes were never read).
  const builder = new AxeBuilder({ page }).options({ resultTypes: ['violations'] });
  // AxeBuilder's default mode finishes each analysis in a new blank page, so it can reach cross-origin frames; a page
  // without frames gets the same results from one `axe.run` in the page itself, a second or so sooner.
  if (page.frames().length === 1) builder.setLegacyMode(true);
  const results = await builder.analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`),
    'serious or critical axe violations',
  ).toEqual([]);
}
