import { randomUUID } from 'node:crypto';
import type { Executor } from '../db/client';
import { installation } from '../db/schema';

/**
 * This database's installation id, made the first time it is asked for (the first start with payments configured)
 * and kept in the one row of `installation`. Two databases on one Stripe account (staging and production, a
 * re-created database, PGlite and PostgreSQL) have two ids, so their idempotency keys and the metadata their
 * customers and payments carry never collide (docs/decisions/0020-purchases-that-are-never-lost.md).
 * Two processes starting together both insert; the primary key keeps the first and both read it.
 */
export async function installationId(db: Executor): Promise<string> {
  await db.insert(installation).values({ id: randomUUID() }).onConflictDoNothing();
  const [row] = await db.select({ id: installation.id }).from(installation);
  if (!row) throw new Error('the installation row is missing right after it was made');
  return row.id;
}
