import { readdir, stat } from 'node:fs/promises';
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

export async function buildSpa(root: string): Promise<void> {
  const { build } = await import('vite');
  await build({ root, configFile: path.join(root, 'vite.config.ts'), logLevel: 'warn' });
}
