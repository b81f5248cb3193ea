import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';
import { sql } from 'drizzle-orm';
import { issueAccessToken } from '../../server/auth/access-tokens';
import { upsertOperator } from '../../server/auth/users';
import { seedScale } from '../../server/seed/scale';
import { startTestServer } from '../fixtures';
import { isMainModule, printFigures } from './run-alone';

/**
 * GET /api/equipments/export of 200,000 models (issue 14 point 1): the time to the first byte and to the last, and
 * how much the server process's memory grows meanwhile (budget: under 10 s and under 50 MB). The scale seed makes
 * the 200,000 models of one subcategory (20,000 brands of 10 models); the client reads the answer as a stream and
 * keeps nothing, so what grows is the server's. Run alone: `npx tsx e2e/bench/equipment-export.ts`.
 */

const rowCount = Number(process.env.BENCH_EXPORT_ROWS ?? 200_000);
const budget = { seconds: 10, mb: 50 } as const;

/** A full collection, so that the figures start from live memory (the flag is set at run time: no node option needed). */
function collectGarbage(): void {
  v8.setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
}

const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;

export async function benchEquipmentExport(): Promise<Record<string, unknown>> {
  const server = await startTestServer({ seed: false });
  try {
    const brandsCount = Math.max(1, Math.round(rowCount / 10));
    const seeded = await seedScale(server.db, {
      categories: 1,
      subcategoriesPerCategory: 1,
      largeSubcategoryBrands: brandsCount,
      modelsPerLargeBrand: rowCount / brandsCount,
      equipments: rowCount,
      events: 0,
      brandStatuses: 0,
      excludedEquipments: 0,
      excludedBrands: 0,
    });
    await server.db.execute(sql`analyze`);
    const { id: userId } = await upsertOperator(server.db, { email: 'bench-export@example.com', password: 'password123' });
    const token = await issueAccessToken(server.db, userId, 1);

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
    const response = await fetch(`${server.url}/api/equipments/export?subcategory_id=${seeded.largeSubcategoryId}`, {
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
    const growthMb = mb(peakRss - baseline.rss);
    return {
      rows: rowCount,
      seeded_models: seeded.equipments,
      status: response.status,
      csv_lines: lines,
      csv_mb: mb(bytes),
      first_byte_ms: Math.round(firstByteMs),
      total_ms: Math.round(totalMs),
      rows_per_second: Math.round(rowCount / (totalMs / 1000)),
      rss_growth_mb: growthMb,
      heap_growth_mb: mb(peakHeap - baseline.heapUsed),
      heap_retained_after_gc_mb: mb(process.memoryUsage().heapUsed - baseline.heapUsed),
      budget: `under ${budget.seconds} s, rss growth < ${budget.mb} MB`,
      within_budget: totalMs < budget.seconds * 1000 && growthMb < budget.mb && lines === rowCount + 1,
    };
  } finally {
    await server.close();
  }
}

if (isMainModule(import.meta.url)) printFigures(benchEquipmentExport);
