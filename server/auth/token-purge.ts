import fp from 'fastify-plugin';
import { deleteExpiredAccessTokens } from './access-tokens';

const dayMs = 86_400_000;

/** Expired access tokens are deleted when the server starts and once a day after. */
export default fp(
  async (app) => {
    const purge = async () => {
      try {
        const deleted = await deleteExpiredAccessTokens(app.db);
        if (deleted > 0) app.log.info({ deleted }, 'expired access tokens purged');
      } catch (error) {
        app.log.error({ err: error }, 'purging expired access tokens failed');
      }
    };
    let daily: NodeJS.Timeout | undefined;
    app.addHook('onReady', async () => {
      await purge();
      daily = setInterval(() => void purge(), dayMs);
      daily.unref();
    });
    app.addHook('onClose', async () => clearInterval(daily));
  },
  { name: 'token-purge', dependencies: ['database'] },
);
