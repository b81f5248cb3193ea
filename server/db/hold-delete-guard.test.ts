import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { upsertOperator } from '../auth/users';
import { enqueueRuns } from '../generation/runs';
import type { RunTarget } from '../generation/targets';
import { availableEngines, freshDatabase } from '../test/databases';
import { changeBalance, holdForRun } from '../tokens/ledger';
import type { Database } from './client';
import { categories, generationRuns, subcategories, users } from './schema';

/**
 * A hold cannot leak through a delete (migration 0017, docs/decisions/0004-token-ledger-and-holds.md): the database
 * refuses to delete a category or subcategory while a run of it holds tokens, as a restrict violation, and changes
 * nothing; without such a run, the delete cascades to the runs as before.
 */

/** The SQLSTATE of what `work` threw, wherever the driver put it in the cause chain. */
async function sqlStateOf(work: Promise<unknown>): Promise<string | undefined> {
  try {
    await work;
  } catch (error) {
    for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
      const code = (e as { code?: unknown }).code;
      if (typeof code === 'string') return code;
    }
    return 'unknown';
  }
  return undefined;
}

describe.each(await availableEngines())('deleting a category or subcategory whose run holds tokens, on %s', (engine) => {
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  let db: Database;
  let userId: number;
  beforeAll(async () => {
    database = await freshDatabase(engine);
    db = database.db;
    ({ id: userId } = await upsertOperator(db, { email: 'holds@example.com', password: 'password123' }));
    await changeBalance(db, { userId, delta: 100_000, reason: 'adjustment', reference: 'holds-test', description: 'Balance adjustment' });
  });
  afterAll(() => database.close());

  async function scratch(name: string) {
    const [category] = await db.insert(categories).values({ name }).returning();
    const [subcategory] = await db
      .insert(subcategories)
      .values({ categoryId: category!.id, name: `${name} sub` })
      .returning();
    return { categoryId: category!.id, subcategoryId: subcategory!.id };
  }

  async function queue(target: RunTarget, hold: number): Promise<number> {
    return db.transaction(async (tx) => {
      const { runs } = await enqueueRuns(tx, { userId, targets: [target] });
      if (hold > 0) await holdForRun(tx, { userId, runId: runs[0]!.id, amount: hold });
      return runs[0]!.id;
    });
  }

  const heldOfOperator = async () => (await db.select({ held: users.heldTokens }).from(users).where(eq(users.id, userId)))[0]?.held;
  const runsOf = (ids: number[]) =>
    db.select({ id: generationRuns.id, held: generationRuns.heldTokens }).from(generationRuns).where(inArray(generationRuns.id, ids));

  it('refuses the category while its events run holds tokens, and changes nothing', async () => {
    const { categoryId } = await scratch('Held events');
    const runId = await queue({ type: 'Events', categoryId, subcategoryId: null, brandId: null }, 5_000);
    const held = await heldOfOperator();

    expect(await sqlStateOf(db.delete(categories).where(eq(categories.id, categoryId)))).toBe('23001');
    expect(await db.select({ id: categories.id }).from(categories).where(eq(categories.id, categoryId))).toEqual([{ id: categoryId }]);
    expect(await runsOf([runId])).toEqual([{ id: runId, held: 5_000 }]);
    expect(await heldOfOperator()).toBe(held);
  });

  it('refuses the subcategory, and its category, while its brands run holds tokens', async () => {
    const { categoryId, subcategoryId } = await scratch('Held brands');
    const runId = await queue({ type: 'Brands', categoryId, subcategoryId, brandId: null }, 3_000);

    expect(await sqlStateOf(db.delete(subcategories).where(eq(subcategories.id, subcategoryId)))).toBe('23001');
    expect(await sqlStateOf(db.delete(categories).where(eq(categories.id, categoryId)))).toBe('23001');
    expect(await db.select({ id: subcategories.id }).from(subcategories).where(eq(subcategories.id, subcategoryId))).toEqual([
      { id: subcategoryId },
    ]);
    expect(await runsOf([runId])).toEqual([{ id: runId, held: 3_000 }]);
  });

  it('still cascades when no run of it holds tokens (queued, or ended)', async () => {
    const { categoryId, subcategoryId } = await scratch('Nothing held');
    const queued = await queue({ type: 'Brands', categoryId, subcategoryId, brandId: null }, 0);
    const ended = await queue({ type: 'Events', categoryId, subcategoryId: null, brandId: null }, 0);
    await db.update(generationRuns).set({ finishedAt: new Date(), status: 'Generated' }).where(eq(generationRuns.id, ended));
    const held = await heldOfOperator();

    expect(await sqlStateOf(db.delete(subcategories).where(eq(subcategories.id, subcategoryId)))).toBeUndefined();
    expect(await runsOf([queued])).toEqual([]);
    expect(await sqlStateOf(db.delete(categories).where(eq(categories.id, categoryId)))).toBeUndefined();
    expect(await runsOf([ended])).toEqual([]);
    expect(await heldOfOperator()).toBe(held);
  });
});
