import { randomUUID } from 'node:crypto';
import PusherServer from 'pusher';
import type PusherClient from 'pusher-js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { channels, realtimeEvents } from '../../contract/realtime';
import { requireRedis, testRedisUrl } from '../test/targets';
import { testRealtimeConfig } from './test-support/app';
import { connected, nextEvent, pusherClient, subscribe } from './test-support/clients';
import { type ChildServer, spawnServer } from './test-support/spawn';

/**
 * Two API processes sharing the Redis at 127.0.0.1:6379: an event raised in one reaches a client of the other.
 * A channel prefix of this run keeps parallel runs apart. Without Redis the file fails, saying how to start it;
 * TEST_SERVICES=none leaves it out of the run (server/test/targets.ts).
 */

const prefix = `test:realtime:${randomUUID()}:`;
let first: ChildServer;
let second: ChildServer;
const clients: PusherClient[] = [];

async function subscribedOn(server: ChildServer, name: string, userId: number) {
  const pusher = pusherClient(server.port, userId);
  clients.push(pusher);
  await connected(pusher);
  const { channel, outcome } = await subscribe(pusher, name);
  expect(outcome).toEqual({ ok: true });
  return channel;
}

beforeAll(async () => {
  await requireRedis();
  const env = { REDIS_URL: testRedisUrl, REALTIME_REDIS_PREFIX: prefix };
  [first, second] = await Promise.all([spawnServer('standalone', env), spawnServer('standalone', env)]);
});

afterEach(() => {
  for (const made of clients.splice(0)) made.disconnect();
});

afterAll(async () => {
  await Promise.all([first?.stop(), second?.stop()]);
});

describe('fan-out through Redis between two processes', () => {
  it('delivers an event published with app.broadcaster in one process to a client of the other', async () => {
    const channel = await subscribedOn(second, channels.user(4), 4);
    const received = nextEvent(channel, realtimeEvents.changeTokens);
    await first.ask(
      { type: 'publish', id: 1, channel: channels.user(4), event: realtimeEvents.changeTokens, payload: { user: { id: 4, tokens: 9 } } },
      'published',
    );
    expect(await received).toEqual({ user: { id: 4, tokens: 9 } });
  });

  it('delivers an event triggered through one process HTTP API to a client of the other', async () => {
    const channel = await subscribedOn(second, channels.statuses, 2);
    const received = nextEvent(channel, realtimeEvents.changeAnyStatus);
    const { appId, key, secret } = testRealtimeConfig;
    const sdk = new PusherServer({ appId, key, secret, host: '127.0.0.1', port: String(first.port), useTLS: false });
    await sdk.trigger(channels.statuses, realtimeEvents.changeAnyStatus, { status: 'on' });
    expect(await received).toEqual({ status: 'on' });
  });

  it("delivers once to the publishing process's own clients (local delivery happens only via Redis)", async () => {
    const channel = await subscribedOn(first, channels.events, 3);
    const seen: unknown[] = [];
    channel.bind(realtimeEvents.updateEvents, (data: unknown) => seen.push(data));
    const marker = nextEvent(channel, 'marker');
    await first.ask(
      { type: 'publish', id: 2, channel: channels.events, event: realtimeEvents.updateEvents, payload: { category_id: 1 } },
      'published',
    );
    await first.ask({ type: 'publish', id: 3, channel: channels.events, event: 'marker', payload: {} }, 'published');
    await marker;
    expect(seen).toEqual([{ category_id: 1 }]);
  });
});
