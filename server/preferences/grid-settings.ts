import { and, eq } from 'drizzle-orm';
import { isGridName, type GridColumnSetting, type GridName } from '../../contract/grid-settings';
import type { Executor } from '../db/client';
import { gridSettings } from '../db/schema';
import { NotFoundError } from '../domain-errors';

function knownGrid(grid: string): GridName {
  if (!isGridName(grid)) throw new NotFoundError('Grid');
  return grid;
}

/** The operator's columns of a grid: one row per operator and grid, none until arranged. */
export async function readGridColumns(db: Executor, userId: number, grid: string): Promise<GridColumnSetting[]> {
  const known = knownGrid(grid);
  const [row] = await db
    .select({ columns: gridSettings.columns })
    .from(gridSettings)
    .where(and(eq(gridSettings.userId, userId), eq(gridSettings.grid, known)));
  return row?.columns ?? [];
}

/** Stores the operator's columns of a grid; none ("Reset columns") deletes the row. */
export async function saveGridColumns(
  db: Executor,
  userId: number,
  grid: string,
  columns: GridColumnSetting[],
): Promise<GridColumnSetting[]> {
  const known = knownGrid(grid);
  if (columns.length === 0) {
    await db.delete(gridSettings).where(and(eq(gridSettings.userId, userId), eq(gridSettings.grid, known)));
    return [];
  }
  const [row] = await db
    .insert(gridSettings)
    .values({ userId, grid: known, columns })
    .onConflictDoUpdate({ target: [gridSettings.userId, gridSettings.grid], set: { columns, updatedAt: new Date() } })
    .returning({ columns: gridSettings.columns });
  return row?.columns ?? columns;
}
