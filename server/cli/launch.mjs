// @ts-check
/**
 * `npm start`: runs the server from one bundled file (server/cli/start.ts and everything of server/ and contract/ it
 * imports; npm packages stay imports), rebuilt with esbuild when a file it was built from changed. Loading the TypeScript
 * through tsx took 2 s of a 3.4 s restart (docs/figures.md); plain JavaScript here, as nothing compiles it.
 */
import { rename, stat, writeFile, mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));
const entry = path.join(root, 'server/cli/start.ts');
/** `CATALOGUE_SERVER_BUNDLE` moves it (the launcher's test builds its own). */
const bundle = process.env.CATALOGUE_SERVER_BUNDLE ?? path.join(root, 'node_modules/.cache/catalogue-server/start.mjs');
/** The sources esbuild read for the bundle (its metafile's inputs), written beside it. */
const bundleInputs = `${bundle}.inputs.json`;
/** What changes the bundle without being one of its inputs: the packages it imports, the compiler's options. */
const buildSettings = ['package-lock.json', 'tsconfig.json', 'server/cli/launch.mjs'];

/** @param {string} file */
async function modifiedMs(file) {
  const info = await stat(file).catch(() => undefined);
  return info?.mtimeMs ?? Number.POSITIVE_INFINITY;
}

/**
 * Stale when a file the bundle was built from (or a build setting) changed since, or is gone. A new module is only
 * reached through an import added to a file already in the bundle, so the inputs' times are enough; tests and files
 * the server does not import never cause a rebuild.
 */
async function bundleIsStale() {
  const built = await stat(bundle).catch(() => undefined);
  if (!built) return true;
  /** @type {string[]} */
  const inputs = await readFile(bundleInputs, 'utf8').then(
    (text) => JSON.parse(text),
    () => [],
  );
  if (inputs.length === 0) return true;
  const files = [...inputs, ...buildSettings].map((file) => path.join(root, file));
  const times = await Promise.all(files.map(modifiedMs));
  return Math.max(...times) > built.mtimeMs;
}

/**
 * A source's `import.meta.url` stays its own file's URL in the bundle (the database finds its migrations beside
 * server/db/client.ts by it).
 * @type {import('esbuild').Plugin}
 */
const keepImportMetaUrl = {
  name: 'keep-import-meta-url',
  setup(build) {
    build.onLoad({ filter: /\.ts$/ }, async (args) => {
      const text = await readFile(args.path, 'utf8');
      if (!text.includes('import.meta.url')) return undefined;
      return { contents: text.replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href)), loader: 'ts' };
    });
  },
};

async function buildBundle() {
  const esbuild = await import('esbuild');
  const result = await esbuild.build({
    entryPoints: [entry],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    write: false,
    metafile: true,
    absWorkingDir: root,
    logLevel: 'warning',
    plugins: [keepImportMetaUrl],
  });
  const [output] = result.outputFiles;
  if (!output) throw new Error('esbuild wrote no bundle');
  // Two servers starting at once may both build: each writes its own file and the rename is atomic.
  await mkdir(path.dirname(bundle), { recursive: true });
  const written = `${bundle}.${process.pid}.tmp`;
  await writeFile(`${written}.inputs`, JSON.stringify(Object.keys(result.metafile.inputs)));
  await rename(`${written}.inputs`, bundleInputs);
  await writeFile(written, output.contents);
  await rename(written, bundle);
}

if (await bundleIsStale()) await buildBundle();
// `--build-only` (npm's prepare): leave the bundle ready, so the first `npm start` of a fresh clone does not build it.
if (!process.argv.includes('--build-only')) await import(pathToFileURL(bundle).href);
