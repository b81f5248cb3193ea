import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueAccessToken } from '../auth/access-tokens';
import { upsertOperator } from '../auth/users';
import type { DatabaseHandle } from './client';
import { lookUpToken, readCatalogueVersion } from './request-reads';
import { availableEngines, freshDatabase } from '../test/databases';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe.each(await availableEngines())('the reads requests make, together, on %s', (engine) => {
  let database: DatabaseHandle;
  let userId: number;
  beforeAll(async () => {
    database = await freshDatabase(engine);
    ({ id: userId } = await upsertOperator(database.db, { email: 'reads@example.com', password: 'reads-password-1' }));
  });
  afterAll(() => database.close());

  it('answers tokens and the version asked in one turn, each its own, with a token not found and none asked', async () => {
    const { db } = database;
    const first = sha256(await issueAccessToken(db, userId, 1));
    const second = sha256(await issueAccessToken(db, userId, 1));
    const [version, one, unknown, two, again] = await Promise.all([
      readCatalogueVersion(db),
      lookUpToken(db, first),
      lookUpToken(db, sha256('not a token')),
      lookUpToken(db, second),
      readCatalogueVersion(db),
    ]);
    expect([one?.tokenHash, unknown, two?.tokenHash]).toEqual([first, undefined, second]);
    expect(one?.userId).toBe(userId);
    expect(one?.id).not.toBe(two?.id);
    expect(again).toEqual(version);
    expect(version.quiet).toBe(true);
    // Only the version asked, no token: still its one row.
    expect(await readCatalogueVersion(db)).toEqual(version);
  });

  it('reads the version a change took before the ask', async () => {
    const { db } = database;
    const before = await readCatalogueVersion(db);
    await db.execute(sql`select nextval('catalogue_version')`);
    const after = await readCatalogueVersion(db);
    expect(after.version).not.toBe(before.version);
  });

  it('leaves an expired token out', async () => {
    const { db } = database;
    const expired = sha256(await issueAccessToken(db, userId, -1));
    expect(await lookUpToken(db, expired)).toBeUndefined();
  });
});
