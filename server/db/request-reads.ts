import { and, gt, sql } from 'drizzle-orm';
import { engineOf, type Database } from './client';
import { perDatabase } from './per-database';
import { readBatches } from './read-batches';
import { accessTokens } from './schema';

/** An access token as its lookup finds it (unexpired). */
export interface TokenRow {
  id: number;
  userId: number;
  lastUsedAt: Date;
  tokenHash: string;
}

/** The catalogue's version (answer-cache.ts), and whether a write of this database was under way when it was read. */
export interface VersionRead {
  version: string;
  quiet: boolean;
}

type Asked = { token: string } | 'version';
type Answer = TokenRow | VersionRead | null;

/**
 * The two reads requests make before their answer: their bearer token's lookup (the auth plugin) and the catalogue's
 * version (the answer cache). The reads of one turn of the event loop (read-batches.ts), of both kinds, are one
 * statement, prepared once per database: a kept catalogue answer costs its request one round trip to the database,
 * shared with the other requests of its turn. (Two statements cost each request two round trips, and the database a
 * wake-up per statement: under a steady load, most of the server's time was in those writes.)
 *
 * The version's row always comes; each token found joins it, so the answer is one row per token found, or one row
 * without a token.
 */
const requestReads = perDatabase((db) => {
  // PGlite has one connection, and a transaction holds it: no write can be under way while this statement runs. (Its
  // pg_stat_activity also costs some 15 ms a read.) Planned anew, the view costs PostgreSQL ten times the read
  // itself: the statement is prepared.
  const quiet =
    engineOf(db) === 'pglite'
      ? sql<boolean>`true`
      : sql<boolean>`not exists (select 1 from pg_stat_activity
          where datname = current_database() and backend_xid is not null and pid <> pg_backend_pid())`;
  const statement = db
    .select({
      version: sql<string>`last_value::text || ':' || is_called::text`,
      quiet,
      id: accessTokens.id,
      userId: accessTokens.userId,
      lastUsedAt: accessTokens.lastUsedAt,
      tokenHash: accessTokens.tokenHash,
    })
    .from(sql`catalogue_version`)
    .leftJoin(
      accessTokens,
      and(
        sql`${accessTokens.tokenHash} = any(${sql.placeholder('hashes')}::text[])`,
        gt(accessTokens.expiresAt, sql`${sql.placeholder('now')}::timestamptz`),
      ),
    )
    .prepare('request_reads');

  return readBatches('request reads', async (asked: readonly Asked[]): Promise<Answer[]> => {
    const hashes = [...new Set(asked.flatMap((one) => (one === 'version' ? [] : [one.token])))];
    const rows = await statement.execute({ hashes, now: new Date().toISOString() });
    const [first] = rows;
    const version: VersionRead = { version: first?.version ?? 'none', quiet: first?.quiet === true };
    const tokens = new Map<string, TokenRow>();
    for (const row of rows) {
      if (row.id !== null && row.userId !== null && row.lastUsedAt !== null && row.tokenHash !== null) {
        tokens.set(row.tokenHash, { id: row.id, userId: row.userId, lastUsedAt: row.lastUsedAt, tokenHash: row.tokenHash });
      }
    }
    return asked.map((one) => (one === 'version' ? version : (tokens.get(one.token) ?? null)));
  });
});

/** The unexpired access token with this SHA-256, read with the other requests' reads of this turn. */
export async function lookUpToken(db: Database, tokenHash: string): Promise<TokenRow | undefined> {
  return ((await requestReads(db).load({ token: tokenHash })) as TokenRow | null) ?? undefined;
}

/** The catalogue's version now, read with the other requests' reads of this turn. */
export async function readCatalogueVersion(db: Database): Promise<VersionRead> {
  return (await requestReads(db).load('version')) as VersionRead;
}
