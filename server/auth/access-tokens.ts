import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { perDatabase } from '../db/per-database';
import { readBatches } from '../db/read-batches';
import { accessTokens } from '../db/schema';

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
// Refresh last_used_at at most this often, so a busy operator does not write on every request.
const touchIntervalMs = 60_000;

/** Issues an opaque bearer token; only its SHA-256 is stored. */
export async function issueAccessToken(db: Database, userId: number, ttlDays: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + ttlDays * 86_400_000);
  await db.insert(accessTokens).values({ userId, tokenHash: hashToken(token), expiresAt });
  return token;
}

/**
 * Every request looks its token up: the lookups of one turn of the event loop are one query (server/db/read-batches.ts),
 * a statement prepared once per database.
 */
const tokenLookup = perDatabase((db) => {
  const statement = db
    .select({ id: accessTokens.id, userId: accessTokens.userId, lastUsedAt: accessTokens.lastUsedAt, tokenHash: accessTokens.tokenHash })
    .from(accessTokens)
    .where(
      and(
        sql`${accessTokens.tokenHash} = any(${sql.placeholder('hashes')}::text[])`,
        gt(accessTokens.expiresAt, sql`${sql.placeholder('now')}::timestamptz`),
      ),
    )
    .prepare('access_tokens_by_hash');
  return readBatches('access tokens', async (hashes: readonly string[]) => {
    const rows = await statement.execute({ hashes: [...new Set(hashes)], now: new Date().toISOString() });
    const byHash = new Map(rows.map((row) => [row.tokenHash, row]));
    return hashes.map((hash) => byHash.get(hash) ?? null);
  });
});

/** The user a token belongs to, or undefined when it is unknown, expired or revoked. */
export async function resolveAccessToken(db: Database, token: string): Promise<{ userId: number; tokenId: number } | undefined> {
  const hash = hashToken(token);
  const row = await tokenLookup(db).load(hash);
  const now = new Date();
  if (!row) {
    // An expired token is deleted the first time it is refused; the daily purge catches the ones never used again.
    await db.delete(accessTokens).where(and(eq(accessTokens.tokenHash, hash), lt(accessTokens.expiresAt, now)));
    return undefined;
  }
  if (now.getTime() - row.lastUsedAt.getTime() > touchIntervalMs) {
    await db.update(accessTokens).set({ lastUsedAt: now }).where(eq(accessTokens.id, row.id));
  }
  return { userId: row.userId, tokenId: row.id };
}

export async function revokeAccessToken(db: Database, tokenId: number): Promise<void> {
  await db.delete(accessTokens).where(eq(accessTokens.id, tokenId));
}

/** Deletes every expired token; answers how many. */
export async function deleteExpiredAccessTokens(db: Database): Promise<number> {
  const deleted = await db.delete(accessTokens).where(lt(accessTokens.expiresAt, new Date())).returning({ id: accessTokens.id });
  return deleted.length;
}
