import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { upsertOperator } from '../auth/users';
import type { DatabaseHandle } from '../db/client';
import { brandExclusions, brands, categories, equipmentExclusions, equipments, events, subcategories } from '../db/schema';
import { decideReview } from '../review/decisions';
import { insertRun, insertUnreviewedBrands, insertUnreviewedEvents, insertUnreviewedModels } from '../review/test-support/review-rows';
import { availableEngines, freshDatabase } from '../test/databases';
import { undoExclusionChange } from './exclusion-undo';

const engines = await availableEngines();

describe.each(engines)('undoing a review decision (exclusion-undo.ts) on %s', (engine) => {
  let database: DatabaseHandle;
  let userId: number;
  let categoryId: number;
  let subcategoryId: number;
  let brandId: number;
  const db = () => database.db;

  beforeAll(async () => {
    database = await freshDatabase(engine);
    ({ id: userId } = await upsertOperator(db(), { email: 'undo-review@example.com', password: 'password123' }));
    const [category] = await db().insert(categories).values({ name: 'Audio' }).returning();
    categoryId = category?.id ?? 0;
    const [subcategory] = await db().insert(subcategories).values({ name: 'Microphones', categoryId }).returning();
    subcategoryId = subcategory?.id ?? 0;
    const [brand] = await db().insert(brands).values({ name: 'Shure', subcategoryId }).returning();
    brandId = brand?.id ?? 0;
  });
  afterAll(() => database.close());

  const reviewOf = (table: typeof brands | typeof equipments | typeof events, ids: number[]) =>
    db()
      .select({
        state: table.reviewState,
        reason: table.reviewReason,
        comment: table.reviewComment,
        by: table.reviewedBy,
        at: table.reviewedAt,
      })
      .from(table)
      .where(inArray(table.id, ids))
      .orderBy(table.id);

  it('puts back the review of every kind the decision changed, and removes the exclusions its rejections made', async () => {
    const runId = await insertRun(db(), { type: 'Brands', userId, categoryId, subcategoryId });
    const brandIds = await insertUnreviewedBrands(db(), runId, subcategoryId, ['Rode', 'AKG']);
    const modelIds = await insertUnreviewedModels(db(), null, brandId, ['SM58']);
    const eventIds = await insertUnreviewedEvents(db(), null, categoryId, ['NAMM']);
    // One brand was excluded by hand before: the rejection leaves that exclusion, and the undo keeps it.
    await db()
      .insert(brandExclusions)
      .values({ brandId: brandIds[1] ?? 0, createdBy: userId });
    const items = [
      ...brandIds.map((id) => ({ kind: 'brand' as const, id })),
      ...modelIds.map((id) => ({ kind: 'equipment' as const, id })),
      ...eventIds.map((id) => ({ kind: 'event' as const, id })),
    ];
    const answer = await decideReview(db(), undefined, {
      userId,
      decision: 'reject',
      reason: 'other',
      comment: 'Made up',
      selection: { items },
    });
    expect(answer).toMatchObject({ decided: 4, skipped: 0, message: 'Rejected 4 results: Other.' });
    expect(await reviewOf(events, eventIds)).toMatchObject([{ state: 'rejected', reason: 'other', comment: 'Made up', by: userId }]);
    expect(await db().select().from(equipmentExclusions).where(inArray(equipmentExclusions.equipmentId, modelIds))).toHaveLength(1);

    const undone = await undoExclusionChange(db(), undefined, { changeId: answer.undo?.change_id ?? 0, userId });
    expect(undone).toEqual({ message: 'Undone: 4 results back in the review queue.', restored: 4, skipped: 0 });
    const unreviewed = { state: 'unreviewed', reason: null, comment: null, by: null, at: null };
    expect(await reviewOf(brands, brandIds)).toEqual([unreviewed, unreviewed]);
    expect(await reviewOf(equipments, modelIds)).toEqual([unreviewed]);
    expect(await reviewOf(events, eventIds)).toEqual([unreviewed]);
    expect(await db().select().from(equipmentExclusions).where(inArray(equipmentExclusions.equipmentId, modelIds))).toHaveLength(0);
    const stillExcluded = await db().select().from(brandExclusions).where(inArray(brandExclusions.brandId, brandIds));
    expect(stillExcluded.map((row) => row.brandId)).toEqual([brandIds[1]]);
  });

  it('leaves an item whose review changed since as it is, and counts it skipped', async () => {
    const eventIds = await insertUnreviewedEvents(db(), null, categoryId, ['Fair A', 'Fair B']);
    const answer = await decideReview(db(), undefined, {
      userId,
      decision: 'accept',
      selection: { items: eventIds.map((id) => ({ kind: 'event' as const, id })) },
    });
    await db()
      .update(events)
      .set({ reviewState: 'rejected', reviewReason: 'not_real' })
      .where(eq(events.id, eventIds[0] ?? 0));
    const undone = await undoExclusionChange(db(), undefined, { changeId: answer.undo?.change_id ?? 0, userId });
    expect(undone).toEqual({
      message: 'Undone: 1 result back in the review queue. 1 other result was left as it is: reviewed again since, or deleted.',
      restored: 1,
      skipped: 1,
    });
    expect((await reviewOf(events, eventIds)).map((row) => row.state)).toEqual(['rejected', 'unreviewed']);
  });
});
