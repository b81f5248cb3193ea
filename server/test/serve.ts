import { loadConfig } from '../config';
import { startServer } from '../server';

/**
 * The real server as `npm start` runs it (without the SPA build), in a child process of a test:
 *   node --import tsx server/test/serve.ts
 * Configured by the environment like `npm start`; reports `{ type: 'listening', port }` over IPC.
 */
const { app } = await startServer(loadConfig());
const address = app.server.address();
process.send?.({ type: 'listening', port: typeof address === 'object' && address ? address.port : 0 });

let stopping = false;
async function stop(): Promise<void> {
  if (stopping) return;
  stopping = true;
  await app.close();
  process.exit(0);
}
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
