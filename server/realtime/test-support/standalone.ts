import { buildRealtimeTestApp, testRealtimeConfig } from './app';

/**
 * One API-like process with the realtime plugin, for the two-process Redis test and the bench:
 *   node --import tsx server/realtime/test-support/standalone.ts
 * Env: PORT (default 0), REDIS_URL, REALTIME_REDIS_PREFIX, REALTIME_MAX_CONNECTIONS_PER_ADDRESS (the bench opens
 * a thousand sockets from one address).
 * Reports `{ type: 'listening', port }` over IPC (or prints `LISTENING <port>`), and answers IPC messages:
 *   { type: 'memory' } -> { type: 'memory', usage } (after a GC when run with --expose-gc)
 *   { type: 'publish', id, channel, event, payload } -> publishes through app.broadcaster, then { type: 'published', id }
 * Stops on SIGTERM/SIGINT or when the parent disconnects.
 */

const app = await buildRealtimeTestApp({
  config: {
    ...testRealtimeConfig,
    ...(process.env.REDIS_URL ? { redisUrl: process.env.REDIS_URL } : {}),
    ...(process.env.REALTIME_MAX_CONNECTIONS_PER_ADDRESS
      ? { maxConnectionsPerAddress: Number(process.env.REALTIME_MAX_CONNECTIONS_PER_ADDRESS) }
      : {}),
  },
  ...(process.env.REALTIME_REDIS_PREFIX ? { redisChannelPrefix: process.env.REALTIME_REDIS_PREFIX } : {}),
});
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT ?? 0) });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : 0;

interface Command {
  type?: string;
  id?: number;
  channel?: string;
  event?: string;
  payload?: unknown;
}

if (process.send) {
  process.send({ type: 'listening', port });
  process.on('message', (command: Command) => {
    if (command.type === 'memory') {
      (globalThis as { gc?: () => void }).gc?.();
      process.send?.({ type: 'memory', usage: process.memoryUsage() });
    } else if (command.type === 'publish' && command.channel && command.event) {
      void app.broadcaster
        .publish(command.channel, command.event, command.payload)
        .then(() => process.send?.({ type: 'published', id: command.id }));
    }
  });
  process.on('disconnect', () => void stop());
} else {
  console.log(`LISTENING ${port}`);
}

let stopping = false;
async function stop(): Promise<void> {
  if (stopping) return;
  stopping = true;
  await app.close();
  process.exit(0);
}
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
