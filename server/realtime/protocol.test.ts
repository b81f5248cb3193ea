import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { channels, realtimeEvents } from '../../contract/realtime';
import { channelAuth } from './signature';
import { testRealtimeConfig } from './test-support/app';
import { RawClient, type RunningApp, startApp } from './test-support/clients';

/** The protocol seen through a raw `ws` socket: what pusher-js never sends, and what the server must refuse. */

const { key, secret } = testRealtimeConfig;
let server: RunningApp;
const sockets: RawClient[] = [];

async function open(options: Parameters<typeof RawClient.open>[1] = {}, port = server.port): Promise<RawClient> {
  const client = await RawClient.open(port, options);
  sockets.push(client);
  return client;
}

beforeAll(async () => {
  server = await startApp();
});

afterEach(() => {
  for (const client of sockets.splice(0)) client.close();
});

afterAll(async () => {
  await server.close();
});

describe('embedded Pusher protocol 7 server', () => {
  it('greets with pusher:connection_established, its data a JSON string with socket_id and activity_timeout', async () => {
    const client = await open();
    const frame = JSON.parse((await client.nextEvent('pusher:connection_established')).raw) as { data: unknown };
    expect(typeof frame.data).toBe('string');
    expect(JSON.parse(frame.data as string)).toEqual({ socket_id: expect.stringMatching(/^\d+\.\d+$/), activity_timeout: 120 });
  });

  it('answers pusher:ping with pusher:pong', async () => {
    const client = await open();
    await client.socketId();
    client.send('pusher:ping', {});
    await client.nextEvent('pusher:pong');
  });

  it('accepts a correctly signed subscription and delivers events with data as a JSON string', async () => {
    const client = await open();
    const socketId = await client.socketId();
    client.send('pusher:subscribe', { channel: channels.category, auth: channelAuth(key, secret, socketId, channels.category) });
    const succeeded = await client.nextEvent('pusher_internal:subscription_succeeded');
    expect(succeeded.channel).toBe(channels.category);

    await server.app.broadcaster.publish(channels.category, realtimeEvents.updateCategory, { category_id: 5 });
    const delivered = await client.nextEvent(realtimeEvents.updateCategory);
    expect(JSON.parse(delivered.raw)).toEqual({
      event: realtimeEvents.updateCategory,
      channel: channels.category,
      data: JSON.stringify({ category_id: 5 }),
    });
  });

  it('refuses a forged signature with pusher:subscription_error and delivers nothing on that channel', async () => {
    const client = await open();
    const socketId = await client.socketId();
    const forged = channelAuth(key, 'not-the-secret', socketId, channels.statuses);
    client.send('pusher:subscribe', { channel: channels.statuses, auth: forged });
    const refused = await client.nextEvent('pusher:subscription_error');
    expect(refused).toMatchObject({ channel: channels.statuses, data: { type: 'AuthError', status: 401 } });

    // Signatures of another socket, of another channel, of a different length, or none at all are refused alike.
    for (const auth of [
      channelAuth(key, secret, '1.1', channels.statuses),
      channelAuth(key, secret, socketId, channels.events),
      `${channelAuth(key, secret, socketId, channels.statuses)}0`,
      undefined,
    ]) {
      client.send('pusher:subscribe', { channel: channels.statuses, auth });
      await client.nextEvent('pusher:subscription_error');
    }

    await server.app.broadcaster.publish(channels.statuses, realtimeEvents.changeAnyStatus, { status: 1 });
    client.send('pusher:ping', {});
    await client.nextEvent('pusher:pong');
    expect(client.frames.filter((frame) => frame.event === realtimeEvents.changeAnyStatus)).toEqual([]);
  });

  it('refuses public and presence channels: this product has private channels only', async () => {
    const client = await open();
    await client.socketId();
    for (const channel of ['news', 'presence-room']) {
      client.send('pusher:subscribe', { channel });
      const refused = await client.nextEvent('pusher:subscription_error');
      expect(refused).toMatchObject({ channel, data: { status: 403 } });
    }
  });

  it('refuses client events with pusher:error 4301', async () => {
    const client = await open();
    const socketId = await client.socketId();
    client.send('pusher:subscribe', { channel: channels.events, auth: channelAuth(key, secret, socketId, channels.events) });
    await client.nextEvent('pusher_internal:subscription_succeeded');
    client.send('client-typing', { hello: 1 }, channels.events);
    const error = await client.nextEvent('pusher:error');
    expect(error.data).toMatchObject({ code: 4301 });
  });

  it('answers a frame that is not JSON with pusher:error and keeps the connection', async () => {
    const client = await open();
    await client.socketId();
    client.socket.send('not json');
    expect((await client.nextEvent('pusher:error')).data).toMatchObject({ code: 4200 });
    client.send('pusher:ping', {});
    await client.nextEvent('pusher:pong');
  });

  it('closes a connection that sends a message over 10 KB (1009, as Reverb and Soketi do)', async () => {
    const client = await open();
    const socketId = await client.socketId();
    const auth = channelAuth(key, secret, socketId, channels.events);
    client.send('pusher:subscribe', { channel: channels.events, auth, padding: 'x'.repeat(10 * 1024) });
    const closed = await client.closed;
    expect(closed.code).toBe(1009);
  });

  it('accepts a message just under 10 KB', async () => {
    const client = await open();
    await client.socketId();
    const frame = JSON.stringify({ event: 'pusher:ping', data: { padding: '' } });
    client.send('pusher:ping', { padding: 'x'.repeat(10 * 1024 - frame.length) });
    await client.nextEvent('pusher:pong');
  });

  it('answers an unknown app key with pusher:error 4001 and closes with 4001', async () => {
    const client = await open({ key: 'nobody' });
    const error = await client.nextEvent('pusher:error');
    expect(error.data).toMatchObject({ code: 4001 });
    expect((await client.closed).code).toBe(4001);
  });

  it('refuses another protocol version with 4007', async () => {
    const client = await open({ path: `/app/${key}?protocol=4` });
    expect((await client.nextEvent('pusher:error')).data).toMatchObject({ code: 4007 });
    expect((await client.closed).code).toBe(4007);
  });

  it('refuses WebSocket upgrades on other paths', async () => {
    await expect(open({ path: '/elsewhere' })).rejects.toThrow(/404/);
  });
});

describe('who may open a socket', () => {
  let guarded: RunningApp;

  beforeAll(async () => {
    guarded = await startApp({ config: { ...testRealtimeConfig, allowedOrigins: ['http://localhost:5173'], maxConnectionsPerAddress: 3 } });
  });

  afterAll(async () => {
    await guarded.close();
  });

  it("lets in a page of the server's own origin, a listed origin and a client that sends none", async () => {
    for (const origin of [`http://127.0.0.1:${guarded.port}`, 'http://localhost:5173', undefined]) {
      const client = await open(origin === undefined ? {} : { origin }, guarded.port);
      expect(await client.socketId()).toMatch(/^\d+\.\d+$/);
      client.close();
      await client.closed;
    }
  });

  it('refuses a page of another origin with 403, before any frame', async () => {
    await expect(open({ origin: 'https://evil.example' }, guarded.port)).rejects.toThrow(/403/);
    await expect(open({ origin: `http://127.0.0.1:${guarded.port + 1}` }, guarded.port)).rejects.toThrow(/403/);
    await expect(open({ origin: 'null' }, guarded.port)).rejects.toThrow(/403/);
  });

  it('refuses the socket over the per-address limit with 429, and lets one in again once another closes', async () => {
    const open3 = [await open({}, guarded.port), await open({}, guarded.port), await open({}, guarded.port)];
    await expect(open({}, guarded.port)).rejects.toThrow(/429/);
    const [first] = open3;
    first?.close();
    await first?.closed;
    await vi.waitFor(async () => {
      const again = await open({}, guarded.port);
      expect(await again.socketId()).toMatch(/^\d+\.\d+$/);
    });
  });
});

describe('idle connections', () => {
  // Both apps ping a socket idle for 150 ms. `quick` closes it when no answer came 150 ms after the ping; `patient`
  // waits a minute, and pings again only once the socket answered: there, each ping after the first is the proof that
  // the one before was answered, however late a busy machine delivers the answer.
  let quick: RunningApp;
  let patient: RunningApp;

  beforeAll(async () => {
    [quick, patient] = await Promise.all([
      startApp({ activityTimeoutMs: 150, pongTimeoutMs: 150 }),
      startApp({ activityTimeoutMs: 150, pongTimeoutMs: 60_000 }),
    ]);
  });

  afterAll(async () => {
    await Promise.all([quick.close(), patient.close()]);
  });

  it('pings an idle client (pusher:ping and a WebSocket ping) and closes it with 4201 when no answer comes', async () => {
    const client = await open({ autoPong: false }, quick.port);
    let webSocketPings = 0;
    client.socket.on('ping', () => (webSocketPings += 1));
    await client.socketId();
    await client.nextEvent('pusher:ping');
    const error = await client.nextEvent('pusher:error');
    expect(error.data).toMatchObject({ code: 4201 });
    expect((await client.closed).code).toBe(4201);
    expect(webSocketPings).toBeGreaterThanOrEqual(1);
  });

  it('keeps a client that answers with pusher:pong', async () => {
    const client = await open({ autoPong: false }, patient.port);
    await client.socketId();
    for (let round = 0; round < 4; round += 1) {
      await client.nextEvent('pusher:ping');
      client.send('pusher:pong', {});
    }
    expect(client.socket.readyState).toBe(client.socket.OPEN);
  });

  it('keeps a client whose WebSocket layer answers the pings', async () => {
    const client = await open({ autoPong: true }, patient.port);
    await client.socketId();
    for (let round = 0; round < 4; round += 1) await client.nextEvent('pusher:ping');
    expect(client.frames.filter((frame) => frame.event === 'pusher:error')).toEqual([]);
    expect(client.socket.readyState).toBe(client.socket.OPEN);
  });
});
