import fp from 'fastify-plugin';
import type { Database, DatabaseHandle } from '../db/client';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
  }
}

/** The longest the database stays open at shutdown for requests still running. */
const drainLimitMs = 10_000;

/**
 * Exposes an opened database as `app.db` and closes it with the app when the app owns it.
 *
 * The HTTP server closes once its connections have; a request whose client hung up has no connection left but its
 * handler still runs, and would find the database closed under it. So the database is closed once no request is in
 * flight (requests-in-flight.ts), or after `drainLimitMs`.
 */
export default fp<{ handle: DatabaseHandle; closeWithApp: boolean }>(
  async (app, { handle, closeWithApp }) => {
    app.decorate('db', handle.db);
    if (!closeWithApp) return;
    app.addHook('onClose', async () => {
      if (!(await app.requestsInFlight.settled(drainLimitMs))) {
        app.log.warn({ running: app.requestsInFlight.count }, 'closing the database under requests still running');
      }
      await handle.close();
    });
  },
  { name: 'database', dependencies: ['requests-in-flight'] },
);
