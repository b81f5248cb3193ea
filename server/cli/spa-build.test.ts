import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { buildSpa } from './spa-build';

const root = fileURLToPath(new URL('../../', import.meta.url));

describe('the SPA build npm start makes', () => {
  const outDirs: string[] = [];
  afterAll(() => Promise.all(outDirs.map((dir) => rm(dir, { recursive: true, force: true }))));

  it('is a production build even when the server runs with NODE_ENV=development', { timeout: 180_000 }, async () => {
    const outDir = await mkdtemp(path.join(tmpdir(), 'catalogue-spa-'));
    outDirs.push(outDir);
    const before = process.env.NODE_ENV;
    process.env.NODE_ENV = 'development';
    try {
      await buildSpa(root, outDir);
    } finally {
      if (before === undefined) delete process.env.NODE_ENV;
      else process.env.NODE_ENV = before;
    }
    const assets = await readdir(path.join(outDir, 'assets'));
    expect(assets.filter((file) => /devtools/i.test(file))).toEqual([]);
    const scripts = await Promise.all(
      assets.filter((file) => file.endsWith('.js')).map((file) => readFile(path.join(outDir, 'assets', file), 'utf8')),
    );
    expect(scripts.length).toBeGreaterThan(0);
    // React's development build carries its warnings; the production build has none of them.
    expect(scripts.some((text) => text.includes('Each child in a list should have a unique'))).toBe(false);
  });
});
