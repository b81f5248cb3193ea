import { sql } from 'drizzle-orm';
import { issueAccessToken } from '../../server/auth/access-tokens';
import { upsertOperator } from '../../server/auth/users';
import { seedScale } from '../../server/seed/scale';
import { pathOf } from '../../contract/endpoint';
import { gridExportsApi } from '../../contract/grid-exports';
import { startTestServer } from '../fixtures';
import { isMainModule, printFigures } from './run-alone';
import { measureStreamedDownload } from './streamed-download';

/**
 * GET /api/equipments/export of 200,000 models (docs/product.md#export): the time to the first byte and to the last, and
 * how much the server process's memory grows meanwhile (budget: under 10 s and under 50 MB). The scale seed makes
 * the 200,000 models of one subcategory (20,000 brands of 10 models); the client reads the answer as a stream and
 * keeps nothing, so what grows is the server's. Run alone: `npx tsx e2e/bench/equipment-export.ts`.
 */

const rowCount = Number(process.env.BENCH_EXPORT_ROWS ?? 200_000);
const budget = { seconds: 10, mb: 50 } as const;

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

    const url = `${server.url}${pathOf(gridExportsApi.equipments)}?subcategory_id=${seeded.largeSubcategoryId}`;
    const figures = await measureStreamedDownload(url, token, rowCount);
    return {
      ...figures,
      seeded_models: seeded.equipments,
      budget: `under ${budget.seconds} s, rss growth < ${budget.mb} MB`,
      within_budget: figures.total_ms < budget.seconds * 1000 && figures.rss_growth_mb < budget.mb && figures.csv_lines === rowCount + 1,
    };
  } finally {
    await server.close();
  }
}

if (isMainModule(import.meta.url)) printFigures(benchEquipmentExport);
