import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { upsertOperator } from '../auth/users';
import type { DatabaseHandle } from '../db/client';
import { categories, generationRuns, tokenLedger } from '../db/schema';
import { availableEngines, freshDatabase } from '../test/databases';
import { changeBalance, currentBalance, holdForRun, InsufficientTokensError, readBalance, settleRun } from './ledger';

describe.each(await availableEngines())('the token ledger on %s', (engine) => {
  let database: DatabaseHandle;
  let userId: number;
  beforeAll(async () => {
    database = await freshDatabase(engine);
    ({ id: userId } = await upsertOperator(database.db, { email: 'ledger@example.com', password: 'password123' }));
  });
  afterAll(() => database.close());

  const balance = () => readBalance(database.db, userId);
  const newRun = async () => {
    const [category] = await database.db
      .insert(categories)
      .values({ name: `Ledger ${Math.random()}` })
      .returning();
    const [run] = await database.db
      .insert(generationRuns)
      .values({ type: 'Events', userId, categoryId: category?.id ?? 0, status: 'In Progress' })
      .returning();
    return run?.id ?? 0;
  };

  it('writes one row per change with the balance after it', async () => {
    expect(
      await changeBalance(database.db, {
        userId,
        delta: 1_000,
        reason: 'purchase',
        reference: 'pi_1',
        description: 'Purchased 1,000 tokens',
      }),
    ).toEqual({ tokens: 1_000, held: 0, available: 1_000 });
    expect(
      (await changeBalance(database.db, { userId, delta: -300, reason: 'generation', reference: 'run-1', description: 'Generation' }))
        .tokens,
    ).toBe(700);
    const rows = await database.db.select().from(tokenLedger).where(eq(tokenLedger.userId, userId));
    expect(rows.map((r) => [r.delta, r.balanceAfter, r.reason])).toEqual([
      [1_000, 1_000, 'purchase'],
      [-300, 700, 'generation'],
    ]);
  });

  it('refuses to go below zero and changes nothing', async () => {
    await expect(
      changeBalance(database.db, { userId, delta: -701, reason: 'generation', reference: 'run-2', description: 'Generation' }),
    ).rejects.toBeInstanceOf(InsufficientTokensError);
    expect((await balance())?.tokens).toBe(700);
    expect(await database.db.select().from(tokenLedger).where(eq(tokenLedger.reference, 'run-2'))).toEqual([]);
  });

  it('never applies the same reference twice when run in a transaction', async () => {
    await expect(
      database.db.transaction((tx) =>
        changeBalance(tx, { userId, delta: 1_000, reason: 'purchase', reference: 'pi_1', description: 'Purchased 1,000 tokens' }),
      ),
    ).rejects.toThrow();
    expect((await balance())?.tokens).toBe(700);
  });

  it('holds tokens for a run so that two runs cannot spend them twice, and a debit respects the holds', async () => {
    const [first, second] = [await newRun(), await newRun()];
    expect(await database.db.transaction((tx) => holdForRun(tx, { userId, runId: first, amount: 500 }))).toEqual({
      tokens: 700,
      held: 500,
      available: 200,
    });
    await expect(database.db.transaction((tx) => holdForRun(tx, { userId, runId: second, amount: 300 }))).rejects.toMatchObject({
      needed: 300,
      available: 200,
    });
    await expect(
      changeBalance(database.db, { userId, delta: -201, reason: 'adjustment', reference: 'too-much', description: 'Balance adjustment' }),
    ).rejects.toBeInstanceOf(InsufficientTokensError);
    expect(await balance()).toEqual({ tokens: 700, held: 500, available: 200 });
    // A hold taken again (another process took the run over) replaces the earlier one.
    expect(await database.db.transaction((tx) => holdForRun(tx, { userId, runId: first, amount: 600 }))).toEqual({
      tokens: 700,
      held: 600,
      available: 100,
    });
    const [run] = await database.db.select().from(generationRuns).where(eq(generationRuns.id, first));
    expect(run?.heldTokens).toBe(600);
  });

  it('settles a run: its charge (at most what it held) replaces the hold, as one ledger row', async () => {
    const [charged, failed] = [await newRun(), await newRun()];
    await database.db.transaction((tx) => holdForRun(tx, { userId, runId: charged, amount: 50 }));
    expect(await balance()).toEqual({ tokens: 700, held: 650, available: 50 });
    const settled = await database.db.transaction((tx) => settleRun(tx, { userId, runId: charged, charge: 80 }));
    expect(settled).toEqual({ charged: 50, balance: { tokens: 650, held: 600, available: 50 } });
    const rows = await database.db
      .select()
      .from(tokenLedger)
      .where(eq(tokenLedger.reference, `run:${charged}`));
    expect(rows.map((r) => [r.delta, r.reason])).toEqual([[-50, 'generation']]);

    await database.db.transaction((tx) => holdForRun(tx, { userId, runId: failed, amount: 40 }));
    const released = await database.db.transaction((tx) => settleRun(tx, { userId, runId: failed, charge: 0 }));
    expect(released).toEqual({ charged: 0, balance: { tokens: 650, held: 600, available: 50 } });
    expect(
      await database.db
        .select()
        .from(tokenLedger)
        .where(eq(tokenLedger.reference, `run:${failed}`)),
    ).toEqual([]);
    // Settled once: a second settle changes nothing.
    expect(await database.db.transaction((tx) => settleRun(tx, { userId, runId: charged, charge: 10 }))).toEqual({
      charged: 0,
      balance: undefined,
    });
  });
  it("answers balances asked together (one read per turn) each with its operator's own, and sees a change made before the ask", async () => {
    const { db } = database;
    const { id: otherId } = await upsertOperator(db, { email: 'ledger-other@example.com', password: 'password123' });
    await changeBalance(db, { userId: otherId, delta: 42, reason: 'purchase', reference: 'pi_other', description: 'Purchased 42 tokens' });
    const mine = await readBalance(db, userId);
    const asked = [userId, otherId, 999_999, userId];
    const answers = await Promise.all(asked.map((id) => currentBalance(db, id)));
    expect(answers).toEqual([mine, { tokens: 42, held: 0, available: 42 }, undefined, mine]);

    await changeBalance(db, { userId: otherId, delta: 8, reason: 'purchase', reference: 'pi_other_2', description: 'Purchased 8 tokens' });
    expect((await currentBalance(db, otherId))?.tokens).toBe(50);
  });
});
