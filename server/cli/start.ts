import { loadConfig } from '../config';
import { startServer } from '../server';
import { exitWithFailure } from './failure';
import { buildSpa, spaNeedsBuild } from './spa-build';

/**
 * The longest a stop may take before the process gives up on it: the requests' own limit (graceful-stop.ts), then
 * the handlers of hung-up clients (the database plugin's), with room for the worker and the sockets.
 */
const stopLimitMs = 30_000;

/** Resolves with the first SIGTERM or SIGINT; `aborted` tells a step still starting up to give up. */
function stopRequested(): { signal: Promise<NodeJS.Signals>; aborted: AbortSignal } {
  const controller = new AbortController();
  const signal = new Promise<NodeJS.Signals>((resolve) => {
    const onSignal = (name: NodeJS.Signals) => {
      controller.abort(name);
      resolve(name);
    };
    // Repeats are ignored (a terminal's Ctrl-C may arrive twice, relayed by tsx): the stop is bounded by stopLimitMs.
    process.on('SIGTERM', onSignal);
    process.on('SIGINT', onSignal);
  });
  return { signal, aborted: controller.signal };
}

/** `npm start`: builds the SPA when its sources changed, serves the dashboard, and stops gracefully on a signal. */
async function main() {
  const config = loadConfig();
  const stop = stopRequested();
  if (config.env !== 'production' && (await spaNeedsBuild(process.cwd(), config.spaDir))) {
    // stderr, as the build's own output: stdout carries the server's JSON log.
    console.error('Building the dashboard (first start or changed sources)...');
    try {
      await buildSpa(process.cwd(), config.spaDir, { signal: stop.aborted });
    } catch (error) {
      if (!stop.aborted.aborted) throw error;
    }
  }
  // Stopped while building: nothing was started.
  if (stop.aborted.aborted) process.exit(0);

  const { app, address } = await startServer(config);
  const shown = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  app.log.info(`Dashboard at http://${shown}:${new URL(address).port}`);

  const signal = await stop.signal;
  app.log.info({ signal }, 'stopping');
  setTimeout(() => {
    app.log.error(`the stop did not finish within ${stopLimitMs / 1000} s`);
    process.exit(1);
  }, stopLimitMs).unref();
  await app.close();
  app.log.info('stopped');
  process.exit(0);
}

main().catch(exitWithFailure);
