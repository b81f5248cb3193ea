import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Reporter, TestModule, Vitest } from 'vitest/node';
import { postgresAdminUrl, requestedEngines, requestedServices, testRedisUrl, whereIs } from './targets';

/**
 * Vitest's last lines: what the run ran on (each database and service, or that the run left it out and how), and a
 * failure for any skipped test, so that a test can only leave a run by failing (docs/testing.md "What a run needs").
 * The line also goes to TEST_RAN_ON_FILE when set: `npm test`'s summary (.ci/test-suites) shows it.
 */
export default class RunReport implements Reporter {
  private vitest: Vitest | undefined;

  /** `serverProjects` use the databases; `redisTests` are the files that use Redis. */
  constructor(private readonly options: { serverProjects: string[]; redisTests: string[] }) {}

  onInit(vitest: Vitest): void {
    this.vitest = vitest;
  }

  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const vitest = this.vitest;
    if (!vitest) return;
    const relative = (module: TestModule) => path.relative(vitest.config.root, module.moduleId);
    // What a failed file would have used is not what the run ran on: its error says what was missing.
    const passed = testModules.filter((module) => module.state() === 'passed');
    const ranOn = this.ranOn(passed.map((module) => ({ project: module.project.name, file: relative(module) })));
    vitest.logger.log(`\nVitest ran on: ${ranOn}`);
    if (process.env.TEST_RAN_ON_FILE) writeFileSync(process.env.TEST_RAN_ON_FILE, ranOn);

    // A file that failed (a failing beforeAll marks its tests skipped) already fails the run, with its own error.
    const skipped = testModules
      .filter((module) => module.state() !== 'failed')
      .flatMap((module) =>
        [...module.children.allTests()]
          .filter((test) => test.result().state === 'skipped')
          .map((test) => `${relative(module)} > ${test.fullName}`),
      );
    if (skipped.length === 0) return;
    // `-t pattern` marks the tests it filters out as skipped: a chosen subset, not a test that left the run.
    if (vitest.config.testNamePattern) {
      vitest.logger.log(`${skipped.length} tests filtered out by -t ${String(vitest.config.testNamePattern)}`);
      return;
    }
    vitest.logger.error(
      `\n${skipped.length} skipped tests fail the run (a test passes or fails; a part left out is left out by TEST_DATABASES or TEST_SERVICES):`,
    );
    for (const name of skipped) vitest.logger.error(`  ${name}`);
    process.exitCode = 1;
  }

  private ranOn(modules: { project: string; file: string }[]): string {
    const parts: string[] = [];
    if (modules.some((module) => this.options.serverProjects.includes(module.project))) {
      const engines = requestedEngines();
      if (engines.includes('pglite')) parts.push('PGlite (in memory)');
      else parts.push('PGlite left out (TEST_DATABASES)');
      if (engines.includes('postgres')) parts.push(`PostgreSQL at ${whereIs(postgresAdminUrl)}`);
      else parts.push('PostgreSQL left out (TEST_DATABASES)');
    }
    if (!requestedServices().includes('redis')) parts.push('Redis left out (TEST_SERVICES)');
    else if (modules.some((module) => this.options.redisTests.includes(module.file))) parts.push(`Redis at ${whereIs(testRedisUrl)}`);
    if (modules.some((module) => !this.options.serverProjects.includes(module.project))) parts.push("Node alone (the SPA's unit tests)");
    return parts.join('; ') || 'nothing';
  }
}
