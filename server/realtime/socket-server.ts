import { randomInt } from 'node:crypto';
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { WebSocketServer, type WebSocket } from 'ws';
import { websocketPathPrefix } from '../../contract/realtime';
import type { ChannelRegistry } from './channel-registry';
import { Connection } from './connection';
import { startLivenessChecks } from './liveness';
import { UpgradeGuard } from './upgrade-guard';
import { frames, protocolErrors } from './protocol';
import { handleClientMessage, type SessionContext } from './session';

/**
 * The WebSocket side of the embedded server: `/app/{key}?protocol=7` on the API's own HTTP server.
 * Upgrades on other paths are left to other listeners (or answered 404 when there are none).
 */

export interface SocketServerOptions {
  key: string;
  secret: string;
  registry: ChannelRegistry;
  activityTimeoutMs: number;
  pongTimeoutMs: number;
  maxMessageBytes: number;
  maxBufferedBytes: number;
  /** Origins besides the server's own whose pages may connect (e.g. the Vite dev server). */
  allowedOrigins: readonly string[];
  maxConnectionsPerAddress: number;
  /** The client's address of an upgrade request (honours the proxy setting, as Fastify's `request.ip` does). */
  clientAddress: (request: IncomingMessage) => string;
  log: FastifyBaseLogger;
}

const appPath = new RegExp(`^${websocketPathPrefix}([^/?]+)/?$`);

export class SocketServer {
  private readonly wss: WebSocketServer;
  private readonly connections = new Set<Connection>();
  private readonly session: SessionContext;
  private readonly stopLiveness: () => void;
  private readonly guard: UpgradeGuard;
  private server: Server | undefined;
  private closing = false;

  constructor(private readonly options: SocketServerOptions) {
    // maxPayload: a larger frame closes the socket with 1009, as Reverb (Ratchet) and Soketi (uWS) do.
    this.wss = new WebSocketServer({
      noServer: true,
      clientTracking: false,
      perMessageDeflate: false,
      maxPayload: options.maxMessageBytes,
    });
    this.session = { key: options.key, secret: options.secret, registry: options.registry };
    this.stopLiveness = startLivenessChecks(this.connections, options);
    this.guard = new UpgradeGuard({ allowedOrigins: options.allowedOrigins, maxPerAddress: options.maxConnectionsPerAddress });
  }

  get connectionCount(): number {
    return this.connections.size;
  }

  attach(server: Server): void {
    this.server = server;
    server.on('upgrade', this.onUpgrade);
  }

  private readonly onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer): void => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const match = appPath.exec(url.pathname);
    if (!match?.[1]) {
      if (this.server?.listenerCount('upgrade') === 1) refuseUpgrade(socket, '404 Not Found');
      return;
    }
    if (this.closing) {
      refuseUpgrade(socket, '503 Service Unavailable');
      return;
    }
    const address = this.options.clientAddress(request);
    const refusal = this.guard.check(request, address);
    if (refusal) {
      this.options.log.info({ origin: request.headers.origin, address, status: refusal.status }, 'realtime upgrade refused');
      refuseUpgrade(socket, refusal.status);
      return;
    }
    const key = safeDecode(match[1]);
    const protocol = url.searchParams.get('protocol');
    this.guard.opened(address);
    socket.once('close', () => this.guard.closed(address));
    this.wss.handleUpgrade(request, socket, head, (ws) => this.accept(ws, key, protocol));
  };

  private accept(ws: WebSocket, key: string, protocol: string | null): void {
    ws.on('error', (error) => this.options.log.debug({ err: error }, 'realtime socket error'));
    if (key !== this.options.key) {
      ws.send(frames.error(protocolErrors.unknownApp, 'Application does not exist'));
      ws.close(protocolErrors.unknownApp, 'Application does not exist');
      return;
    }
    if (protocol !== '7') {
      ws.send(frames.error(protocolErrors.unsupportedProtocol, 'Unsupported protocol version'));
      ws.close(protocolErrors.unsupportedProtocol, 'Unsupported protocol version');
      return;
    }
    const connection = new Connection(ws, newSocketId(), this.options.maxBufferedBytes);
    this.connections.add(connection);
    ws.on('message', (data) => handleClientMessage(this.session, connection, data.toString()));
    ws.on('pong', () => connection.touch());
    ws.on('ping', () => connection.touch());
    ws.on('close', () => {
      this.options.registry.removeAll(connection);
      this.connections.delete(connection);
    });
    const activityTimeoutSeconds = Math.max(1, Math.round(this.options.activityTimeoutMs / 1000));
    connection.send(frames.connectionEstablished(connection.socketId, activityTimeoutSeconds));
  }

  /**
   * Closes every socket with 4200, which tells pusher-js to reconnect at once (Pusher's 4200-4299 range; 1001 would
   * make it wait a second), to another instance or to this one restarted; then drops the stragglers.
   */
  async close(graceMs = 1000): Promise<void> {
    this.closing = true;
    this.stopLiveness();
    this.server?.off('upgrade', this.onUpgrade);
    const closed = [...this.connections].map(
      (connection) => new Promise<void>((resolve) => connection.socket.once('close', () => resolve())),
    );
    for (const connection of this.connections) connection.close(protocolErrors.reconnectNow, 'Server stopping: reconnect');
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      Promise.all(closed),
      new Promise<void>((resolve) => {
        timer = setTimeout(resolve, graceMs);
      }),
    ]);
    clearTimeout(timer);
    for (const connection of this.connections) connection.socket.terminate();
    await new Promise<void>((resolve) => this.wss.close(() => resolve()));
  }
}

function newSocketId(): string {
  return `${randomInt(1, 1_000_000_000)}.${randomInt(1, 1_000_000_000)}`;
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

function refuseUpgrade(socket: Duplex, status: string): void {
  socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}
