import { eq } from 'drizzle-orm';
import type { Preferences } from '../../contract/preferences';
import type { Executor } from '../db/client';
import { users } from '../db/schema';
import { UnknownOperatorError } from '../domain-errors';

/** The operator's preferences, kept on their row so that every browser they use has them. */
export async function readPreferences(db: Executor, userId: number): Promise<Preferences> {
  const [row] = await db.select({ confirm_runs_from: users.confirmRunsFrom }).from(users).where(eq(users.id, userId));
  if (!row) throw new UnknownOperatorError(userId);
  return row;
}

export async function updatePreferences(db: Executor, userId: number, preferences: Preferences): Promise<Preferences> {
  const [row] = await db
    .update(users)
    .set({ confirmRunsFrom: preferences.confirm_runs_from })
    .where(eq(users.id, userId))
    .returning({ confirm_runs_from: users.confirmRunsFrom });
  if (!row) throw new UnknownOperatorError(userId);
  return row;
}
