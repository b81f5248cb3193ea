import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { cpus, loadavg, totalmem } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildSpa, spaNeedsBuild } from '../../server/cli/spa-build';
import { startTestServer } from '../fixtures';
import { postgresReachable } from '../../server/test/databases';
import { benchApi } from './api';
import { benchBrowserScale } from './browser-scale';
import { benchBundles } from './bundle';
import { benchBulkExclusion, benchBulkModelExclusion } from './bulk-exclusion';
import { compareFigures, formatChanges } from './compare';
import { benchDuplicateCheck } from './duplicate-check';
import { benchEquipmentExport } from './equipment-export';
import { benchLighthouse } from './lighthouse';
import { benchLiveEventCost } from './live-event-cost';
import { benchLoginToRows } from './login-to-rows';
import { benchNameMatching } from './name-matching';
import { benchRealtime } from './realtime';
import { benchRestart } from './restart';
import { benchReviewBulk } from './review-bulk';
import { benchStartup } from './startup';
import { benchTransactionsExport } from './transactions-export';
import { benchTwoProcesses } from './two-processes';

/**
 * `npm run bench`: every speed and memory figure of the issues, printed as one JSON object. Figures, never
 * assertions: each section says whether its budget is met.
 *
 * The run is written to `--out` (default docs/bench/latest.json, not committed) and compared with `--compare`
 * (default docs/bench/figures.json, the committed figures docs/figures.md's table shows): each figure that moved is
 * printed with its change. `--only api,bundles` runs some sections. To make a run the new reference:
 * `npm run bench -- --out docs/bench/figures.json`.
 */
const sections: Record<string, () => Promise<unknown>> = {
  async bundles() {
    const server = await startTestServer();
    try {
      return await benchBundles(server);
    } finally {
      await server.close();
    }
  },
  login_to_first_rows: benchLoginToRows,
  lighthouse: benchLighthouse,
  startup: benchStartup,
  api: () => benchApi('pglite'),
  api_postgres: async () => ((await postgresReachable()) ? benchApi('postgres') : { skipped: 'PostgreSQL is not reachable' }),
  two_processes: benchTwoProcesses,
  browser_at_scale: benchBrowserScale,
  live_event_cost: benchLiveEventCost,
  realtime: benchRealtime,
  restart: benchRestart,
  transactions_export: benchTransactionsExport,
  equipment_export: benchEquipmentExport,
  bulk_exclusion: benchBulkExclusion,
  bulk_model_exclusion: benchBulkModelExclusion,
  review_bulk: benchReviewBulk,
  name_matching: benchNameMatching,
  duplicate_check: benchDuplicateCheck,
};

/** The sections that need no built SPA: run alone, they leave dist/ as it is. */
const withoutSpa = new Set(['name_matching', 'duplicate_check']);

const referenceFile = 'docs/bench/figures.json';

async function main() {
  const { values } = parseArgs({
    options: {
      out: { type: 'string', default: 'docs/bench/latest.json' },
      compare: { type: 'string' },
      only: { type: 'string' },
    },
  });
  const only = values.only?.split(',').map((name) => name.trim());
  const unknown = only?.filter((name) => !Object.hasOwn(sections, name)) ?? [];
  if (unknown.length > 0) throw new Error(`Unknown bench section ${unknown.join(', ')}; the sections: ${Object.keys(sections).join(', ')}`);

  const needsSpa = !only || only.some((name) => !withoutSpa.has(name));
  if (needsSpa && (await spaNeedsBuild(process.cwd(), 'dist'))) await buildSpa(process.cwd(), 'dist');
  const figures: Record<string, unknown> = { machine: describeMachine() };
  for (const [name, bench] of Object.entries(sections)) {
    if (only && !only.includes(name)) continue;
    figures[name] = await bench();
  }
  console.log(JSON.stringify(figures, null, 2));

  await mkdir(path.dirname(values.out), { recursive: true });
  await writeFile(values.out, `${JSON.stringify(figures, null, 2)}\n`);
  console.log(`\nFigures written to ${values.out}.`);

  const previousFile =
    values.compare ?? (existsSync(referenceFile) && path.resolve(values.out) !== path.resolve(referenceFile) ? referenceFile : undefined);
  if (previousFile) {
    const previous = JSON.parse(await readFile(previousFile, 'utf8')) as Record<string, unknown>;
    // Sections this run left out (--only) are not "gone".
    const comparable = only
      ? Object.fromEntries(Object.entries(previous).filter(([name]) => name === 'machine' || only.includes(name)))
      : previous;
    console.log(`\nChanges since ${previousFile}:\n${formatChanges(compareFigures(comparable as never, figures as never))}`);
  }
}

/** The machine a run was measured on: figures from another machine compare poorly. */
function describeMachine() {
  return {
    cpus: cpus().length,
    cpu: cpus()[0]?.model ?? 'unknown',
    memory_gib: Math.round(totalmem() / 2 ** 30),
    node: process.version,
    load_average_at_start: Number(loadavg()[0]!.toFixed(2)),
    date: new Date().toISOString(),
  };
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
