import { createHash, randomBytes } from 'node:crypto';
import { and, eq, lt } from 'drizzle-orm';
import type { Database } from '../db/client';
import { lookUpToken } from '../db/request-reads';
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

/** The user a token belongs to, or undefined when it is unknown, expired or revoked. */
export async function resolveAccessToken(db: Database, token: string): Promise<{ userId: number; tokenId: number } | undefined> {
  const hash = hashToken(token);
  // With the other requests' reads of this turn (server/db/request-reads.ts).
  const row = await lookUpToken(db, hash);
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
