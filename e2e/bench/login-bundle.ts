import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { isMainModule } from './run-alone';

/**
 * The JavaScript the login route needs before its form works, counted from the build's manifest
 * (dist/.vite/manifest.json): the entry and the login and root routes' own chunks with everything they import
 * statically. The dashboard's code that the login form preloads while idle is not part of it.
 * `npx tsx e2e/bench/login-bundle.ts --check` fails past the budget: `npm test` runs it after the build.
 */
export const loginRouteBudgetBytes = 130 * 1024;
/** The target of docs/figures.md (met: 118.0 kB once TanStack Query and ky load with the dashboard; see docs/figures.md). */
export const loginRouteTargetBytes = 120 * 1024;

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}

async function readManifest(distDir: string): Promise<Record<string, ManifestChunk>> {
  const file = path.join(distDir, '.vite', 'manifest.json');
  try {
    return JSON.parse(await readFile(file, 'utf8')) as Record<string, ManifestChunk>;
  } catch (error) {
    throw new Error(`Cannot read ${file}: build the SPA first (npm run build).`, { cause: error });
  }
}

export async function loginRouteScripts(distDir = 'dist'): Promise<string[]> {
  const manifest = await readManifest(distDir);
  const roots = Object.keys(manifest).filter(
    (key) => manifest[key]?.isEntry || key.startsWith('src/routes/login.tsx') || key.startsWith('src/routes/__root.tsx'),
  );
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const imported of manifest[key]?.imports ?? []) visit(imported);
  };
  roots.forEach(visit);
  return [...seen].map((key) => manifest[key]?.file).filter((file): file is string => file?.endsWith('.js') === true);
}

/** Gzip -9 bytes of the login route's scripts, as docs/figures.md counts them. */
export async function loginRouteGzipBytes(distDir = 'dist'): Promise<{ bytes: number; files: number }> {
  const files = await loginRouteScripts(distDir);
  let bytes = 0;
  for (const file of files) bytes += gzipSync(await readFile(path.join(distDir, file)), { level: 9 }).length;
  return { bytes, files: files.length };
}

if (isMainModule(import.meta.url)) {
  const { bytes, files } = await loginRouteGzipBytes();
  const kb = (n: number) => `${(n / 1024).toFixed(1)} kB`;
  console.log(
    `Login route JavaScript: ${kb(bytes)} gzip in ${files} files (budget ${kb(loginRouteBudgetBytes)}, target ${kb(loginRouteTargetBytes)}).`,
  );
  if (process.argv.includes('--check') && bytes > loginRouteBudgetBytes) {
    console.error(`Over budget by ${kb(bytes - loginRouteBudgetBytes)}: see what the login route imports (e2e/bench/login-bundle.ts).`);
    process.exit(1);
  }
}
