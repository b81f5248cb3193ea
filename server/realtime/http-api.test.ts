import PusherServer from 'pusher';
import type PusherClient from 'pusher-js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { channels, realtimeEvents } from '../../contract/realtime';
import { hmacHex, httpStringToSign, md5Hex } from './signature';
import { testRealtimeConfig } from './test-support/app';
import { connected, nextEvent, pusherClient, type RunningApp, startApp, subscribe } from './test-support/clients';

/** Pusher's HTTP trigger API on the embedded server, driven by the official `pusher` SDK. */

const { appId, key, secret } = testRealtimeConfig;
let server: RunningApp;
let sdk: PusherServer;
const clients: PusherClient[] = [];

async function subscribed(name: string, userId = 9) {
  const pusher = pusherClient(server.port, userId);
  clients.push(pusher);
  await connected(pusher);
  const { channel, outcome } = await subscribe(pusher, name);
  expect(outcome).toEqual({ ok: true });
  return { pusher, channel };
}

/** A request signed like the SDK signs, with control over every part (to forge or age it). */
async function signedPost(options: { path?: string; body: string; timestamp?: number; secret?: string; md5?: string }) {
  const path = options.path ?? `/apps/${appId}/events`;
  const query: Record<string, string> = {
    auth_key: key,
    auth_timestamp: String(options.timestamp ?? Math.floor(Date.now() / 1000)),
    auth_version: '1.0',
    body_md5: options.md5 ?? md5Hex(options.body),
  };
  const signature = hmacHex(options.secret ?? secret, httpStringToSign('POST', path, query));
  const search = new URLSearchParams({ ...query, auth_signature: signature });
  return fetch(`http://127.0.0.1:${server.port}${path}?${search}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: options.body,
  });
}

beforeAll(async () => {
  server = await startApp();
  sdk = new PusherServer({ appId, key, secret, host: '127.0.0.1', port: String(server.port), useTLS: false });
});

afterEach(() => {
  for (const made of clients.splice(0)) made.disconnect();
});

afterAll(async () => {
  await server.close();
});

describe('POST /apps/:appId/events', () => {
  it('takes a trigger from the pusher SDK and delivers it to a pusher-js client', async () => {
    const { channel } = await subscribed(channels.subcategory);
    const received = nextEvent(channel, realtimeEvents.updateSubcategory);
    const response = await sdk.trigger(channels.subcategory, realtimeEvents.updateSubcategory, { subcategory_id: 31 });
    expect(response.status).toBe(200);
    expect(await received).toEqual({ subcategory_id: 31 });
  });

  it('delivers one trigger to several channels', async () => {
    const { channel: brand } = await subscribed(channels.brand);
    const { channel: events } = await subscribed(channels.events);
    const both = Promise.all([nextEvent(brand, 'ping'), nextEvent(events, 'ping')]);
    await sdk.trigger([channels.brand, channels.events], 'ping', { n: 1 });
    expect(await both).toEqual([{ n: 1 }, { n: 1 }]);
  });

  it('leaves out the connection named by socket_id', async () => {
    const { pusher: excluded, channel: excludedChannel } = await subscribed(channels.statuses, 1);
    const { channel: other } = await subscribed(channels.statuses, 2);
    const missed: unknown[] = [];
    excludedChannel.bind('changeanystatus', (data: unknown) => missed.push(data));
    const seen = nextEvent(other, 'changeanystatus');
    await sdk.trigger(channels.statuses, 'changeanystatus', { status: 'x' }, { socket_id: excluded.connection.socket_id });
    await seen;
    // Same server, same order: had the excluded socket been sent the event, it would have it by the next one.
    const marker = nextEvent(excludedChannel, 'marker');
    await sdk.trigger(channels.statuses, 'marker', {});
    await marker;
    expect(missed).toEqual([]);
  });

  it('takes batch_events', async () => {
    const { channel } = await subscribed(channels.category);
    const first = nextEvent(channel, 'one');
    const second = nextEvent(channel, 'two');
    const response = await sdk.triggerBatch([
      { channel: channels.category, name: 'one', data: { a: 1 } },
      { channel: channels.category, name: 'two', data: { b: 2 } },
    ]);
    expect(response.status).toBe(200);
    expect(await first).toEqual({ a: 1 });
    expect(await second).toEqual({ b: 2 });
  });

  it('refuses a bad signature with 401 (an SDK with the wrong secret)', async () => {
    const forger = new PusherServer({ appId, key, secret: 'wrong', host: '127.0.0.1', port: String(server.port), useTLS: false });
    await expect(forger.trigger(channels.statuses, 'x', {})).rejects.toMatchObject({ status: 401 });
    const response = await signedPost({ body: '{"name":"x","data":"{}","channels":["private-statuses"]}', secret: 'wrong' });
    expect(response.status).toBe(401);
  });

  it('refuses a stale timestamp (over 600 s) with 401, and takes one just inside the window', async () => {
    const body = JSON.stringify({ name: 'x', data: '{}', channels: [channels.statuses] });
    const now = Math.floor(Date.now() / 1000);
    // The server reads its own clock a moment later (a second boundary may pass): 605 s is over 600 whenever it reads it.
    expect((await signedPost({ body, timestamp: now - 605 })).status).toBe(401);
    expect((await signedPost({ body, timestamp: now + 605 })).status).toBe(401);
    expect((await signedPost({ body, timestamp: now - 590 })).status).toBe(200);
  });

  it('refuses a body that does not match body_md5 with 401', async () => {
    const body = JSON.stringify({ name: 'x', data: '{}', channels: [channels.statuses] });
    const response = await signedPost({ body, md5: md5Hex(`${body} `) });
    expect(response.status).toBe(401);
  });

  it('refuses an unsigned request and a wrong auth_key with 401', async () => {
    const bare = await fetch(`http://127.0.0.1:${server.port}/apps/${appId}/events`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(bare.status).toBe(401);
    const other = new PusherServer({ appId, key: 'other', secret, host: '127.0.0.1', port: String(server.port), useTLS: false });
    await expect(other.trigger(channels.statuses, 'x', {})).rejects.toMatchObject({ status: 401 });
  });

  it('answers 404 for another app id', async () => {
    const other = new PusherServer({ appId: '999', key, secret, host: '127.0.0.1', port: String(server.port), useTLS: false });
    await expect(other.trigger(channels.statuses, 'x', {})).rejects.toMatchObject({ status: 404 });
  });

  it('answers 413 for data over 10 KB and 400 for a malformed event', async () => {
    await expect(sdk.trigger(channels.statuses, 'x', { big: 'x'.repeat(10 * 1024) })).rejects.toMatchObject({ status: 413 });
    const response = await signedPost({ body: JSON.stringify({ name: 'x', data: '{}' }) });
    expect(response.status).toBe(400);
    expect((await signedPost({ body: 'not json' })).status).toBe(400);
  });
});
