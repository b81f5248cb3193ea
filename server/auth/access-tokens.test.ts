import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/client';
import { accessTokens } from '../db/schema';
import { availableEngines, freshDatabase } from '../test/databases';
import { issueAccessToken, resolveAccessToken, revokeAccessToken } from './access-tokens';
import { upsertOperator } from './users';

const engines = await availableEngines();

describe.each(engines)('access tokens looked up together, on %s', (engine) => {
  let database: DatabaseHandle;
  let first: number;
  let second: number;

  beforeAll(async () => {
    database = await freshDatabase(engine);
    first = (await upsertOperator(database.db, { email: 'first@example.com', password: 'first-password-1' })).id;
    second = (await upsertOperator(database.db, { email: 'second@example.com', password: 'second-password-1' })).id;
  });
  afterAll(() => database.close());

  it('answers each of many requests at once with its own operator, and refuses the unknown and the expired', async () => {
    const { db } = database;
    const firstToken = await issueAccessToken(db, first, 1);
    const secondToken = await issueAccessToken(db, second, 1);
    const expiredToken = await issueAccessToken(db, second, -1);
    const asked = [firstToken, secondToken, 'not-a-token', firstToken, expiredToken, secondToken];
    const sessions = await Promise.all(asked.map((token) => resolveAccessToken(db, token)));
    expect(sessions.map((session) => session?.userId)).toEqual([first, second, undefined, first, undefined, second]);
    // The expired token was deleted when it was refused; the valid ones stay.
    const left = await db.select({ userId: accessTokens.userId }).from(accessTokens).where(eq(accessTokens.userId, second));
    expect(left).toHaveLength(1);
  });

  it('refuses a token from the first request after it is revoked', async () => {
    const { db } = database;
    const token = await issueAccessToken(db, first, 1);
    const session = await resolveAccessToken(db, token);
    expect(session?.userId).toBe(first);
    await revokeAccessToken(db, session!.tokenId);
    expect(await resolveAccessToken(db, token)).toBeUndefined();
  });
});
