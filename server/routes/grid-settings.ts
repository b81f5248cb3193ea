import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { gridSettingsApi, isGridName, type GridName } from '../../contract/grid-settings';
import { currentUser } from '../auth/plugin';
import { gridSettings } from '../db/schema';
import { NotFoundError } from '../domain-errors';
import { route } from './route';

function knownGrid(grid: string): GridName {
  if (!isGridName(grid)) throw new NotFoundError('Grid');
  return grid;
}

/** The operator's columns of each grid (issue 13 point 3): one row per operator and grid, none until arranged. */
const gridSettingRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, gridSettingsApi.show, async (request) => {
    const grid = knownGrid(request.params.grid);
    const [row] = await app.db
      .select({ columns: gridSettings.columns })
      .from(gridSettings)
      .where(and(eq(gridSettings.userId, currentUser(request).id), eq(gridSettings.grid, grid)));
    return { columns: row?.columns ?? [] };
  });

  route(app, gridSettingsApi.update, async (request) => {
    const grid = knownGrid(request.params.grid);
    const userId = currentUser(request).id;
    const columns = request.body.columns;
    if (columns.length === 0) {
      await app.db.delete(gridSettings).where(and(eq(gridSettings.userId, userId), eq(gridSettings.grid, grid)));
      return { columns: [] };
    }
    const [row] = await app.db
      .insert(gridSettings)
      .values({ userId, grid, columns })
      .onConflictDoUpdate({ target: [gridSettings.userId, gridSettings.grid], set: { columns, updatedAt: new Date() } })
      .returning({ columns: gridSettings.columns });
    return { columns: row?.columns ?? columns };
  });
};

export default gridSettingRoutes;
