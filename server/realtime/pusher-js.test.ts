import type PusherClient from 'pusher-js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { channels, realtimeEvents, sharedChannels } from '../../contract/realtime';
import { connected, nextEvent, pusherClient, type RunningApp, startApp, subscribe, within } from './test-support/clients';

/** The real pusher-js (Node build) against the embedded server, configured as the SPA configures it. */

let server: RunningApp;
const clients: PusherClient[] = [];

function client(userId: number | undefined): PusherClient {
  const made = pusherClient(server.port, userId);
  clients.push(made);
  return made;
}

beforeAll(async () => {
  server = await startApp();
});

afterEach(() => {
  for (const made of clients.splice(0)) made.disconnect();
});

afterAll(async () => {
  await server.close();
});

describe('pusher-js against the embedded server', () => {
  it('connects and gets a socket id of the protocol form', async () => {
    const socketId = await connected(client(7));
    expect(socketId).toMatch(/^\d+\.\d+$/);
  });

  it.each([...sharedChannels, channels.user(7)])('subscribes to %s and receives an event published there', async (name) => {
    const pusher = client(7);
    await connected(pusher);
    const { channel, outcome } = await subscribe(pusher, name);
    expect(outcome).toEqual({ ok: true });

    const received = nextEvent(channel, realtimeEvents.updateCategory);
    await server.app.broadcaster.publish(name, realtimeEvents.updateCategory, { category_id: 12 });
    expect(await received).toEqual({ category_id: 12 });
  });

  it('receives each product event on its channel, and one publish to several channels reaches each', async () => {
    const pusher = client(3);
    await connected(pusher);
    const statuses = (await subscribe(pusher, channels.statuses)).channel;
    const user = (await subscribe(pusher, channels.user(3))).channel;

    const onStatus = nextEvent(statuses, realtimeEvents.changeAnyStatus);
    const onTokens = nextEvent(user, realtimeEvents.changeTokens);
    await server.app.broadcaster.publish([channels.statuses], realtimeEvents.changeAnyStatus, { status: { id: 1 } });
    await server.app.broadcaster.publish(channels.user(3), realtimeEvents.changeTokens, { user: { id: 3, tokens: 40 } });
    expect(await onStatus).toEqual({ status: { id: 1 } });
    expect(await onTokens).toEqual({ user: { id: 3, tokens: 40 } });

    const both = Promise.all([nextEvent(statuses, realtimeEvents.updateEvents), nextEvent(user, realtimeEvents.updateEvents)]);
    await server.app.broadcaster.publish([channels.statuses, channels.user(3)], realtimeEvents.updateEvents, { category_id: 2 });
    expect(await both).toEqual([{ category_id: 2 }, { category_id: 2 }]);
  });

  it("refuses another operator's user channel: the auth endpoint answers 403 and the channel reports the error", async () => {
    const pusher = client(7);
    await connected(pusher);
    const { outcome } = await subscribe(pusher, channels.user(8));
    expect(outcome).toMatchObject({ ok: false, error: { type: 'AuthError', status: 403 } });
  });

  it('refuses a subscription without a bearer token (401 from the auth endpoint)', async () => {
    const pusher = client(undefined);
    await connected(pusher);
    const { outcome } = await subscribe(pusher, channels.statuses);
    expect(outcome).toMatchObject({ ok: false, error: { type: 'AuthError', status: 401 } });
  });

  it('stops delivering after unsubscribe', async () => {
    const pusher = client(5);
    await connected(pusher);
    const { channel } = await subscribe(pusher, channels.brand);
    const received: unknown[] = [];
    channel.bind(realtimeEvents.updateBrand, (data: unknown) => received.push(data));
    pusher.unsubscribe(channels.brand);

    // A second, still subscribed client proves the event went out; the first must not have it.
    const witness = client(6);
    await connected(witness);
    const { channel: witnessChannel } = await subscribe(witness, channels.brand);
    const seen = nextEvent(witnessChannel, realtimeEvents.updateBrand);
    await server.app.broadcaster.publish(channels.brand, realtimeEvents.updateBrand, { brand_id: 4 });
    await seen;
    expect(received).toEqual([]);
  });

  it('gets pusher:pong for its pusher:ping', async () => {
    const pusher = client(2);
    await connected(pusher);
    const pong = within(
      new Promise<void>((resolve) =>
        pusher.connection.bind('message', ({ event }: { event: string }) => {
          if (event === 'pusher:pong') resolve();
        }),
      ),
      5000,
      'pusher:pong',
    );
    pusher.send_event('pusher:ping', {});
    await pong;
  });

  it('is refused for an unknown app key (4001) and does not retry', async () => {
    const pusher = pusherClient(server.port, 1, 'unknown-key');
    clients.push(pusher);
    const refused = within(
      new Promise<unknown>((resolve) => pusher.connection.bind('error', (error: unknown) => resolve(error))),
      5000,
      'the connection error',
    );
    expect(await refused).toMatchObject({ error: { type: 'PusherError', data: { code: 4001 } } });
    await within(
      new Promise<void>((resolve) => {
        if (pusher.connection.state === 'disconnected') resolve();
        pusher.connection.bind('disconnected', () => resolve());
      }),
      5000,
      'pusher-js to give up',
    );
  });

  it('keeps a pusher-js client connected through server pings (it answers them)', async () => {
    // The server pings a socket idle for 100 ms, and pings it again only once it answered: an unanswered ping waits
    // for its pong a minute, then closes. So each ping after the first is the proof that pusher-js answered the one
    // before, whenever its answer arrives on a busy machine.
    const quick = await startApp({ activityTimeoutMs: 100, pongTimeoutMs: 60_000 });
    const pusher = pusherClient(quick.port, 1);
    try {
      await connected(pusher);
      const states: string[] = [];
      pusher.connection.bind('state_change', ({ current }: { current: string }) => states.push(current));
      await within(
        new Promise<void>((resolve) => {
          let serverPings = 0;
          pusher.connection.bind('message', ({ event }: { event: string }) => {
            if (event === 'pusher:ping' && (serverPings += 1) === 3) resolve();
          });
        }),
        20_000,
        'three server pings, each after the answer to the one before',
      );
      expect(states).toEqual([]);
      expect(pusher.connection.state).toBe('connected');
    } finally {
      pusher.disconnect();
      await quick.close();
    }
  });
});
