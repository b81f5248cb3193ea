import type { Executor } from '../db/client';
import type { DroppedItems } from './generated-items';

/** Told of each row the database refused (for the log): the items are in the run's answer, the error says why. */
export type OnRefused = (error: unknown) => void;

const refusedByTheDatabase = 'refused by the database';

/** The SQLSTATE of a database error, wherever the driver or Drizzle put it (Drizzle wraps it as `cause`). */
function sqlState(error: unknown): string | undefined {
  for (let current = error; typeof current === 'object' && current !== null; current = (current as { cause?: unknown }).cause) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

/** The database refused the rows themselves (a value out of range, a constraint, a trigger's exception), not the connection. */
function refusedRows(error: unknown): boolean {
  const code = sqlState(error);
  return code !== undefined && (code.startsWith('22') || code.startsWith('23') || code === 'P0001');
}

/**
 * Inserts the items in one statement inside a savepoint; when the database refuses it, inserts them one by one,
 * each in a savepoint of its own, so that a row it still refuses is dropped alone. Any other failure is thrown.
 */
export async function insertEach<T>(
  tx: Executor,
  items: readonly T[],
  insert: (tx: Executor, items: readonly T[]) => Promise<number[]>,
  onRefused: OnRefused,
): Promise<{ ids: number[]; dropped: DroppedItems }> {
  if (items.length === 0) return { ids: [], dropped: [] };
  try {
    return { ids: await tx.transaction((savepoint) => insert(savepoint, items)), dropped: [] };
  } catch (error) {
    if (!refusedRows(error)) throw error;
    if (items.length === 1) {
      onRefused(error);
      return { ids: [], dropped: [{ reason: refusedByTheDatabase, count: 1 }] };
    }
  }
  const ids: number[] = [];
  let refused = 0;
  for (const item of items) {
    try {
      ids.push(...(await tx.transaction((savepoint) => insert(savepoint, [item]))));
    } catch (error) {
      if (!refusedRows(error)) throw error;
      onRefused(error);
      refused += 1;
    }
  }
  return { ids, dropped: refused > 0 ? [{ reason: refusedByTheDatabase, count: refused }] : [] };
}
