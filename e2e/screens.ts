import { expect, type Page } from '@playwright/test';

/** Every dashboard screen (the assets and themes specs visit them all), with the heading that says it has drawn. */
export const dashboardScreens: readonly { path: string; heading: string | RegExp }[] = [
  { path: '/dashboard', heading: 'Dashboard' },
  { path: '/dashboard/brands', heading: 'Brands' },
  { path: '/dashboard/brands/exclusions', heading: 'Brand exclusions' },
  { path: '/dashboard/equipments', heading: 'Equipments' },
  { path: '/dashboard/equipments/exclusions', heading: 'Equipment exclusions' },
  { path: '/dashboard/equipments/exclusions/brands', heading: 'Brand exclusions' },
  { path: '/dashboard/events', heading: 'Events' },
  { path: '/dashboard/transactions', heading: 'Transactions' },
  { path: '/dashboard/payment-methods', heading: 'Payment Methods' },
  { path: '/dashboard/runs', heading: /Runs/ },
];

/** Opens a dashboard screen and waits until it has drawn and fetched what it shows. */
export async function openScreen(page: Page, baseUrl: string, screen: (typeof dashboardScreens)[number]) {
  await page.goto(`${baseUrl}${screen.path}`);
  await expect(page.getByRole('heading', { level: 1, name: screen.heading })).toBeVisible();
  // Every request the screen makes (its images too) has been answered.
  await page.waitForLoadState('networkidle');
}

/**
 * Records what a page must never show: an answer of 400 or more to any request (an asset, an image, a call) and an
 * error in the console or an uncaught one.
 */
export function watchForProblems(page: Page) {
  const problems: string[] = [];
  page.on('response', (response) => {
    if (response.status() >= 400) problems.push(`${response.status()} ${response.request().method()} ${response.url()}`);
  });
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
  return {
    /** Fails with what was recorded since the last check, and forgets it. */
    expectNone(where: string) {
      expect(problems.splice(0), where).toEqual([]);
    },
  };
}
