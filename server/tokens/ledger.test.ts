import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { upsertOperator } from '../auth/users';
import type { DatabaseHandle } from '../db/client';
import { tokenLedger, users } from '../db/schema';
import { availableEngines, freshDatabase } from '../test/databases';
import { changeBalance } from './ledger';

describe.each(await availableEngines())('the token ledger on %s', (engine) => {
  let database: DatabaseHandle;
  let userId: number;
  beforeAll(async () => {
    database = await freshDatabase(engine);
    ({ id: userId } = await upsertOperator(database.db, { email: 'ledger@example.com', password: 'password123' }));
  });
  afterAll(() => database.close());

  const balance = async () => (await database.db.select({ t: users.tokens }).from(users).where(eq(users.id, userId)))[0]?.t;

  it('writes one row per change with the balance after it', async () => {
    expect(await changeBalance(database.db, { userId, delta: 1_000, reason: 'purchase', reference: 'pi_1' })).toBe(1_000);
    expect(await changeBalance(database.db, { userId, delta: -300, reason: 'generation', reference: 'run-1' })).toBe(700);
    const rows = await database.db.select().from(tokenLedger).where(eq(tokenLedger.userId, userId));
    expect(rows.map((r) => [r.delta, r.balanceAfter, r.reason])).toEqual([
      [1_000, 1_000, 'purchase'],
      [-300, 700, 'generation'],
    ]);
  });

  it('refuses to go below zero with 402 and changes nothing', async () => {
    await expect(changeBalance(database.db, { userId, delta: -701, reason: 'generation', reference: 'run-2' })).rejects.toMatchObject({
      statusCode: 402,
    });
    expect(await balance()).toBe(700);
    expect(await database.db.select().from(tokenLedger).where(eq(tokenLedger.reference, 'run-2'))).toEqual([]);
  });

  it('never applies the same reference twice when run in a transaction', async () => {
    await expect(
      database.db.transaction((tx) => changeBalance(tx, { userId, delta: 1_000, reason: 'purchase', reference: 'pi_1' })),
    ).rejects.toThrow();
    expect(await balance()).toBe(700);
  });
});
