import Fastify from 'fastify';
import type PusherClient from 'pusher-js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { channels, realtimeEvents } from '../../contract/realtime';
import realtimePlugin from './plugin';
import { testRealtimeConfig } from './test-support/app';
import { connected, nextEvent, pusherClient, RawClient, type RunningApp, startApp, subscribe, within } from './test-support/clients';
import type { RealtimeConfig } from './types';

/** The broadcaster's two drivers, and its promise never to throw into a request. */

let embedded: RunningApp;
const clients: PusherClient[] = [];

beforeAll(async () => {
  embedded = await startApp();
});

afterEach(() => {
  for (const made of clients.splice(0)) made.disconnect();
});

afterAll(async () => {
  await embedded.close();
});

async function appWith(config: RealtimeConfig) {
  const app = Fastify({ logger: false });
  await app.register(realtimePlugin, { config });
  await app.ready();
  return app;
}

describe('the pusher driver', () => {
  it('publishes through the pusher SDK to a Pusher-compatible server (here the embedded one, as Soketi would be)', async () => {
    const app = await appWith({ ...testRealtimeConfig, driver: 'pusher', host: '127.0.0.1', port: embedded.port, scheme: 'ws' });
    try {
      const pusher = pusherClient(embedded.port, 5);
      clients.push(pusher);
      await connected(pusher);
      const { channel } = await subscribe(pusher, channels.equipments);
      const received = nextEvent(channel, realtimeEvents.statusesChanged);
      await app.broadcaster.publish(channels.equipments, realtimeEvents.statusesChanged, { subcategory_ids: [1, 2] });
      expect(await received).toEqual({ subcategory_ids: [1, 2] });
    } finally {
      await app.close();
    }
  });

  it('opens no WebSocket server and no trigger API', async () => {
    const app = await appWith({ ...testRealtimeConfig, driver: 'pusher', host: '127.0.0.1', port: embedded.port });
    try {
      expect(app.server.listenerCount('upgrade')).toBe(0);
      const response = await app.inject({ method: 'POST', url: `/apps/${testRealtimeConfig.appId}/events`, payload: {} });
      expect(response.statusCode).toBe(404);
    } finally {
      await app.close();
    }
  });

  it('does not throw when the service is unreachable', async () => {
    const app = await appWith({ ...testRealtimeConfig, driver: 'pusher', host: '127.0.0.1', port: 1, scheme: 'ws' });
    try {
      await expect(app.broadcaster.publish(channels.events, 'x', {})).resolves.toBeUndefined();
    } finally {
      await app.close();
    }
  });
});

describe('the embedded driver', () => {
  it('does not throw for a payload it cannot send (unserialisable, or over 10 KB), and sends nothing', async () => {
    const pusher = pusherClient(embedded.port, 5);
    clients.push(pusher);
    await connected(pusher);
    const { channel } = await subscribe(pusher, channels.events);
    const seen: unknown[] = [];
    channel.bind('bad', (data: unknown) => seen.push(data));
    await expect(embedded.app.broadcaster.publish(channels.events, 'bad', { n: 1n })).resolves.toBeUndefined();
    await expect(embedded.app.broadcaster.publish(channels.events, 'bad', { big: 'x'.repeat(11 * 1024) })).resolves.toBeUndefined();
    const marker = nextEvent(channel, 'marker');
    await embedded.app.broadcaster.publish(channels.events, 'marker', {});
    await marker;
    expect(seen).toEqual([]);
  });

  it('stops the start-up with a message naming REDIS_URL when Redis cannot be reached', async () => {
    await expect(appWith({ ...testRealtimeConfig, redisUrl: 'redis://127.0.0.1:1' })).rejects.toThrow(/REDIS_URL/);
  });

  it('closes its sockets with 4200 when the app closes, so that pusher-js reconnects at once (elsewhere, or here once back)', async () => {
    const own = await startApp();
    const socket = await RawClient.open(own.port);
    await socket.socketId();
    await within(own.close(), 3000, 'the app to close');
    expect((await within(socket.closed, 1000, 'the socket to close')).code).toBe(4200);
  });
});
