import { count, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { statusNames } from '../../contract/statuses';
import { listCategories } from '../catalogue/categories';
import type { DatabaseHandle } from '../db/client';
import { brandExclusions, equipmentExclusions, equipments, events, generationRuns, statuses, tokenLedger, users } from '../db/schema';
import { availableEngines, freshDatabase } from '../test/databases';
import { upsertOperator } from '../auth/users';
import { isEmpty, seedDemo } from './demo';

describe.each(await availableEngines())('the demo seed on %s', (engine) => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await freshDatabase(engine);
    expect(await isEmpty(database.db)).toBe(true);
    await seedDemo(database.db, { email: 'demo@example.com', password: 'demo1234' });
  });
  afterAll(() => database.close());

  it('fills every screen: 5+ categories of 3+ subcategories, brands with equipment, events, exclusions', async () => {
    const db = database.db;
    expect(await isEmpty(db)).toBe(false);
    const categories = await listCategories(db);
    expect(categories.filter((c) => c.subcategories.length >= 3).length).toBeGreaterThanOrEqual(5);
    expect(categories.some((c) => c.subcategories.length === 0)).toBe(true);
    const [[e], [q], [be], [ee]] = await Promise.all([
      db.select({ n: count() }).from(events),
      db.select({ n: count() }).from(equipments),
      db.select({ n: count() }).from(brandExclusions),
      db.select({ n: count() }).from(equipmentExclusions),
    ]);
    expect(Number(e?.n)).toBeGreaterThan(0);
    expect(Number(q?.n)).toBeGreaterThan(0);
    expect(Number(be?.n)).toBeGreaterThan(0);
    expect(Number(ee?.n)).toBeGreaterThan(0);
  });

  it('has a status of each finished kind, and no run In Progress (only a real generation is; the worker would take it)', async () => {
    const names = new Set((await database.db.select({ name: statuses.name }).from(statuses)).map((s) => s.name));
    // Cancelled and Skipped (a models run whose brand was excluded while it waited) come only from an operator's action.
    const seeded = Object.values(statusNames).filter(
      (n) => n !== statusNames.inProgress && n !== statusNames.cancelled && n !== statusNames.skipped,
    );
    for (const name of seeded) expect(names).toContain(name);
    expect(names).not.toContain(statusNames.inProgress);
    expect(await database.db.select().from(generationRuns).where(isNull(generationRuns.finishedAt))).toEqual([]);
  });

  it('gives the operator a balance through the ledger', async () => {
    const [operator] = await database.db.select().from(users);
    const ledger = await database.db.select().from(tokenLedger);
    expect(operator?.tokens).toBeGreaterThan(0);
    expect(ledger).toEqual([
      expect.objectContaining({ userId: operator?.id, delta: operator?.tokens, balanceAfter: operator?.tokens, reason: 'seed' }),
    ]);
  });
});

describe('seeding beside existing data', () => {
  it('adds the catalogue when only an operator exists, and leaves a seeded database alone', async () => {
    const database = await freshDatabase('pglite');
    try {
      await upsertOperator(database.db, { email: 'first@example.com', password: 'password123' });
      expect(await seedDemo(database.db, { email: 'demo@example.com', password: 'demo1234' })).toEqual({
        operator: false,
        catalogue: true,
      });
      expect((await database.db.select().from(users)).map((u) => u.email)).toEqual(['first@example.com']);
      expect(await seedDemo(database.db, { email: 'demo@example.com', password: 'demo1234' })).toEqual({
        operator: false,
        catalogue: false,
      });
    } finally {
      await database.close();
    }
  });
});
