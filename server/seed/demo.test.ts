import { count, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { statusNames } from '../../contract/statuses';
import { listCategories } from '../catalogue/categories';
import type { DatabaseHandle } from '../db/client';
import { brandExclusions, equipmentExclusions, equipments, events, generationRuns, statuses, tokenLedger, users } from '../db/schema';
import { availableEngines, freshDatabase } from '../test/databases';
import { upsertOperator } from '../auth/users';
import { demoOperatorTokens, isEmpty, seedDemo } from './demo';

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

  it("gives the operator a balance through the ledger: the starting balance, then each seeded run's charge", async () => {
    const [operator] = await database.db.select().from(users);
    const ledger = await database.db.select().from(tokenLedger).orderBy(tokenLedger.id);
    expect(operator?.tokens).toBeGreaterThan(0);
    expect(ledger[0]).toEqual(expect.objectContaining({ userId: operator?.id, delta: demoOperatorTokens, reason: 'seed' }));
    expect(ledger.slice(1).every((row) => row.reason === 'generation')).toBe(true);
    expect(ledger.at(-1)?.balanceAfter).toBe(operator?.tokens);
    expect(operator?.tokens).toBe(ledger.reduce((sum, row) => sum + row.delta, 0));
  });

  it('has runs that add up: what the runs centre charges is what the transactions debit, and a generated run added items', async () => {
    const runs = await database.db.select().from(generationRuns);
    const charges = await database.db.select().from(tokenLedger).where(eq(tokenLedger.reason, 'generation'));
    const charged = runs.filter((run) => run.chargedTokens > 0);
    expect(charged.length).toBeGreaterThan(0);
    expect(charges.map((row) => [row.reference, row.delta]).sort()).toEqual(
      charged.map((run) => [`run:${run.id}`, -run.chargedTokens]).sort(),
    );
    // Each charge is dated when its run ended, after the starting balance.
    const [start] = await database.db.select().from(tokenLedger).where(eq(tokenLedger.reason, 'seed'));
    for (const row of charges) {
      const run = runs.find((r) => `run:${r.id}` === row.reference);
      expect(row.createdAt).toEqual(run?.finishedAt);
      expect(row.createdAt.getTime()).toBeGreaterThan(start?.createdAt.getTime() ?? Infinity);
    }
    for (const run of runs) {
      if (run.status === statusNames.generated)
        expect(run).toMatchObject({ itemsAdded: run.itemsProposed, chargedTokens: run.totalTokens });
      if (run.status === statusNames.generated) expect(run.itemsAdded).toBeGreaterThan(0);
      if (run.status === statusNames.failed || run.status === statusNames.insufficientTokens) expect(run.chargedTokens).toBe(0);
    }
    expect(runs.filter((run) => run.type === 'Events' && run.status === statusNames.generated).every((run) => run.itemsAdded > 0)).toBe(
      true,
    );
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
