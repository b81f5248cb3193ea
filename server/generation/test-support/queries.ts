import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { generationRuns, statuses, users } from '../../db/schema';

/** What the generation tests read back: a target's status, a balance, and a bounded wait for the worker. */

export interface StatusTarget {
  modelType: string;
  categoryId?: number;
  subcategoryId?: number;
  brandId?: number;
}

/** The status row of a target (a category's events, a subcategory's brands, a brand's models). */
export async function statusOf(db: Database, where: StatusTarget) {
  const [row] = await db
    .select()
    .from(statuses)
    .where(
      and(
        eq(statuses.modelType, where.modelType),
        where.categoryId === undefined ? isNull(statuses.categoryId) : eq(statuses.categoryId, where.categoryId),
        where.brandId === undefined ? isNull(statuses.brandId) : eq(statuses.brandId, where.brandId),
        where.subcategoryId === undefined ? undefined : eq(statuses.subcategoryId, where.subcategoryId),
      ),
    );
  return row;
}

export async function balanceOf(db: Database, userId: number): Promise<number | undefined> {
  return (await db.select({ tokens: users.tokens }).from(users).where(eq(users.id, userId)))[0]?.tokens;
}

/** Polls until `check` answers something, or fails after `ms`. */
export async function eventually<T>(check: () => Promise<T | undefined>, ms = 10_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** Waits until the worker has finished this run, and answers it. */
export function finishedRun(db: Database, runId: number) {
  return eventually(async () => {
    const [row] = await db.select().from(generationRuns).where(eq(generationRuns.id, runId));
    return row?.finishedAt ? row : undefined;
  });
}
