import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import proxyAddr from 'proxy-addr';
import { pusherProtocol, realtimeClientTimeouts } from '../../contract/realtime';
import { ChannelRegistry } from './channel-registry';
import { EmbeddedBroadcaster } from './drivers/embedded';
import { PusherBroadcaster } from './drivers/pusher';
import { httpApiRoutes } from './http-api';
import { createRedisFanout } from './redis-fanout';
import { SocketServer } from './socket-server';
import type { Broadcaster, EmbeddedServerOptions, RealtimeConfig } from './types';

/**
 * The real-time plugin: `await app.register(realtimePlugin, { config })`.
 *
 * - Decorates `app.broadcaster` (publish events; never throws) and `app.realtimeConfig` (read by
 *   POST /broadcasting/auth and by whatever writes the browser's meta tags).
 * - Driver `embedded`: a Pusher protocol 7 server on the API's own port at `/app/{key}`, and Pusher's HTTP trigger
 *   API (POST /apps/:appId/events, /apps/:appId/batch_events, public routes authenticated by their signature).
 *   With `config.redisUrl`, events fan out to every API process through Redis pub/sub (checked at start-up).
 * - Driver `pusher`: events go to hosted Pusher / Soketi / Reverb through the `pusher` SDK; no WebSocket server.
 * - On close: sockets closed with 4200, "reconnect at once" (preClose, before the HTTP server waits for them; in the
 *   app, after the requests in flight are answered: graceful-stop.ts), then Redis and timers.
 *
 * Other options (all optional; tests shorten the timings): see EmbeddedServerOptions.
 */

export interface RealtimePluginOptions extends EmbeddedServerOptions {
  config: RealtimeConfig;
  /** As Fastify's own `trustProxy`: the client's address is the left-most X-Forwarded-For entry. */
  trustProxy?: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    broadcaster: Broadcaster;
    realtimeConfig: Readonly<RealtimeConfig>;
  }
}

async function realtime(app: FastifyInstance, options: RealtimePluginOptions): Promise<void> {
  const { config } = options;
  if (!config.appId || !config.key || !config.secret) {
    throw new Error('realtime: appId, key and secret are required');
  }
  app.decorate('realtimeConfig', Object.freeze({ ...config }));

  if (config.driver === 'pusher') {
    const broadcaster = await PusherBroadcaster.create(config, app.log);
    app.decorate('broadcaster', broadcaster);
    app.addHook('onClose', async () => broadcaster.close());
    return;
  }

  const registry = new ChannelRegistry();
  const fanout = config.redisUrl
    ? await createRedisFanout({
        url: config.redisUrl,
        channel: `${options.redisChannelPrefix ?? 'realtime:'}${config.appId}`,
        onMessage: (message) => registry.deliver(message),
        log: app.log,
      })
    : undefined;
  const broadcaster = new EmbeddedBroadcaster(registry, app.log, fanout);
  app.decorate('broadcaster', broadcaster);
  app.addHook('onClose', async () => broadcaster.close());

  const sockets = new SocketServer({
    key: config.key,
    secret: config.secret,
    registry,
    activityTimeoutMs: positive(options.activityTimeoutMs, pusherProtocol.activityTimeoutSeconds * 1000),
    pongTimeoutMs: positive(options.pongTimeoutMs, realtimeClientTimeouts.pongTimeout),
    maxMessageBytes: positive(options.maxMessageBytes, pusherProtocol.maxMessageBytes),
    maxBufferedBytes: positive(options.maxBufferedBytes, 1024 * 1024),
    allowedOrigins: config.allowedOrigins ?? [],
    maxConnectionsPerAddress: positive(config.maxConnectionsPerAddress, defaultMaxConnectionsPerAddress),
    // The address Fastify's request.ip would give, with the same proxy trust.
    clientAddress: (request) => proxyAddr(request, () => options.trustProxy === true),
    log: app.log,
  });
  sockets.attach(app.server);
  app.addHook('preClose', async () => sockets.close());

  await app.register(httpApiRoutes, {
    appId: config.appId,
    key: config.key,
    secret: config.secret,
    dispatch: (message) => broadcaster.dispatch(message),
  });
}

const defaultMaxConnectionsPerAddress = 100;

function positive(value: number | undefined, fallback: number): number {
  return value !== undefined && Number.isFinite(value) && value > 0 ? value : fallback;
}

export default fp(realtime, { name: 'realtime', fastify: '5.x' });
