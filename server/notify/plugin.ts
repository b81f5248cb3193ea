import fp from 'fastify-plugin';
import type { Notifier } from './notifier';

declare module 'fastify' {
  interface FastifyInstance {
    /** What the services tell the screens after a change has committed (server/notify/notifier.ts). */
    notifier: Notifier;
  }
}

/**
 * The shared notifier: the real-time plugin's broadcaster, for every feature that announces changes (catalogue
 * routes, generation, payments). A plugin that uses it names 'notifier' among its dependencies.
 */
export default fp(
  async (app) => {
    app.decorate('notifier', app.broadcaster);
  },
  { name: 'notifier', dependencies: ['realtime'] },
);
