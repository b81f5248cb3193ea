import { spawn } from 'node:child_process';
import { readdir, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';

const sources = ['src', 'contract', 'index.html', 'vite.config.ts', 'package-lock.json'];

async function newestChange(target: string): Promise<number> {
  const info = await stat(target).catch(() => undefined);
  if (!info) return 0;
  if (!info.isDirectory()) return info.mtimeMs;
  const entries = await readdir(target, { withFileTypes: true, recursive: true });
  const times = await Promise.all(
    entries.filter((e) => e.isFile()).map((e) => stat(path.join(e.parentPath, e.name)).then((s) => s.mtimeMs)),
  );
  return Math.max(0, ...times);
}

/** True when dist/ is missing or older than any source of the SPA. */
export async function spaNeedsBuild(root: string, outDir: string): Promise<boolean> {
  const built = await stat(path.join(outDir, 'index.html')).catch(() => undefined);
  if (!built) return true;
  const changes = await Promise.all(sources.map((s) => newestChange(path.join(root, s))));
  return Math.max(...changes) > built.mtimeMs;
}

/**
 * Builds the SPA into `outDir` with `vite build` in a child process: a build holds several hundred MB that a
 * server process would keep after it (docs/figures.md), so the server starts with only what it serves with.
 * The build's output goes to stderr (the server's stdout is its JSON log); `signal` stops the build.
 */
export async function buildSpa(root: string, outDir: string, options: { signal?: AbortSignal } = {}): Promise<void> {
  const vite = path.join(path.dirname(createRequire(import.meta.url).resolve('vite/package.json')), 'bin', 'vite.js');
  const args = [
    vite,
    'build',
    '--config',
    path.join(root, 'vite.config.ts'),
    '--outDir',
    path.resolve(root, outDir),
    '--emptyOutDir',
    '--logLevel',
    'warn',
  ];
  // A production build whatever the server's NODE_ENV: with NODE_ENV=development, `vite build` makes a development
  // build (the query devtools, unminified React: a 1.3 s long task in Lighthouse's login audit).
  // Nor a test-mode config when a test builds it: vite.config.ts takes Vitest's plugins when VITEST is set.
  const env = { ...withoutVitest(process.env), NODE_ENV: 'production' };
  const child = spawn(process.execPath, args, { cwd: root, env, stdio: ['ignore', 2, 2], signal: options.signal });
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (exitCode, signal) => resolve(signal ? null : exitCode));
  });
  if (code !== 0) throw new Error(`vite build failed (${code === null ? 'stopped' : `exit code ${code}`})`);
}

function withoutVitest(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(env).filter(([name]) => !name.startsWith('VITEST')));
}
