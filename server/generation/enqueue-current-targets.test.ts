import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brandExclusions, brands, categories, generationRuns, subcategories } from '../db/schema';
import { createTestApp, type TestApp } from '../test/app';
import { availableEngines } from '../test/databases';
import { enqueueRuns } from './runs';

/**
 * The queue reads its targets as they stand in its own transaction (docs/decisions/0014-generate-for-all-matching.md):
 * a target planned before its subcategory moved is queued in the category the subcategory is in now, and a brand
 * excluded since the plan is skipped and counted, not queued.
 */
describe.each(await availableEngines())('enqueueRuns reads its targets afresh, on %s', (engine) => {
  let t: TestApp;
  let userId: number;
  let from: number;
  let to: number;
  let subcategory: number;
  let kept: number;
  let excluded: number;

  beforeAll(async () => {
    t = await createTestApp(engine);
    const db = t.database.db;
    [from, to] = (
      await db
        .insert(categories)
        .values([{ name: 'Queue from' }, { name: 'Queue to' }])
        .returning({ id: categories.id })
    ).map((row) => row.id) as [number, number];
    [{ id: subcategory }] = (await db
      .insert(subcategories)
      .values({ categoryId: to, name: 'Queue subcategory' })
      .returning({ id: subcategories.id })) as [{ id: number }];
    [kept, excluded] = (
      await db
        .insert(brands)
        .values([
          { subcategoryId: subcategory, name: 'Queue kept' },
          { subcategoryId: subcategory, name: 'Queue excluded' },
        ])
        .returning({ id: brands.id })
    ).map((row) => row.id) as [number, number];
    await db.insert(brandExclusions).values({ brandId: excluded });
    ({ userId } = await t.signIn());
  });
  afterAll(() => t?.close());

  it('queues a target planned in its subcategory’s former category in the category it is in now', async () => {
    const queued = await t.database.db.transaction((tx) =>
      enqueueRuns(tx, { userId, targets: [{ type: 'Brands', categoryId: from, subcategoryId: subcategory, brandId: null }] }),
    );
    expect(queued.runs.map((run) => run.categoryId)).toEqual([to]);
    // And a second one of the same target, whichever category it names, is skipped: it is under way.
    const again = await t.database.db.transaction((tx) =>
      enqueueRuns(tx, { userId, targets: [{ type: 'Brands', categoryId: to, subcategoryId: subcategory, brandId: null }] }),
    );
    expect(again).toMatchObject({ runs: [], excluded: 0 });
  });

  it('skips and counts a brand excluded since the plan', async () => {
    const queued = await t.database.db.transaction((tx) =>
      enqueueRuns(tx, {
        userId,
        targets: [excluded, kept].map((brandId) => ({ type: 'Equipments' as const, categoryId: to, subcategoryId: subcategory, brandId })),
      }),
    );
    expect(queued.excluded).toBe(1);
    expect(queued.runs.map((run) => run.brandId)).toEqual([kept]);
    expect(queued.statuses.map((status) => status.brandId)).toEqual([kept]);
    expect(await t.database.db.select().from(generationRuns).where(eq(generationRuns.brandId, excluded))).toEqual([]);
  });
});
