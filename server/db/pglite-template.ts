import { existsSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { copyDirectory } from './copy-directory';

/**
 * An empty PGlite cluster, made once when the dependencies are installed (`npm ci` runs `prepare`), that a first
 * start copies into its data directory instead of running initdb in WebAssembly (docs/figures.md: initdb was most
 * of a first start's 8 s). One per PGlite version: a cluster is only valid for the PGlite that made it. Without it
 * (installed with --ignore-scripts), a first start runs initdb as before.
 */
const modules = new URL('../../node_modules/', import.meta.url);
const pgliteVersion = (JSON.parse(readFileSync(new URL('@electric-sql/pglite/package.json', modules), 'utf8')) as { version: string })
  .version;
const templateDir = fileURLToPath(new URL(`.cache/catalogue-pglite/${pgliteVersion}/pglite`, modules));

/** The PGlite options every cluster of this product opens with; pg_trgm backs the brands' quick filter (migration 0003). */
export const pgliteOptions = { extensions: { pg_trgm } };

/** Makes the template unless it exists; safe when two processes do it at once (each builds its own, one rename wins). */
export async function preparePgliteTemplate(): Promise<void> {
  if (existsSync(templateDir)) return;
  await mkdir(path.dirname(templateDir), { recursive: true });
  const building = await mkdtemp(path.join(path.dirname(templateDir), 'building-'));
  try {
    const cluster = path.join(building, 'pglite');
    await (await PGlite.create(cluster, pgliteOptions)).close();
    await rename(cluster, templateDir).catch((error: NodeJS.ErrnoException) => {
      if (!existsSync(templateDir)) throw error;
    });
  } finally {
    await rm(building, { recursive: true, force: true });
  }
}

/** Fills the new cluster folder `cluster` from the template; answers false (nothing done) when there is none. */
export async function copyPgliteTemplate(cluster: string): Promise<boolean> {
  if (!existsSync(templateDir)) return false;
  await copyDirectory(templateDir, cluster);
  return true;
}
