import { ConfigError, loadConfig } from '../config';
import { startServer } from '../server';
import { buildSpa, spaNeedsBuild } from './spa-build';

/** `npm start`: builds the SPA when its sources changed, then serves the dashboard. */
async function main() {
  const config = loadConfig();
  if (config.env !== 'production' && (await spaNeedsBuild(process.cwd(), config.spaDir))) {
    console.log('Building the dashboard (first start or changed sources)...');
    await buildSpa(process.cwd());
  }
  const { app } = await startServer(config);
  const shown = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  app.log.info(`Dashboard at http://${shown}:${config.port}`);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    await app.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exit(1);
});
