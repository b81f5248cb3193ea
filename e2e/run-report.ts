import { writeFileSync } from 'node:fs';
import type { FullConfig, FullResult, Reporter, Suite } from '@playwright/test/reporter';

/**
 * Playwright's last lines: what the run ran on, and a failure for any skipped test (`test.skip`, `test.fixme`, a
 * skip at run time), so that a test can only leave a run by failing (docs/testing.md "What a run needs"). The line
 * also goes to TEST_RAN_ON_FILE when set: `npm test`'s summary (.ci/test-suites) shows it.
 */
export default class RunReport implements Reporter {
  private root: Suite | undefined;
  private browser = '';

  onBegin(config: FullConfig, suite: Suite): void {
    this.root = suite;
    const launch = config.projects[0]?.use.launchOptions;
    this.browser = launch?.executablePath ?? "Playwright's Chromium";
  }

  async onEnd(result: FullResult): Promise<{ status?: FullResult['status'] } | undefined> {
    const ranOn = `PGlite (each test server's own data directory); Chromium at ${this.browser}`;
    console.log(`\nPlaywright ran on: ${ranOn}`);
    if (process.env.TEST_RAN_ON_FILE) writeFileSync(process.env.TEST_RAN_ON_FILE, ranOn);

    const skipped = (this.root?.allTests() ?? []).filter((test) => test.outcome() === 'skipped');
    // A run that stopped early (a failure with maxFailures, an interrupt) leaves the rest unrun: that is its own failure.
    if (skipped.length === 0 || result.status !== 'passed') return undefined;
    console.error(`\n${skipped.length} skipped tests fail the run (a test passes or fails):`);
    for (const test of skipped) console.error(`  ${test.titlePath().filter(Boolean).join(' > ')}`);
    return { status: 'failed' };
  }
}
