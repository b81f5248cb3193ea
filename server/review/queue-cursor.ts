import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { InvalidInputError } from '../domain-errors';
import type { KindTable } from './review-tables';

/**
 * The queue's keyset (contract/review.ts `reviewItemsQuery`): a page starts after the last row of the one before, by
 * its sort key. Oldest first: the run (items without one last), the kind's rank, the id. By duplicate score: the score
 * (highest first, items without one last), then as oldest first. The key travels as base64url JSON.
 */
export type QueueOrder = 'oldest' | 'duplicate';

export interface SortKey {
  score: number | null;
  run: number | null;
  rank: number;
  id: number;
}

const whole = z.number().int().nonnegative().max(2_147_483_647);
const oldestKey = z.tuple([whole.nullable(), whole.max(2), whole]);
const duplicateKey = z.tuple([z.number().finite().nullable(), whole.nullable(), whole.max(2), whole]);

export const cursorMessage = 'The cursor is not one this list gave: start again from the first page.';

export function encodeCursor(order: QueueOrder, key: SortKey): string {
  const tuple = order === 'oldest' ? [key.run, key.rank, key.id] : [key.score, key.run, key.rank, key.id];
  return Buffer.from(JSON.stringify(tuple)).toString('base64url');
}

/** The sort key a cursor holds; one this list did not give (or of the other order) is a 422 on `cursor`. */
export function decodeCursor(order: QueueOrder, cursor: string): SortKey {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw new InvalidInputError('cursor', cursorMessage);
  }
  if (order === 'oldest') {
    const key = oldestKey.safeParse(parsed);
    if (!key.success) throw new InvalidInputError('cursor', cursorMessage);
    const [run, rank, id] = key.data;
    return { score: null, run, rank, id };
  }
  const key = duplicateKey.safeParse(parsed);
  if (!key.success) throw new InvalidInputError('cursor', cursorMessage);
  const [score, run, rank, id] = key.data;
  return { score, run, rank, id };
}

/** The rows of `t` (of `kind`) after `key` oldest first: (run nulls last, rank, id) greater than the key's. */
function afterOldest(kind: KindTable, key: SortKey): SQL {
  const sameRun = kind.rank > key.rank ? sql`true` : kind.rank < key.rank ? sql`false` : sql`t.id > ${key.id}`;
  if (key.run === null) return sql`(t.run_id is null and ${sameRun})`;
  return sql`(t.run_id > ${key.run} or t.run_id is null or (t.run_id = ${key.run} and ${sameRun}))`;
}

/** The rows of `t` after `key` in the order asked. */
export function afterKey(order: QueueOrder, kind: KindTable, key: SortKey): SQL {
  const tie = afterOldest(kind, key);
  if (order === 'oldest') return tie;
  if (key.score === null) return sql`(t.likely_duplicate_score is null and ${tie})`;
  // Cast to real: the column's own precision, so the key's score equals the row's it was read from.
  const score = sql`${key.score}::real`;
  return sql`(t.likely_duplicate_score < ${score} or t.likely_duplicate_score is null or (t.likely_duplicate_score = ${score} and ${tie}))`;
}

/** The order of one kind's rows (the rank is the same for all of them) and of the page's rows across kinds. */
export function orderOf(order: QueueOrder, withRank: boolean): SQL {
  const rank = withRank ? sql`rank, ` : sql``;
  const oldest = sql`run_id asc nulls last, ${rank}id asc`;
  return order === 'oldest' ? oldest : sql`likely_duplicate_score desc nulls last, ${oldest}`;
}
