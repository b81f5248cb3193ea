import type { FastifyRequest } from 'fastify';
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
 * handler still runs, and would find the database closed under it. So the requests are counted from `onRequest` to
 * `onSend` (which Fastify runs once the handler is done, even for a request whose client is gone), and the database
 * is closed once none is left, or after `drainLimitMs`.
 */
export default fp<{ handle: DatabaseHandle; closeWithApp: boolean }>(
  async (app, { handle, closeWithApp }) => {
    app.decorate('db', handle.db);
    if (!closeWithApp) return;

    const running = new Set<FastifyRequest>();
    let drained: (() => void) | undefined;
    app.addHook('onRequest', async (request) => {
      running.add(request);
    });
    app.addHook('onSend', async (request, _reply, payload) => {
      if (running.delete(request) && running.size === 0) drained?.();
      return payload;
    });
    app.addHook('onClose', async () => {
      if (running.size > 0) {
        let timer: NodeJS.Timeout | undefined;
        await new Promise<void>((resolve) => {
          drained = resolve;
          timer = setTimeout(resolve, drainLimitMs);
        });
        clearTimeout(timer);
      }
      await handle.close();
    });
  },
  { name: 'database' },
);
