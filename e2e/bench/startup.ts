import { execFile, spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './free-port';
import { isMainModule, printFigures } from './run-alone';

/**
 * `npm start` to the first served page, and the server's memory then (docs/figures.md): a first start on an empty
 * data directory, a restart, and a start that builds the SPA first (into an empty `SPA_DIR`, so the repository's
 * dist/ is left alone). The memory is the resident set (VmRSS) of the server process itself, read from /proc once it
 * serves its first page; the build runs in a child process of its own, which has exited by then.
 * Run alone: `npx tsx e2e/bench/startup.ts` (prints JSON).
 */

async function residentMb(pid: number): Promise<number | null> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => undefined);
  const kb = status === undefined ? undefined : /^VmRSS:\s+(\d+) kB/m.exec(status)?.[1];
  return kb === undefined ? null : Math.round(Number(kb) / 1024);
}

const run = promisify(execFile);
const restartTargetMs = 2_000;
const firstStartTargetMs = 5_000;

interface Start {
  firstPageMs: number;
  rssMb: number | null;
}

async function start(env: { dataDir: string; spaDir?: string }): Promise<Start> {
  const port = await freePort();
  const started = performance.now();
  // What `npm start` runs, without npm: its pid is the server's.
  const child = spawn(process.execPath, ['server/cli/launch.mjs'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: env.dataDir,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'development',
      ...(env.spaDir === undefined ? {} : { SPA_DIR: env.spaDir }),
    },
    stdio: 'ignore',
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  try {
    for (;;) {
      if (performance.now() - started > 180_000) throw new Error('the server did not serve a page within 180 s');
      if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
      const ok = await fetch(`http://127.0.0.1:${port}/login`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) return { firstPageMs: performance.now() - started, rssMb: await residentMb(child.pid ?? -1) };
      await new Promise((r) => setTimeout(r, 20));
    }
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

export async function benchStartup(): Promise<Record<string, number | boolean | null>> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'catalogue-bench-start-'));
  const spaDir = await mkdtemp(path.join(tmpdir(), 'catalogue-bench-spa-'));
  try {
    // As `npm ci` leaves it (prepare): the server's bundle built, so the starts below time the server, not esbuild.
    await run(process.execPath, ['server/cli/launch.mjs', '--build-only']);
    const first = await start({ dataDir });
    const restart = await start({ dataDir });
    const withBuild = await start({ dataDir, spaDir });
    return {
      first_start_with_migrate_and_seed_ms: Math.round(first.firstPageMs),
      restart_to_first_page_ms: Math.round(restart.firstPageMs),
      server_start_budget_met: restart.firstPageMs <= 3_000,
      // docs/figures.md: a restart serves its first page in <= 2 s, a first start (migrations, demo seed) in <= 5 s.
      restart_target_ms: restartTargetMs,
      first_start_target_ms: firstStartTargetMs,
      start_targets_met: restart.firstPageMs <= restartTargetMs && first.firstPageMs <= firstStartTargetMs,
      server_rss_mb_after_start: restart.rssMb,
      start_with_spa_build_to_first_page_ms: Math.round(withBuild.firstPageMs),
      server_rss_mb_after_start_with_spa_build: withBuild.rssMb,
    };
  } finally {
    await rm(dataDir, { recursive: true, force: true });
    await rm(spaDir, { recursive: true, force: true });
  }
}

if (isMainModule(import.meta.url)) printFigures(benchStartup);
