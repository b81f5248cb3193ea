import WebSocket from 'ws';
import type { Connection } from './connection';
import { frames, protocolErrors } from './protocol';

/**
 * Idle-connection checks, one timer for all sockets (no timer per connection).
 * A socket silent for `activityTimeoutMs` gets a WebSocket ping and a `pusher:ping` (browsers answer the first,
 * pusher-js the second); any frame or pong from it counts as an answer. If nothing comes within `pongTimeoutMs`
 * it gets `pusher:error` 4201 and is closed with 4201 (pusher-js reconnects at once), as Reverb does.
 */
export function startLivenessChecks(
  connections: ReadonlySet<Connection>,
  timing: { activityTimeoutMs: number; pongTimeoutMs: number },
): () => void {
  const { activityTimeoutMs, pongTimeoutMs } = timing;
  const intervalMs = Math.max(10, Math.min(activityTimeoutMs, pongTimeoutMs) / 4);
  const timer = setInterval(() => {
    const now = Date.now();
    for (const connection of connections) {
      if (connection.pingedAt === 0) {
        if (now - connection.lastSeen >= activityTimeoutMs) ping(connection, now);
      } else if (now - connection.pingedAt >= pongTimeoutMs) {
        if (connection.socket.readyState === WebSocket.OPEN) {
          connection.send(frames.error(protocolErrors.pongNotReceived, 'Pong reply not received in time'));
          connection.close(protocolErrors.pongNotReceived, 'Pong reply not received in time');
          connection.pingedAt = now;
        } else {
          // It did not even answer the close frame within another window: drop the TCP connection.
          connection.socket.terminate();
        }
      }
    }
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}

function ping(connection: Connection, now: number): void {
  connection.pingedAt = now;
  connection.send(frames.ping());
  try {
    connection.socket.ping();
  } catch {
    // The socket is closing; its close handler removes it.
  }
}
