import { defineConfig, devices } from '@playwright/test';

/**
 * Debian's Chromium (Playwright's own browser download cannot work on these machines), as its headless shell: the
 * same Blink as `/usr/bin/chromium`, the build Playwright itself runs headless tests on, without the full browser's
 * compositor and UI, so a 2-core machine spends about a fifth less on the suite. The bench measures the full browser.
 */
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell';

export default defineConfig({
  testDir: './e2e',
  testMatch: '**/*.spec.ts',
  // The data directories every test server copies (e2e/database-templates.ts).
  globalSetup: './e2e/global-setup.ts',
  fullyParallel: false,
  workers: process.env.CI ? 2 : undefined,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    ...devices['Desktop Chrome'],
    // DOM snapshots of a failed test, without the screencast: recording frames for every test cost a fifth of the run.
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: true, sources: false },
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromiumPath,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-quic', '--no-first-run'],
    },
  },
});
