import { type ChildProcess, fork } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { encodeEquipmentsCursor } from '../../contract/equipments';
import { loadConfig } from '../../server/config';
import { type DatabaseHandle, openDatabase } from '../../server/db/client';
import { startServer } from '../../server/server';
import { seedScale, type ScaleSummary } from '../../server/seed/scale';
import { pacedLoad } from './paced-load';
import { isMainModule, printFigures } from './run-alone';
import { freshDatabase, type Engine } from '../../server/test/databases';

/**
 * API bench (docs/figures.md#scale). On a catalogue at scale (`seedScale`: 50 categories x 20
 * subcategories, one subcategory with 20,000 brands, 200,000 equipment items, 5,000 events) in a fresh PGlite
 * data directory, the real server (`startServer`, in a child process so that the load generator does not share its
 * event loop) answers every call a screen makes, on the largest data a screen can ask for. Each call, with
 * autocannon after a warm-up:
 * - `screen`: 1 connection for 3 s, the latency a screen sees; the budget is p99 <= 50 ms;
 * - `loaded`: 10 connections for 5 s (several operators at once; PGlite answers one query at a time, so latency
 *   here is mostly queueing: about 10x the time a call costs).
 * Then GET /api/categories with 50 connections for 10 s, on the scale data and on the demo data (docs/figures.md), and many
 * operators at once going round every screen call (`screen_calls_many_operators`: 20 clients on PGlite, 50 on
 * PostgreSQL, BENCH_API_MIXED_SECONDS long, 60 by default; docs/figures.md), and on PostgreSQL the same 50
 * paced to 2,100 requests a second in all (`screen_calls_many_operators_paced`).
 * Figures, never assertions. Run alone: `npx tsx e2e/bench/api.ts` (prints JSON; BENCH_ENGINE=postgres for the
 * PostgreSQL at 127.0.0.1:5432, or TEST_POSTGRES_URL).
 * BENCH_API_SECONDS / BENCH_API_CONNECTIONS change the loaded runs; BENCH_API_SCREEN_SECONDS the screen runs. The
 * many-operators run asks with Chromium's accept-encoding; BENCH_ACCEPT_ENCODING sets another (empty: none).
 * BENCH_SERVER_PROFILE=<dir> writes each bench server's CPU profile into that directory.
 */

const operator = { email: 'bench@example.com', password: 'bench-password-1' };
const budgetP99Ms = 50;
/** What Chromium sends. */
const browserAcceptEncoding = 'gzip, deflate, br, zstd';
const thisFile = fileURLToPath(import.meta.url);
/** docs/figures.md's 2,000 requests a second, and a little more. */
export const pacedRatePerSecond = 2_100;

/**
 * Points 6 and 7 on PostgreSQL, over the runs of one load (one per process): p99 <= 20 ms in each, at least 2,000
 * requests a second answered in all, all of them well.
 */
export function postgresLoadTargetMet(...runs: { p99_ms: number; requests_per_s: number; errors: number; non_2xx: number }[]): boolean {
  const perSecond = runs.reduce((sum, run) => sum + run.requests_per_s, 0);
  return perSecond >= 2_000 && runs.every((run) => run.p99_ms <= 20 && run.errors === 0 && run.non_2xx === 0);
}

interface RunFigures {
  path: string;
  p50_ms: number;
  p99_ms: number;
  mean_ms: number;
  requests_per_s: number;
  requests: number;
  errors: number;
  non_2xx: number;
  bytes_per_answer: number;
  budget_met: boolean;
}

async function measure(baseUrl: string, token: string, urlPath: string, connections: number, seconds: number): Promise<RunFigures> {
  const headers = { authorization: `Bearer ${token}`, 'x-requested-with': 'XMLHttpRequest', accept: 'application/json' };
  // Warm-up: plans cached, JIT warm.
  for (let i = 0; i < 20; i += 1) {
    const res = await fetch(baseUrl + urlPath, { headers });
    if (!res.ok) throw new Error(`${urlPath} answered ${res.status}: ${await res.text()}`);
    await res.arrayBuffer();
  }
  const result = await autocannon({ url: baseUrl + urlPath, connections, duration: seconds, headers });
  const requests = result.requests.total;
  return {
    path: urlPath,
    p50_ms: result.latency.p50,
    p99_ms: result.latency.p99,
    mean_ms: Math.round(result.latency.average * 100) / 100,
    requests_per_s: Math.round(result.requests.average),
    requests,
    errors: result.errors + result.timeouts,
    non_2xx: result.non2xx,
    bytes_per_answer: requests > 0 ? Math.round(result.throughput.total / requests) : 0,
    budget_met: result.latency.p99 <= budgetP99Ms && result.non2xx === 0 && result.errors === 0,
  };
}

/** What the screens send: the browser accepts compressed answers (BENCH_ACCEPT_ENCODING= for none). */
function screenHeaders(token: string) {
  const acceptEncoding = process.env.BENCH_ACCEPT_ENCODING ?? browserAcceptEncoding;
  const headers: Record<string, string> = {
    authorization: `Bearer ${token}`,
    'x-requested-with': 'XMLHttpRequest',
    accept: 'application/json',
    ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}),
  };
  return { acceptEncoding, headers };
}

/** The screens' calls at a steady rate (paced-load.ts). */
export async function measurePaced(baseUrl: string, token: string, paths: string[], clients: number, perSecond: number, seconds: number) {
  return { ...(await pacedLoad(baseUrl, screenHeaders(token).headers, paths, clients, perSecond, seconds)), calls: paths.length };
}

/**
 * Many operators at once (docs/figures.md): `connections` clients for `seconds`, each going round the calls
 * the screens make, as one run; its latency percentiles are over every call. Each client asks again as soon as it
 * has its answer (`measurePaced` asks at a steady rate).
 */
export async function measureMixed(baseUrl: string, token: string, paths: string[], connections: number, seconds: number) {
  const { acceptEncoding, headers } = screenHeaders(token);
  const result = await autocannon({
    url: baseUrl,
    connections,
    duration: seconds,
    headers,
    requests: paths.map((path) => ({ method: 'GET', path })),
  });
  return {
    connections,
    seconds,
    calls: paths.length,
    accept_encoding: acceptEncoding,
    p50_ms: result.latency.p50,
    p99_ms: result.latency.p99,
    max_ms: result.latency.max,
    requests_per_s: Math.round(result.requests.average),
    errors: result.errors + result.timeouts,
    non_2xx: result.non2xx,
  };
}

/** `sharing`: the Redis and the signing secret several processes share (two-processes.ts). */
export function startChildServer(
  dataDir: string,
  seedDemo = false,
  databaseUrl?: string,
  sharing?: { redisUrl: string; pusherSecret: string },
): Promise<{ child: ChildProcess; port: number }> {
  const child = fork(thisFile, ['--serve'], {
    // BENCH_SERVER_PROFILE=<dir>: the server writes its CPU profile there when it stops (Chromium's DevTools read it).
    execArgv: [
      '--import',
      'tsx',
      ...(process.env.BENCH_SERVER_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_SERVER_PROFILE}`] : []),
    ],
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      BENCH_SEED_DEMO: seedDemo ? 'true' : 'false',
      BENCH_DATABASE_URL: databaseUrl ?? '',
      BENCH_REDIS_URL: sharing?.redisUrl ?? '',
      BENCH_PUSHER_SECRET: sharing?.pusherSecret ?? '',
    },
    // The server's output goes to stderr: stdout carries the bench's JSON alone.
    stdio: ['ignore', process.stderr, 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the bench server did not start within 60 s')), 60_000);
    child.once('message', (message: { port?: number }) => {
      clearTimeout(timer);
      if (typeof message.port === 'number') resolve({ child, port: message.port });
      else reject(new Error('the bench server sent no port'));
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the bench server exited (${code})`));
    });
  });
}

/** The child: the real server over the seeded data directory; tells the parent its port. */
async function serve(): Promise<void> {
  const config = loadConfig({
    NODE_ENV: 'development',
    DATA_DIR: process.env.DATA_DIR,
    DATABASE_URL: process.env.BENCH_DATABASE_URL || undefined,
    REDIS_URL: process.env.BENCH_REDIS_URL || undefined,
    PUSHER_SECRET: process.env.BENCH_PUSHER_SECRET || undefined,
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'error',
    SEED_DEMO: process.env.BENCH_SEED_DEMO === 'true' ? 'true' : 'false',
    SEED_OPERATOR_EMAIL: operator.email,
    SEED_OPERATOR_PASSWORD: operator.password,
    SPA_DIR: path.join(tmpdir(), 'no-spa-for-the-api-bench'),
    LOGIN_MAX_FAILURES_PER_MINUTE: '1000',
  });
  const { app } = await startServer(config);
  const address = app.server.address();
  if (typeof address !== 'object' || !address) throw new Error('not listening');
  process.send?.({ port: address.port });
  process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
}

export async function stopChild(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

export async function signIn(baseUrl: string): Promise<string> {
  const login = await fetch(`${baseUrl}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
    body: JSON.stringify(operator),
  });
  if (!login.ok) throw new Error(`login answered ${login.status}`);
  return ((await login.json()) as { token: string }).token;
}

/** GET /api/categories with 50 connections for 10 s on the demo data (docs/figures.md); one retry on a failed start. */
async function benchDemoCategories(): Promise<Record<string, number | string>> {
  try {
    return await benchDemoCategoriesOnce();
  } catch {
    try {
      return await benchDemoCategoriesOnce();
    } catch (error) {
      return { error: error instanceof Error ? error.message : String(error) };
    }
  }
}

async function benchDemoCategoriesOnce(): Promise<Record<string, number>> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'catalogue-bench-demo-'));
  let child: ChildProcess | undefined;
  try {
    const started = await startChildServer(dataDir, true);
    child = started.child;
    const baseUrl = `http://127.0.0.1:${started.port}`;
    const run = await measure(baseUrl, await signIn(baseUrl), '/api/categories', 50, 10);
    return { p50_ms: run.p50_ms, p99_ms: run.p99_ms, requests_per_s: run.requests_per_s, non_2xx: run.non_2xx };
  } finally {
    await stopChild(child);
    await rm(dataDir, { recursive: true, force: true });
  }
}

/**
 * Waits until the runs the scale seed left In Progress have finished (the generation worker takes them one after
 * another, about one a second), so the many-operators loads measure the screens' calls on a catalogue at rest, in
 * every section alike. Answers the seconds waited.
 */
export async function untilSeededRunsFinish(baseUrl: string, token: string): Promise<number> {
  const startedAt = Date.now();
  for (;;) {
    const res = await fetch(`${baseUrl}/api/runs?status=active&limit=1`, { headers: { authorization: `Bearer ${token}` } });
    if (!res.ok) throw new Error(`/api/runs answered ${res.status}`);
    if (((await res.json()) as { total: number }).total === 0) return Math.round((Date.now() - startedAt) / 1000);
    if (Date.now() - startedAt > 15 * 60_000) throw new Error('the seeded runs did not finish within 15 minutes');
    await new Promise((resolve) => setTimeout(resolve, 2_000));
  }
}

/** Every call a screen makes, on the largest data `seedScale` made (the SPA's own calls, scoped). */
export async function screenCallsAt(baseUrl: string, token: string, seeded: ScaleSummary): Promise<string[]> {
  const brandsPage = await fetch(`${baseUrl}/api/brands?subcategory_id=${seeded.largeSubcategoryId}&limit=1`, {
    headers: { authorization: `Bearer ${token}` },
  }).then((r) => r.json() as Promise<{ brands: { id: number; subcategory: { name: string } }[] }>);
  const brandId = brandsPage.brands[0]?.id ?? 1;
  const largeName = encodeURIComponent(brandsPage.brands[0]?.subcategory.name ?? '');
  const large = seeded.largeSubcategoryId;
  // The SPA pages deep into a subcategory's items by cursor (the row before the page), not by offset.
  const deepRow = await fetch(`${baseUrl}/api/equipments?subcategory_id=${large}&limit=1&offset=99899`, {
    headers: { authorization: `Bearer ${token}` },
  }).then((r) => r.json() as Promise<{ equipments: { id: number; brand: string; model: string }[] }>);
  const deepCursor = encodeURIComponent(encodeEquipmentsCursor(deepRow.equipments[0] ?? { brand: '', model: '', id: 1 }));
  const category = seeded.largeCategoryId;

  // Every call a screen makes, on the largest data it can ask for.
  return [
    // The header: the tree without status records, its subcategories as rows, and the In Progress count.
    '/api/categories?statuses=false&compact=true',
    '/api/statuses?per_brand=false&records=false',
    `/api/brands?subcategory_id=${large}&limit=100`,
    // The brands grid's later pages (src/api/brands.ts brandsList).
    `/api/brands?subcategory_id=${large}&limit=100&offset=100`,
    `/api/brands?subcategory_id=${large}&limit=100&offset=19900`,
    `/api/brands?subcategory_id=${large}&limit=100&sort=equipments_count&dir=desc`,
    `/api/brands?subcategory_id=${large}&limit=100&q=nova`,
    `/api/brands/${brandId}`,
    `/api/events?category_id=${category}&limit=100`,
    `/api/events?category_id=${category}&limit=100&sort=name&q=expo`,
    `/api/equipments?subcategory_id=${large}&limit=100`,
    `/api/equipments?subcategory_id=${large}&limit=100&after=${deepCursor}`,
    `/api/equipments?subcategory=${largeName}`,
    `/api/equipments?brand_id=${brandId}`,
    `/api/equipments/brands?subcategory_id=${large}`,
    // The empty events and brands screens' status records.
    `/api/statuses?per_brand=false&category_id=${category}`,
    `/api/statuses?per_brand=false&subcategory_id=${large}`,
    // The equipments screen: one status per subcategory of the selected category.
    `/api/equipments/statuses?category_id=${category}&per_subcategory=true`,
    `/api/history?type=Equipments&subcategory_id=${large}`,
    `/api/brand-generation-history?subcategory_id=${large}&brand_id=${brandId}`,
    '/api/overview',
    '/api/user-tokens',
  ];
}

/**
 * The API bench on `engine`: PGlite (the default engine: one query at a time) or PostgreSQL (a fresh database on the
 * server the tests use, dropped afterwards), where the loaded run shows what real concurrency gives.
 */
export async function benchApi(engine: Engine = 'pglite'): Promise<Record<string, unknown>> {
  const seconds = Number(process.env.BENCH_API_SECONDS ?? 5);
  const connections = Number(process.env.BENCH_API_CONNECTIONS ?? 10);
  const screenSeconds = Number(process.env.BENCH_API_SCREEN_SECONDS ?? 3);
  const dataDir = await mkdtemp(path.join(tmpdir(), 'catalogue-bench-api-'));
  let child: ChildProcess | undefined;
  const database: DatabaseHandle & { url?: string } =
    engine === 'pglite' ? await openDatabase({ dataDir }) : await freshDatabase('postgres');
  const databaseUrl = database.url;
  try {
    let seeded: ScaleSummary;
    try {
      seeded = await seedScale(database.db, { operator: { ...operator, tokens: 2_500_000 } });
    } finally {
      // PGlite allows one process in its directory: the server's. PostgreSQL keeps the database until the end.
      if (engine === 'pglite') await database.close();
    }

    const started = await startChildServer(dataDir, false, databaseUrl);
    child = started.child;
    const baseUrl = `http://127.0.0.1:${started.port}`;
    const token = await signIn(baseUrl);

    const screenCalls = await screenCallsAt(baseUrl, token, seeded);
    const calls = [
      ...screenCalls,
      // Calls the SPA no longer makes: unscoped (the spec's), the tree with its records or its first rows embedded
      // (the header asks statuses=false&compact=true), a subcategory's statuses (the brands rows carry theirs) and a category's
      // every brand status (the equipments screen asks one per subcategory), every tree status record (the empty
      // screens ask their category's or subcategory's).
      // A deep page by offset: what a client without cursors asks (src/api/equipments.ts); the SPA asks `after=`.
      `/api/equipments?subcategory_id=${seeded.largeSubcategoryId}&limit=100&offset=99900`,
      '/api/categories',
      '/api/categories?statuses=false',
      `/api/categories?subcategory_id=${seeded.largeSubcategoryId}`,
      `/api/categories?category_id=${seeded.largeCategoryId}`,
      '/api/categories-with-subcategories',
      '/api/statuses',
      '/api/statuses?per_brand=false',
      '/api/equipments/statuses',
      `/api/equipments/statuses?subcategory_id=${seeded.largeSubcategoryId}`,
      `/api/equipments/statuses?category_id=${seeded.largeCategoryId}`,
      '/api/equipments/exclusions',
      '/api/brands/exclusions',
    ];
    const figures = [];
    for (const call of calls) {
      const screen = await measure(baseUrl, token, call, 1, screenSeconds);
      const loaded = await measure(baseUrl, token, call, connections, seconds);
      figures.push({
        path: call,
        bytes_per_answer: screen.bytes_per_answer,
        screen: { p50_ms: screen.p50_ms, p99_ms: screen.p99_ms, requests_per_s: screen.requests_per_s },
        loaded: { p50_ms: loaded.p50_ms, p99_ms: loaded.p99_ms, requests_per_s: loaded.requests_per_s },
        errors: screen.errors + screen.non_2xx + loaded.errors + loaded.non_2xx,
        budget_met: screen.budget_met,
        budget_met_loaded: loaded.budget_met,
      });
    }
    const seededRunsWaitS = await untilSeededRunsFinish(baseUrl, token);
    const categoriesUnderLoad = await measure(baseUrl, token, '/api/categories', 50, 10);
    // The targets of docs/figures.md: 20 operators on the embedded database (p99 <= 100 ms, no error); 50 on PostgreSQL (p99 <= 20 ms, >= 2,000/s).
    const mixed = await measureMixed(
      baseUrl,
      token,
      screenCalls,
      engine === 'pglite' ? 20 : 50,
      Number(process.env.BENCH_API_MIXED_SECONDS ?? 60),
    );
    const mixedTargetMet =
      engine === 'pglite' ? mixed.p99_ms <= 100 && mixed.errors === 0 && mixed.non_2xx === 0 : postgresLoadTargetMet(mixed);
    // Point 6 read as a rate: the same 50 clients asking 2,100 requests a second in all, steadily, and the p99 they see.
    // The run above asks as fast as the server answers, so its p99 is the saturated server's.
    const paced =
      engine === 'postgres'
        ? await measurePaced(baseUrl, token, screenCalls, 50, pacedRatePerSecond, Number(process.env.BENCH_API_MIXED_SECONDS ?? 60))
        : undefined;
    await stopChild(child);
    child = undefined;

    return {
      engine,
      seeded: { ...seeded, seed_seconds: Math.round(seeded.milliseconds / 100) / 10 },
      runs: { screen: { connections: 1, seconds: screenSeconds }, loaded: { connections, seconds }, budget_p99_ms: budgetP99Ms },
      calls: figures,
      all_calls_budget_met: figures.every((f) => f.budget_met),
      all_calls_budget_met_loaded: figures.every((f) => f.budget_met_loaded),
      slowest_screen_p99_ms: Math.max(...figures.map((f) => f.screen.p99_ms)),
      screen_calls_many_operators: { ...mixed, seeded_runs_wait_s: seededRunsWaitS, target_met: mixedTargetMet },
      ...(paced ? { screen_calls_many_operators_paced: { ...paced, target_met: postgresLoadTargetMet(paced) } } : {}),
      categories_50_connections_10_s: {
        p50_ms: categoriesUnderLoad.p50_ms,
        p99_ms: categoriesUnderLoad.p99_ms,
        requests_per_s: categoriesUnderLoad.requests_per_s,
        non_2xx: categoriesUnderLoad.non_2xx,
      },
      ...(engine === 'pglite' ? { demo_categories_50_connections_10_s: await benchDemoCategories() } : {}),
    };
  } finally {
    await stopChild(child);
    if (engine === 'postgres') await database.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

if (isMainModule(import.meta.url)) {
  if (process.argv[2] === '--serve') {
    serve().catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
  } else {
    printFigures(() => benchApi(process.env.BENCH_ENGINE === 'postgres' ? 'postgres' : 'pglite'));
  }
}
