import { accessSync, constants } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';

/**
 * Debian's Chromium (Playwright's own browser download cannot work on these machines), as its headless shell: the
 * same Blink as `/usr/bin/chromium`, the build Playwright itself runs headless tests on, without the full browser's
 * compositor and UI, so a 2-core machine spends about a fifth less on the suite. The bench measures the full browser.
 */
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell';

/**
 * The test servers' data directories (a copy of a 971-file PGlite cluster each, e2e/database-templates.ts) and the
 * browsers' profiles go to memory when the machine has a tmpfs: on ext4 the kernel's inode allocation for those copies
 * was a fifth of a 2-core machine's CPU under the suite (`perf record -a`: `__ext4_new_inode`). Workers inherit it.
 */
function useMemoryTmpdir(dir = '/dev/shm') {
  if (process.env.TMPDIR) return;
  try {
    accessSync(dir, constants.W_OK);
    process.env.TMPDIR = dir;
  } catch {
    // No tmpfs here (macOS, Windows): the system's temporary folder.
  }
}
useMemoryTmpdir();

export default defineConfig({
  testDir: './e2e',
  testMatch: '**/*.spec.ts',
  // The data directories every test server copies (e2e/database-templates.ts).
  globalSetup: './e2e/global-setup.ts',
  fullyParallel: false,
  workers: process.env.CI ? 2 : undefined,
  // A test passes or fails: `.only` fails the run, and so does a skipped test (e2e/run-report.ts, which also prints
  // what the run ran on).
  forbidOnly: true,
  // A test that fails runs once more, recording its trace (below); one that then passes still fails the run.
  retries: 1,
  failOnFlakyTests: true,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ...(process.env.CI ? [] : [['html', { open: 'never' }] as const]), ['./e2e/run-report.ts']],
  use: {
    ...devices['Desktop Chrome'],
    // DOM snapshots of a failed test's second run, without the screencast. Recording every test (retain-on-failure) cost
    // an eighth of the suite's time on a 2-core machine (3.1 against 2.7 min for five spec files), a screencast a fifth.
    trace: { mode: 'on-first-retry', screenshots: false, snapshots: true, sources: false },
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromiumPath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--disable-quic',
        '--no-first-run',
      ],
    },
  },
});
