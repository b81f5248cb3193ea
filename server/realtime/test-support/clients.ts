import type { FastifyInstance } from 'fastify';
import PusherClient, { type Channel } from 'pusher-js';
import WebSocket from 'ws';
import type { RealtimePluginOptions } from '../plugin';
import { buildRealtimeTestApp, testRealtimeConfig } from './app';

/** Bounded waits and the two kinds of test clients: the real pusher-js (Node build) and a raw `ws` socket. */

export function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms waiting for ${what}`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

export interface RunningApp {
  app: FastifyInstance;
  port: number;
  close(): Promise<void>;
}

/** The realtime test app, listening on `port` (default: a free one). */
export async function startApp(options: Partial<RealtimePluginOptions> = {}, port = 0): Promise<RunningApp> {
  const app = await buildRealtimeTestApp(options);
  await app.listen({ host: '127.0.0.1', port });
  const address = app.server.address();
  if (typeof address !== 'object' || !address) throw new Error('the test app is not listening');
  return { app, port: address.port, close: () => app.close() };
}

/** A pusher-js client configured as the SPA configures it (ws only, no TLS, channelAuthorization with the bearer). */
export function pusherClient(port: number, userId: number | undefined, key = testRealtimeConfig.key): PusherClient {
  return new PusherClient(key, {
    cluster: 'mt1',
    wsHost: '127.0.0.1',
    wsPort: port,
    forceTLS: false,
    enabledTransports: ['ws'],
    disableStats: true,
    channelAuthorization: {
      transport: 'ajax',
      endpoint: `http://127.0.0.1:${port}/broadcasting/auth`,
      headers: userId === undefined ? {} : { Authorization: `Bearer user-${userId}` },
    },
  });
}

export function connected(client: PusherClient, ms = 5000): Promise<string> {
  return within(
    new Promise<string>((resolve) => {
      if (client.connection.state === 'connected') resolve(client.connection.socket_id);
      client.connection.bind('connected', () => resolve(client.connection.socket_id));
    }),
    ms,
    'pusher-js to connect',
  );
}

export type SubscriptionOutcome = { ok: true } | { ok: false; error: unknown };

/** Subscribes and resolves with the outcome: `pusher:subscription_succeeded` or `pusher:subscription_error`. */
export function subscribe(client: PusherClient, name: string, ms = 5000): Promise<{ channel: Channel; outcome: SubscriptionOutcome }> {
  const channel = client.subscribe(name);
  return within(
    new Promise((resolve) => {
      channel.bind('pusher:subscription_succeeded', () => resolve({ channel, outcome: { ok: true } }));
      channel.bind('pusher:subscription_error', (error: unknown) => resolve({ channel, outcome: { ok: false, error } }));
    }),
    ms,
    `the subscription to ${name}`,
  );
}

export function nextEvent(channel: Channel, event: string, ms = 5000): Promise<unknown> {
  return within(
    new Promise((resolve) => {
      const handler = (data: unknown) => {
        channel.unbind(event, handler);
        resolve(data);
      };
      channel.bind(event, handler);
    }),
    ms,
    `event ${event} on ${channel.name}`,
  );
}

export interface Frame {
  event: string;
  channel?: string;
  /** `data` decoded from its JSON string. */
  data?: unknown;
  /** The frame as it came over the wire. */
  raw: string;
}

/** A raw protocol client: every frame it receives is queued; `next` waits (bounded) for one that matches. */
export class RawClient {
  readonly frames: Frame[] = [];
  private waiters: Array<{ match: (frame: Frame) => boolean; resolve: (frame: Frame) => void }> = [];
  readonly closed: Promise<{ code: number; reason: string }>;

  constructor(readonly socket: WebSocket) {
    socket.on('message', (message) => {
      const raw = message.toString();
      const parsed = JSON.parse(raw) as { event: string; channel?: string; data?: unknown };
      const frame: Frame = {
        ...parsed,
        data: typeof parsed.data === 'string' ? tryParse(parsed.data) : parsed.data,
        raw,
      };
      const waiter = this.waiters.find((candidate) => candidate.match(frame));
      if (waiter) {
        this.waiters = this.waiters.filter((candidate) => candidate !== waiter);
        waiter.resolve(frame);
      } else {
        this.frames.push(frame);
      }
    });
    this.closed = new Promise((resolve) => socket.on('close', (code, reason) => resolve({ code, reason: reason.toString() })));
  }

  static async open(port: number, options: { key?: string; path?: string; autoPong?: boolean; origin?: string } = {}): Promise<RawClient> {
    const path = options.path ?? `/app/${options.key ?? testRealtimeConfig.key}?protocol=7&client=js&version=8.6.0`;
    const socket = new WebSocket(`ws://127.0.0.1:${port}${path}`, {
      autoPong: options.autoPong ?? true,
      ...(options.origin === undefined ? {} : { origin: options.origin }),
    });
    socket.on('error', () => {});
    const client = new RawClient(socket);
    await within(
      new Promise<void>((resolve, reject) => {
        socket.once('open', () => resolve());
        socket.once('unexpected-response', (_request, response) => reject(new Error(`upgrade refused: ${response.statusCode}`)));
      }),
      5000,
      'the raw socket to open',
    );
    return client;
  }

  next(match: (frame: Frame) => boolean, what: string, ms = 5000): Promise<Frame> {
    const queued = this.frames.findIndex(match);
    if (queued >= 0) return Promise.resolve(this.frames.splice(queued, 1)[0] as Frame);
    return within(new Promise<Frame>((resolve) => this.waiters.push({ match, resolve })), ms, what);
  }

  nextEvent(event: string, ms = 5000): Promise<Frame> {
    return this.next((frame) => frame.event === event, event, ms);
  }

  async socketId(): Promise<string> {
    const frame = await this.nextEvent('pusher:connection_established');
    return (frame.data as { socket_id: string }).socket_id;
  }

  send(event: string, data: unknown, channel?: string): void {
    this.socket.send(JSON.stringify(channel === undefined ? { event, data } : { event, data, channel }));
  }

  close(): void {
    this.socket.terminate();
  }
}

function tryParse(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
