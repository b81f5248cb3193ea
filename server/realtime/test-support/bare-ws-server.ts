import { createServer } from 'node:http';
import { WebSocketServer } from 'ws';

/**
 * The bench's floor: a bare `ws` server that speaks just enough of the protocol for the same clients (a canned
 * greeting and subscription answer, no checks) and broadcasts the same event frames to every socket.
 *   node --import tsx server/realtime/test-support/bare-ws-server.ts   (PORT, IPC as standalone.ts)
 */

const server = createServer((_request, response) => response.writeHead(404).end());
const wss = new WebSocketServer({ server, perMessageDeflate: false });
const textFrame = { binary: false } as const;
let sockets = 0;

wss.on('connection', (ws) => {
  sockets += 1;
  ws.on('error', () => {});
  ws.on('close', () => (sockets -= 1));
  ws.send(
    JSON.stringify({ event: 'pusher:connection_established', data: JSON.stringify({ socket_id: `${sockets}.1`, activity_timeout: 120 }) }),
  );
  ws.on('message', (data) => {
    const text = data.toString();
    const channel = /"channel":"([^"]+)"/.exec(text)?.[1];
    if (text.includes('pusher:subscribe') && channel) {
      ws.send(JSON.stringify({ event: 'pusher_internal:subscription_succeeded', channel, data: '{}' }));
    }
  });
});

server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  process.send?.({ type: 'listening', port });
});

interface Command {
  type?: string;
  id?: number;
  channel?: string;
  event?: string;
  payload?: unknown;
}

process.on('message', (command: Command) => {
  if (command.type === 'memory') {
    (globalThis as { gc?: () => void }).gc?.();
    process.send?.({ type: 'memory', usage: process.memoryUsage() });
  } else if (command.type === 'publish') {
    const frame = Buffer.from(
      JSON.stringify({ event: command.event, channel: command.channel, data: JSON.stringify(command.payload ?? null) }),
    );
    for (const ws of wss.clients) ws.send(frame, textFrame);
    process.send?.({ type: 'published', id: command.id });
  }
});

const stop = () => {
  for (const ws of wss.clients) ws.terminate();
  server.close(() => process.exit(0));
};
process.on('disconnect', stop);
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
