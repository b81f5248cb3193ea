import type { Locator, Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './axe';
import { expect, test } from './fixtures';

/**
 * The demo seed's runs, charges and balance tell one story (server/seed/demo-runs.ts): what the home screen says the
 * latest runs cost, what the runs centre says each run was charged, and the transactions' charge rows are the same
 * numbers, read from each screen; and no screen says a run generated "- 0".
 */

/** A grid's scroll box, named by its caption (it holds the rows whether the grid is a table or an ARIA grid). */
const grid = (page: Page, caption: string) => page.getByRole('region', { name: caption });

const amount = (text: string) => {
  const match = /-?[\d,]+/.exec(text);
  if (!match) throw new Error(`no number in "${text}"`);
  return Number(match[0].replace(/,/g, ''));
};
const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

/** The index of the column whose header matches `name`. */
async function columnIndex(box: Locator, name: RegExp): Promise<number> {
  const headers = (await box.locator('thead th').allTextContents()).map((text) => text.trim());
  const index = headers.findIndex((text) => name.test(text));
  expect(index, `a column ${name} among ${headers.join(' | ')}`).toBeGreaterThanOrEqual(0);
  return index;
}

/** The cells' texts of the rows in the DOM (every row of a grid that is not virtualised). */
const cellTexts = (box: Locator) =>
  box.evaluate((element) =>
    [...element.querySelectorAll('tbody tr.data-table__row')].map((row) =>
      [...row.querySelectorAll('td')].map((cell) => (cell as HTMLElement).innerText.trim()),
    ),
  );

/** Every row of a virtualised grid of `count` rows, read as its scroll box is scrolled down (rows by aria-rowindex). */
async function allVirtualRows(box: Locator, count: number): Promise<string[][]> {
  const rows = new Map<number, string[]>();
  for (let step = 0; rows.size < count && step < 100; step += 1) {
    const shown = await box.evaluate((element) =>
      [...element.querySelectorAll('tbody tr[aria-rowindex]')].map(
        (row) =>
          [
            Number(row.getAttribute('aria-rowindex')),
            [...row.querySelectorAll('td')].map((cell) => (cell as HTMLElement).innerText.trim()),
          ] as const,
      ),
    );
    for (const [index, cells] of shown) rows.set(index, cells);
    // Scroll half a box further and let the grid render the rows that came into view.
    await box.evaluate(
      (element) =>
        new Promise<void>((resolve) => {
          element.scrollTop += element.clientHeight / 2;
          requestAnimationFrame(() => requestAnimationFrame(() => resolve()));
        }),
    );
  }
  expect(rows.size, 'every run read from the runs centre').toBe(count);
  return [...rows.entries()].sort(([a], [b]) => a - b).map(([, cells]) => cells);
}

test('the home screen, the runs centre and the transactions agree on what the demo runs cost', async ({ page, makeServer }) => {
  // A server of its own: the shared one's demo operator starts runs in other specs.
  const server = await makeServer();
  await page.setViewportSize({ width: 1280, height: 800 });
  await server.loginAs(page);

  // The home screen: the balance, and the latest runs with their cost.
  await page.goto(`${server.url}/dashboard`);
  const balance = amount(await page.getByRole('article', { name: 'Token balance' }).innerText());
  const latest = grid(page, 'Latest generation runs, newest first');
  await expect(latest.locator('tbody tr.data-table__row').first()).toBeVisible();
  const [homeType, homeStatus, homeGenerated, homeCost] = await Promise.all(
    [/^Type/, /^Status/, /^Generated/, /^Token Cost/].map((name) => columnIndex(latest, name)),
  );
  const homeRows = await cellTexts(latest);
  expect(homeRows.length).toBeGreaterThan(0);
  const homeCosts = homeRows.map((cells) => amount(cells[homeCost!]!));
  expect(sum(homeCosts), 'the seeded runs cost something').toBeGreaterThan(0);
  for (const cells of homeRows) {
    // "3 brands", never "- 0" or "0 events" beside Generated.
    expect(cells[homeGenerated!]).toMatch(/^[\d,]+ (events?|brands?|models?)$/);
    if (cells[homeStatus!] === 'Generated') expect(amount(cells[homeGenerated!]!)).toBeGreaterThan(0);
  }
  await expect(page.getByText(/Generated\s*[-–]\s*0/)).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  // The runs centre: every run and what it was charged.
  await page.goto(`${server.url}/dashboard/runs`);
  const runsBox = grid(page, 'Your generation runs, newest first');
  const summary = page.getByRole('status').filter({ hasText: /^[\d,]+ runs?$/ });
  await expect(summary).toBeVisible();
  const runCount = amount(await summary.innerText());
  const [runType, runCharged] = await Promise.all([/^Type/, /charged/i].map((name) => columnIndex(runsBox, name)));
  const runs = await allVirtualRows(runsBox, runCount);
  const charged = runs.map((cells) => (/^[\d,]+ \//.test(cells[runCharged!]!) ? amount(cells[runCharged!]!) : 0));
  // The home screen's latest runs are the runs centre's newest, at the same cost.
  expect(runs.slice(0, homeRows.length).map((cells) => cells[runType!])).toEqual(homeRows.map((cells) => cells[homeType!]));
  expect(charged.slice(0, homeRows.length)).toEqual(homeCosts);
  await expect(page.getByText(/Generated\s*[-–]\s*0/)).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  // The transactions: a charge row for every charged run, of its amount; the newest row's balance is the home's.
  await page.goto(`${server.url}/dashboard/transactions`);
  const statement = grid(page, 'Your transactions, newest first');
  await expect(statement.locator('tbody tr.data-table__row').first()).toBeVisible();
  const paging = await page.getByText(/^Showing [\d,]+ to [\d,]+ of [\d,]+$/).innerText();
  const [, last, of] = /to ([\d,]+) of ([\d,]+)/.exec(paging)!;
  expect(last, 'every transaction on one page').toBe(of);
  const [txDescription, txAmount, txBalance] = await Promise.all(
    [/^Description/, /^Tokens/, /^Balance/].map((name) => columnIndex(statement, name)),
  );
  const transactions = await cellTexts(statement);
  const charges = transactions.filter((cells) => /Run #\d+/.test(cells[txDescription!]!)).map((cells) => -amount(cells[txAmount!]!));
  const chargedRuns = charged.filter((tokens) => tokens > 0);
  expect(charges).toEqual(chargedRuns);
  expect(sum(charges)).toBe(sum(charged));
  expect(sum(charges.slice(0, homeCosts.filter((cost) => cost > 0).length))).toBe(sum(homeCosts));
  expect(amount(transactions[0]![txBalance!]!)).toBe(balance);
  await expectNoSeriousA11yViolations(page);

  // A charge's link opens its run alone in the runs centre, charged what the statement says.
  const firstCharge = statement.getByRole('link', { name: /^Run #\d+$/ }).first();
  await firstCharge.click();
  await expect(page).toHaveURL(/\/dashboard\/runs\?run=\d+$/);
  await expect(runsBox.locator('tbody tr.data-table__row')).toHaveCount(1);
  const oneRun = (await cellTexts(runsBox))[0]!;
  expect(amount(oneRun[runCharged!]!)).toBe(charges[0]);
});
