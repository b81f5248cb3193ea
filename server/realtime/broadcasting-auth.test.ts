import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { channels, sharedChannels } from '../../contract/realtime';
import { hmacHex } from './signature';
import { buildRealtimeTestApp, testRealtimeConfig } from './test-support/app';

/** POST /broadcasting/auth (server/routes/broadcasting.ts), with the test app's stand-in for the bearer auth. */

let app: FastifyInstance;
const { key, secret } = testRealtimeConfig;
const asUser = (id: number) => ({ authorization: `Bearer user-${id}` });

beforeAll(async () => {
  app = await buildRealtimeTestApp();
});

afterAll(async () => {
  await app.close();
});

function authorise(body: string | Record<string, unknown>, headers: Record<string, string>) {
  return app.inject({
    method: 'POST',
    url: '/broadcasting/auth',
    headers: {
      ...headers,
      accept: 'application/json',
      'content-type': typeof body === 'string' ? 'application/x-www-form-urlencoded' : 'application/json',
    },
    payload: body,
  });
}

describe('POST /broadcasting/auth', () => {
  it.each([...sharedChannels, channels.user(7)])('signs %s for user 7 (form-encoded, as pusher-js sends)', async (channel) => {
    const response = await authorise(`socket_id=123.456&channel_name=${encodeURIComponent(channel)}`, asUser(7));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ auth: `${key}:${hmacHex(secret, `123.456:${channel}`)}` });
  });

  it('takes JSON as well', async () => {
    const response = await authorise({ socket_id: '1.2', channel_name: channels.events }, asUser(1));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ auth: `${key}:${hmacHex(secret, `1.2:${channels.events}`)}` });
  });

  it("refuses another operator's user channel with 403", async () => {
    const response = await authorise({ socket_id: '1.2', channel_name: channels.user(8) }, asUser(7));
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: expect.any(String) });
  });

  it.each(['private-other', 'private-user.7x', 'private-user.07'])(
    'refuses a private channel that is not one of ours (%s) with 403',
    async (channel) => {
      const response = await authorise({ socket_id: '1.2', channel_name: channel }, asUser(7));
      expect(response.statusCode).toBe(403);
    },
  );

  it('answers 401 without a bearer token', async () => {
    const response = await authorise({ socket_id: '1.2', channel_name: channels.events }, {});
    expect(response.statusCode).toBe(401);
  });

  it.each([
    [{ socket_id: 'abc', channel_name: channels.events }, 'socket_id'],
    [{ socket_id: '1.2', channel_name: 'statuses' }, 'channel_name'],
    [{ socket_id: '1.2', channel_name: 'presence-statuses' }, 'channel_name'],
    [{ socket_id: '1.2' }, 'channel_name'],
    [{ channel_name: channels.events }, 'socket_id'],
    [{ socket_id: ['1.2', '3.4'], channel_name: channels.events }, 'socket_id'],
  ])('answers 422 { message, errors } for malformed input %j', async (body, field) => {
    const response = await authorise(body, asUser(7));
    expect(response.statusCode).toBe(422);
    const answer = response.json<{ message: string; errors: Record<string, string[]> }>();
    expect(answer.message).toEqual(expect.any(String));
    expect(Object.keys(answer.errors)).toContain(field);
  });

  it('answers 422 for a malformed form-encoded body too', async () => {
    const response = await authorise('socket_id=12&channel_name=private-events', asUser(7));
    expect(response.statusCode).toBe(422);
    expect(response.json<{ errors: Record<string, string[]> }>().errors).toHaveProperty('socket_id');
  });
});
