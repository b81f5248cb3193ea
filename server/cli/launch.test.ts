import { execFile } from 'node:child_process';
import { cp, mkdtemp, readFile, rm, stat, symlink, utimes } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * `npm start`'s launcher (server/cli/launch.mjs) rebuilds the server's bundle when a file the bundle was built from
 * changed, and only then: a test or a document changed beside the server costs a restart nothing (docs/figures.md).
 * It runs on a copy of the sources in a folder of its own: the repository's files keep their times, which the other
 * test files' servers (their own launchers) read at the same moment.
 */
const root = fileURLToPath(new URL('../../', import.meta.url));
const run = promisify(execFile);

describe('npm start launcher', () => {
  let dir: string;
  let sources: string;
  let bundle: string;
  const build = () =>
    run(process.execPath, [path.join(sources, 'server/cli/launch.mjs'), '--build-only'], {
      cwd: sources,
      env: { ...process.env, CATALOGUE_SERVER_BUNDLE: bundle },
    });
  const builtAt = async () => (await stat(bundle)).mtimeMs;

  /** Marks a file of the copy as changed, a second after the bundle. */
  async function touched(relative: string) {
    const later = new Date((await builtAt()) + 1_000);
    await utimes(path.join(sources, relative), later, later);
  }

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'catalogue-launch-'));
    sources = path.join(dir, 'sources');
    for (const part of ['server', 'contract', 'package.json', 'package-lock.json', 'tsconfig.json']) {
      await cp(path.join(root, part), path.join(sources, part), { recursive: true });
    }
    // The launcher loads esbuild, and the bundle's packages stay imports: the copy uses the repository's own.
    await symlink(path.join(root, 'node_modules'), path.join(sources, 'node_modules'), 'dir');
    bundle = path.join(dir, 'start.mjs');
    await build();
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('records the sources of the bundle, and leaves it as it is while none changed', async () => {
    const inputs = JSON.parse(await readFile(`${bundle}.inputs.json`, 'utf8')) as string[];
    expect(inputs).toContain('server/cli/start.ts');
    expect(inputs).toContain('contract/ids.ts');
    expect(inputs.some((file) => file.endsWith('.test.ts'))).toBe(false);
    const before = await builtAt();
    await build();
    expect(await builtAt()).toBe(before);
  });

  it('does not rebuild for a changed test file', async () => {
    const before = await builtAt();
    await touched('server/cli/launch.test.ts');
    await build();
    expect(await builtAt()).toBe(before);
  });

  it('rebuilds when a source of the bundle changed', async () => {
    const before = await builtAt();
    await touched('contract/ids.ts');
    await build();
    expect(await builtAt()).toBeGreaterThan(before);
  });

  it('rebuilds when the installed packages changed', async () => {
    const before = await builtAt();
    await touched('package-lock.json');
    await build();
    expect(await builtAt()).toBeGreaterThan(before);
  });
});
