import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

async function timeToFirstPage(dataDir: string, port: number): Promise<number> {
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/cli/start.ts'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', NODE_ENV: 'development' },
    stdio: 'ignore',
  });
  try {
    for (;;) {
      if (performance.now() - started > 60_000) throw new Error('the server did not serve a page within 60 s');
      const ok = await fetch(`http://127.0.0.1:${port}/login`).then((r) => r.ok, () => false);
      if (ok) return performance.now() - started;
      await new Promise((r) => setTimeout(r, 20));
    }
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }
}

/** `npm start` (already built) to the first served page: a first start on an empty data directory, then a restart. */
export async function benchStartup(): Promise<Record<string, number | boolean>> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'catalogue-bench-start-'));
  try {
    const first = await timeToFirstPage(dataDir, await freePort());
    const restart = await timeToFirstPage(dataDir, await freePort());
    return {
      first_start_with_migrate_and_seed_ms: Math.round(first),
      restart_to_first_page_ms: Math.round(restart),
      server_start_budget_met: restart <= 3_000,
    };
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}
