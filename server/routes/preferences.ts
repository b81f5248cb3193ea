import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { preferencesApi } from '../../contract/preferences';
import { currentUser } from '../auth/plugin';
import { users } from '../db/schema';
import { UnknownOperatorError } from '../domain-errors';
import { route } from './route';

/** The operator's preferences (issue 12): kept on their row, so every browser they use has them. */
const preferenceRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, preferencesApi.show, async (request) => {
    const userId = currentUser(request).id;
    const [row] = await app.db.select({ confirm_runs_from: users.confirmRunsFrom }).from(users).where(eq(users.id, userId));
    if (!row) throw new UnknownOperatorError(userId);
    return row;
  });

  route(app, preferencesApi.update, async (request) => {
    const userId = currentUser(request).id;
    const [row] = await app.db
      .update(users)
      .set({ confirmRunsFrom: request.body.confirm_runs_from })
      .where(eq(users.id, userId))
      .returning({ confirm_runs_from: users.confirmRunsFrom });
    if (!row) throw new UnknownOperatorError(userId);
    return row;
  });
};

export default preferenceRoutes;
