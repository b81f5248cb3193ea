import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { SavedView, SavedViewState, ViewGridName } from '../../contract/saved-views';
import type { Executor } from '../db/client';
import { savedViews } from '../db/schema';
import { isUniqueViolation } from '../db/unique-violation';
import { InvalidInputError, NotFoundError } from '../domain-errors';

/**
 * The operator's saved views of each grid (docs/decisions/0010-saved-views.md): a name is theirs once per grid,
 * ignoring case; another operator's view is as missing as a deleted one.
 */

type SavedViewRow = typeof savedViews.$inferSelect;

function answerOf(row: SavedViewRow): SavedView {
  return {
    id: row.id,
    grid: row.grid as ViewGridName,
    name: row.name,
    state: row.state,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

const viewGone = () => new NotFoundError('View', 'This view does not exist (it may have been deleted).');

const nameTaken = (name: string) =>
  new InvalidInputError('name', `You already have a view named “${name}” on this grid. Choose another name.`);

/** Refuses a name the operator already uses on the grid, ignoring case (the unique index says the same in a race). */
async function assertNameFree(db: Executor, userId: number, grid: string, name: string, exceptId?: number) {
  const [taken] = await db
    .select({ id: savedViews.id })
    .from(savedViews)
    .where(
      and(
        eq(savedViews.userId, userId),
        eq(savedViews.grid, grid),
        eq(sql`lower(${savedViews.name})`, name.toLowerCase()),
        ...(exceptId === undefined ? [] : [ne(savedViews.id, exceptId)]),
      ),
    );
  if (taken) throw nameTaken(name);
}

/** Runs a write; a unique violation (the same name saved twice at once) is the same refusal as the check's. */
async function writing<T>(name: string | undefined, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (name !== undefined && isUniqueViolation(error)) throw nameTaken(name);
    throw error;
  }
}

async function ownView(db: Executor, userId: number, id: number): Promise<SavedViewRow> {
  const [row] = await db
    .select()
    .from(savedViews)
    .where(and(eq(savedViews.id, id), eq(savedViews.userId, userId)));
  if (!row) throw viewGone();
  return row;
}

/** The operator's views of a grid, by name. */
export async function listSavedViews(db: Executor, userId: number, grid: ViewGridName): Promise<SavedView[]> {
  const rows = await db
    .select()
    .from(savedViews)
    .where(and(eq(savedViews.userId, userId), eq(savedViews.grid, grid)))
    .orderBy(asc(sql`lower(${savedViews.name})`), asc(savedViews.id));
  return rows.map(answerOf);
}

export async function createSavedView(
  db: Executor,
  userId: number,
  view: { grid: ViewGridName; name: string; state: SavedViewState },
): Promise<SavedView> {
  const { grid, name, state } = view;
  await assertNameFree(db, userId, grid, name);
  const [row] = await writing(name, () => db.insert(savedViews).values({ userId, grid, name, state }).returning());
  if (!row) throw new Error('the saved view was not stored');
  return answerOf(row);
}

/** Renames one of the operator's views and/or replaces its state. */
export async function updateSavedView(
  db: Executor,
  userId: number,
  id: number,
  change: { name?: string; state?: SavedViewState },
): Promise<SavedView> {
  const view = await ownView(db, userId, id);
  const { name, state } = change;
  if (name !== undefined) await assertNameFree(db, userId, view.grid, name, view.id);
  const [row] = await writing(name, () =>
    db
      .update(savedViews)
      .set({ ...(name === undefined ? {} : { name }), ...(state === undefined ? {} : { state }), updatedAt: new Date() })
      .where(and(eq(savedViews.id, view.id), eq(savedViews.userId, userId)))
      .returning(),
  );
  if (!row) throw viewGone();
  return answerOf(row);
}

/** Deletes one of the operator's views; answers its id. */
export async function deleteSavedView(db: Executor, userId: number, id: number): Promise<number> {
  const [row] = await db
    .delete(savedViews)
    .where(and(eq(savedViews.id, id), eq(savedViews.userId, userId)))
    .returning({ id: savedViews.id });
  if (!row) throw viewGone();
  return row.id;
}
