import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { runMessages, runsApi, type Run } from '../../contract/runs';
import { currentUser } from '../auth/plugin';
import type { Database } from '../db/client';
import { users } from '../db/schema';
import { NotFoundError } from '../domain-errors';
import { findRuns, listRuns } from '../generation/run-views';
import { route } from './route';

async function runById(db: Database, id: number): Promise<Run> {
  const [found] = await findRuns(db, [id]);
  if (!found) throw new NotFoundError('Run');
  return found.run;
}

/** The runs centre (issue 12 point 3): the operator's runs, and Cancel and Retry on one of them. */
const runRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, runsApi.list, async (request) => listRuns(app.db, currentUser(request).id, request.query));

  route(app, runsApi.cancel, async (request) => {
    const userId = currentUser(request).id;
    const [user] = await app.db.select({ email: users.email }).from(users).where(eq(users.id, userId));
    await app.generation.cancel(userId, request.params.id, user?.email ?? `operator ${userId}`);
    return { run: await runById(app.db, request.params.id), message: runMessages.cancelDone };
  });

  route(app, runsApi.retry, async (request) => {
    const queued = await app.generation.retry(currentUser(request).id, request.params.id);
    return { run: await runById(app.db, queued), message: runMessages.retried };
  });
};

export default runRoutes;
