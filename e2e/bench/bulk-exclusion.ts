import { sql } from 'drizzle-orm';
import { issueAccessToken } from '../../server/auth/access-tokens';
import { upsertOperator } from '../../server/auth/users';
import { seedScale } from '../../server/seed/scale';
import { bulkExclusionsApi } from '../../contract/bulk-exclusions';
import { pathOf } from '../../contract/endpoint';
import { exclusionChangesApi } from '../../contract/exclusion-changes';
import { startTestServer } from '../fixtures';
import { isMainModule, printFigures } from './run-alone';
import { timedPost } from './timed-post';

/**
 * Bulk exclusion by filter (docs/decisions/0012-bulk-actions-select-the-filter.md): the time to exclude every brand of a subcategory of 20,000 brands in
 * one request (POST /api/brands/exclusions/bulk: one transaction, one journal change, a few events), and the time to
 * undo it; the same for the 20,000 models of a subcategory (POST /api/equipments/exclusions/bulk).
 * Run alone: `npx tsx e2e/bench/bulk-exclusion.ts` (BENCH_BULK_BRANDS, BENCH_BULK_MODELS change the sizes).
 */

const brandCount = Number(process.env.BENCH_BULK_BRANDS ?? 20_000);
const modelCount = Number(process.env.BENCH_BULK_MODELS ?? 20_000);
const modelsPerBrand = 5;
const budget = { seconds: 10 } as const;

/** Seeds one subcategory (`seed`), excludes every row of it by filter in one request, then undoes that change. */
async function measureBulk(options: {
  seed: Parameters<typeof seedScale>[1];
  path: string;
  rowsOf: (seeded: Awaited<ReturnType<typeof seedScale>>) => number;
  noun: 'brands' | 'models';
}): Promise<Record<string, unknown>> {
  const server = await startTestServer({ seed: false });
  try {
    const seeded = await seedScale(server.db, {
      categories: 1,
      subcategoriesPerCategory: 1,
      brandsPerSubcategory: 0,
      events: 0,
      brandStatuses: 0,
      excludedEquipments: 0,
      excludedBrands: 0,
      ...options.seed,
    });
    await server.db.execute(sql`analyze`);
    const { id: userId } = await upsertOperator(server.db, { email: 'bench-bulk@example.com', password: 'password123' });
    const token = await issueAccessToken(server.db, userId, 1);

    const exclude = await timedPost(`${server.url}${options.path}`, token, {
      excluded: true,
      selection: { filter: { subcategory_id: seeded.largeSubcategoryId } },
    });
    const changeId = (exclude.answer.undo as { change_id: number }).change_id;
    const undo = await timedPost(`${server.url}${pathOf(exclusionChangesApi.undo, { id: changeId })}`, token);
    const rows = options.rowsOf(seeded);
    return {
      [options.noun]: rows,
      excluded: exclude.answer.done,
      exclude_ms: exclude.ms,
      restored: undo.answer.restored,
      undo_ms: undo.ms,
      budget: `each under ${budget.seconds} s`,
      within_budget: exclude.ms < budget.seconds * 1000 && undo.ms < budget.seconds * 1000 && exclude.answer.done === rows,
    };
  } finally {
    await server.close();
  }
}

export function benchBulkExclusion(): Promise<Record<string, unknown>> {
  return measureBulk({
    seed: { largeSubcategoryBrands: brandCount, modelsPerLargeBrand: 0, equipments: 0 },
    path: pathOf(bulkExclusionsApi.brands),
    rowsOf: (seeded) => seeded.brands,
    noun: 'brands',
  });
}

/** `bulk_model_exclusion`: every model of a subcategory of `modelCount` models (5 a brand), excluded and undone. */
export function benchBulkModelExclusion(): Promise<Record<string, unknown>> {
  const brands = Math.ceil(modelCount / modelsPerBrand);
  return measureBulk({
    seed: { largeSubcategoryBrands: brands, modelsPerLargeBrand: modelsPerBrand, equipments: brands * modelsPerBrand },
    path: pathOf(bulkExclusionsApi.models),
    rowsOf: (seeded) => seeded.equipments,
    noun: 'models',
  });
}

if (isMainModule(import.meta.url)) {
  printFigures(async () => ({ bulk_exclusion: await benchBulkExclusion(), bulk_model_exclusion: await benchBulkModelExclusion() }));
}
