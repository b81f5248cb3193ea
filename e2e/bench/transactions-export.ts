import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';
import { sql } from 'drizzle-orm';
import { upsertOperator } from '../../server/auth/users';
import { issueAccessToken } from '../../server/auth/access-tokens';
import { startTestServer } from '../fixtures';
import { isMainModule, printFigures } from './run-alone';

/**
 * GET /api/transactions/export of 100,000 ledger rows (issue 12): the time to stream the whole CSV and how much the
 * server process's memory grows meanwhile (budget: under 50 MB). The rows are written by one INSERT ... SELECT (a
 * bench step); the client reads the answer as a stream and keeps nothing, so what grows is the server's.
 * Run alone: `npx tsx e2e/bench/transactions-export.ts`.
 */

const rowCount = Number(process.env.BENCH_STATEMENT_ROWS ?? 100_000);
const budgetMb = 50;

/** A full collection, so that the figures start from live memory (the flag is set at run time: no node option needed). */
function collectGarbage(): void {
  v8.setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
}

const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;

export async function benchTransactionsExport(): Promise<Record<string, unknown>> {
  const server = await startTestServer({ seed: false });
  try {
    const { id: userId } = await upsertOperator(server.db, { email: 'bench-statement@example.com', password: 'password123' });
    await server.db.execute(sql`
      insert into token_ledger (user_id, delta, balance_after, reason, reference, description, created_at)
      select ${userId}, 10, g * 10, 'adjustment', 'bench-statement-' || g, 'Bench credit, row ' || g || ' "quoted"',
             now() - make_interval(secs => ${rowCount} - g)
      from generate_series(1, ${rowCount}) g`);
    await server.db.execute(sql`update users set tokens = ${rowCount * 10} where id = ${userId}`);
    // As PostgreSQL's autoanalyze (and `npm run seed:scale` on PGlite) would after a bulk load.
    await server.db.execute(sql`analyze token_ledger`);
    const token = await issueAccessToken(server.db, userId, 1);

    // Settle what seeding allocated, then watch the process's resident memory while the export streams.
    collectGarbage();
    await new Promise((resolve) => setTimeout(resolve, 500));
    const baseline = process.memoryUsage();
    let peakRss = baseline.rss;
    let peakHeap = baseline.heapUsed;
    const sampler = setInterval(() => {
      const now = process.memoryUsage();
      peakRss = Math.max(peakRss, now.rss);
      peakHeap = Math.max(peakHeap, now.heapUsed);
    }, 20);

    const started = performance.now();
    const response = await fetch(`${server.url}/api/transactions/export`, {
      headers: { authorization: `Bearer ${token}`, 'x-requested-with': 'XMLHttpRequest' },
    });
    const firstByteMs = performance.now() - started;
    let bytes = 0;
    let lines = 0;
    const reader = response.body!.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      bytes += value.byteLength;
      for (const byte of value) if (byte === 0x0a) lines += 1;
    }
    const totalMs = performance.now() - started;
    clearInterval(sampler);

    collectGarbage();
    const retainedMb = mb(process.memoryUsage().heapUsed - baseline.heapUsed);
    const growthMb = mb(peakRss - baseline.rss);
    return {
      rows: rowCount,
      status: response.status,
      csv_lines: lines,
      csv_mb: mb(bytes),
      first_byte_ms: Math.round(firstByteMs),
      total_ms: Math.round(totalMs),
      rows_per_second: Math.round(rowCount / (totalMs / 1000)),
      rss_growth_mb: growthMb,
      heap_growth_mb: mb(peakHeap - baseline.heapUsed),
      heap_retained_after_gc_mb: retainedMb,
      budget: `rss growth < ${budgetMb} MB`,
      within_budget: growthMb < budgetMb && lines === rowCount + 1,
    };
  } finally {
    await server.close();
  }
}

if (isMainModule(import.meta.url)) printFigures(benchTransactionsExport);
