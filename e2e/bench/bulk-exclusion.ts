import { sql } from 'drizzle-orm';
import { issueAccessToken } from '../../server/auth/access-tokens';
import { upsertOperator } from '../../server/auth/users';
import { seedScale } from '../../server/seed/scale';
import { bulkExclusionsApi } from '../../contract/bulk-exclusions';
import { pathOf } from '../../contract/endpoint';
import { exclusionChangesApi } from '../../contract/exclusion-changes';
import { startTestServer } from '../fixtures';
import { isMainModule, printFigures } from './run-alone';

/**
 * POST /api/brands/exclusions/bulk by filter (issue 14 point 2): the time to exclude every brand of a subcategory of
 * 20,000 brands in one request (one transaction, one journal change, a few events), and the time to undo it.
 * Run alone: `npx tsx e2e/bench/bulk-exclusion.ts` (BENCH_BULK_BRANDS changes the size).
 */

const brandCount = Number(process.env.BENCH_BULK_BRANDS ?? 20_000);
const budget = { seconds: 10 } as const;

async function timed(url: string, token: string, body?: unknown): Promise<{ ms: number; answer: Record<string, unknown> }> {
  const started = performance.now();
  const res = await fetch(url, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'x-requested-with': 'XMLHttpRequest',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const answer = (await res.json()) as Record<string, unknown>;
  const ms = Math.round(performance.now() - started);
  if (!res.ok) throw new Error(`${url} answered ${res.status}: ${JSON.stringify(answer)}`);
  return { ms, answer };
}

export async function benchBulkExclusion(): Promise<Record<string, unknown>> {
  const server = await startTestServer({ seed: false });
  try {
    const seeded = await seedScale(server.db, {
      categories: 1,
      subcategoriesPerCategory: 1,
      largeSubcategoryBrands: brandCount,
      brandsPerSubcategory: 0,
      modelsPerLargeBrand: 0,
      equipments: 0,
      events: 0,
      brandStatuses: 0,
      excludedEquipments: 0,
      excludedBrands: 0,
    });
    await server.db.execute(sql`analyze`);
    const { id: userId } = await upsertOperator(server.db, { email: 'bench-bulk@example.com', password: 'password123' });
    const token = await issueAccessToken(server.db, userId, 1);

    const exclude = await timed(`${server.url}${pathOf(bulkExclusionsApi.brands)}`, token, {
      excluded: true,
      selection: { filter: { subcategory_id: seeded.largeSubcategoryId } },
    });
    const changeId = (exclude.answer.undo as { change_id: number }).change_id;
    const undo = await timed(`${server.url}${pathOf(exclusionChangesApi.undo, { id: changeId })}`, token);
    return {
      brands: seeded.brands,
      excluded: exclude.answer.done,
      exclude_ms: exclude.ms,
      restored: undo.answer.restored,
      undo_ms: undo.ms,
      budget: `each under ${budget.seconds} s`,
      within_budget: exclude.ms < budget.seconds * 1000 && undo.ms < budget.seconds * 1000 && exclude.answer.done === seeded.brands,
    };
  } finally {
    await server.close();
  }
}

if (isMainModule(import.meta.url)) printFigures(benchBulkExclusion);
