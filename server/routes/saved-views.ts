import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { savedViewsApi, type SavedView, type ViewGridName } from '../../contract/saved-views';
import { currentUser } from '../auth/plugin';
import type { Database } from '../db/client';
import { savedViews } from '../db/schema';
import { isUniqueViolation } from '../db/unique-violation';
import { InvalidInputError, NotFoundError } from '../domain-errors';
import { route } from './route';

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

const nameTaken = (name: string) => new InvalidInputError('name', `You already have a view named “${name}” on this grid. Choose another name.`);

/** Refuses a name the operator already uses on the grid, ignoring case (the unique index says the same in a race). */
async function assertNameFree(db: Database, userId: number, grid: string, name: string, exceptId?: number) {
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

/** The operator's saved views of each grid (issue 14 point 3); another operator's view is a 404. */
const savedViewRoutes: FastifyPluginAsyncZod = async (app) => {
  const ownView = async (userId: number, id: number) => {
    const [row] = await app.db.select().from(savedViews).where(and(eq(savedViews.id, id), eq(savedViews.userId, userId)));
    if (!row) throw viewGone();
    return row;
  };

  route(app, savedViewsApi.list, async (request) => {
    const rows = await app.db
      .select()
      .from(savedViews)
      .where(and(eq(savedViews.userId, currentUser(request).id), eq(savedViews.grid, request.query.grid)))
      .orderBy(asc(sql`lower(${savedViews.name})`), asc(savedViews.id));
    return { views: rows.map(answerOf) };
  });

  route(app, savedViewsApi.create, async (request) => {
    const userId = currentUser(request).id;
    const { grid, name, state } = request.body;
    await assertNameFree(app.db, userId, grid, name);
    const [row] = await writing(name, () => app.db.insert(savedViews).values({ userId, grid, name, state }).returning());
    if (!row) throw new Error('the saved view was not stored');
    return answerOf(row);
  });

  route(app, savedViewsApi.update, async (request) => {
    const userId = currentUser(request).id;
    const view = await ownView(userId, request.params.id);
    const { name, state } = request.body;
    if (name !== undefined) await assertNameFree(app.db, userId, view.grid, name, view.id);
    const [row] = await writing(name, () =>
      app.db
        .update(savedViews)
        .set({ ...(name === undefined ? {} : { name }), ...(state === undefined ? {} : { state }), updatedAt: new Date() })
        .where(and(eq(savedViews.id, view.id), eq(savedViews.userId, userId)))
        .returning(),
    );
    if (!row) throw viewGone();
    return answerOf(row);
  });

  route(app, savedViewsApi.remove, async (request) => {
    const userId = currentUser(request).id;
    const [row] = await app.db
      .delete(savedViews)
      .where(and(eq(savedViews.id, request.params.id), eq(savedViews.userId, userId)))
      .returning({ id: savedViews.id });
    if (!row) throw viewGone();
    return { id: row.id };
  });
};

export default savedViewRoutes;
