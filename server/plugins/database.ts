import fp from 'fastify-plugin';
import type { Database, DatabaseHandle } from '../db/client';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
  }
}

/** Exposes an opened database as `app.db` and closes it with the app when the app owns it. */
export default fp<{ handle: DatabaseHandle; closeWithApp: boolean }>(
  async (app, { handle, closeWithApp }) => {
    app.decorate('db', handle.db);
    if (closeWithApp) app.addHook('onClose', () => handle.close());
  },
  { name: 'database' },
);
