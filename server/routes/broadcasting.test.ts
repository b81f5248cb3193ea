import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { channels } from '../../contract/realtime';
import { createTestApp, type TestApp } from '../test/app';

describe('POST /broadcasting/auth with the real bearer auth', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite');
  });
  afterAll(() => t.close());

  const form = (body: Record<string, string>) => new URLSearchParams(body).toString();
  const auth = (headers: Record<string, string>, body: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: '/broadcasting/auth',
      headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
      payload: form(body),
    });

  it("signs the operator's own user channel and the shared channels", async () => {
    const { userId, headers } = await t.signIn();
    const { key, secret } = t.app.realtimeConfig;
    for (const channel of [channels.user(userId), channels.statuses, channels.brand]) {
      const res = await auth(headers, { socket_id: '123.456', channel_name: channel });
      expect(res.statusCode, channel).toBe(200);
      const expected = createHmac('sha256', secret).update(`123.456:${channel}`).digest('hex');
      expect(res.json()).toEqual({ auth: `${key}:${expected}` });
    }
  });

  it("refuses another operator's channel with 403, and answers 401 without a token", async () => {
    const { userId, headers } = await t.signIn();
    expect((await auth(headers, { socket_id: '1.2', channel_name: channels.user(userId + 1) })).statusCode).toBe(403);
    expect((await auth({}, { socket_id: '1.2', channel_name: channels.statuses })).statusCode).toBe(401);
  });

  it('answers 422 for a malformed socket id or channel name', async () => {
    const { headers } = await t.signIn();
    const res = await auth(headers, { socket_id: 'nope', channel_name: 'statuses' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ errors: { socket_id: [expect.any(String)], channel_name: [expect.any(String)] } });
  });
});
