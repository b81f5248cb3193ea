import PusherServer from 'pusher';
import { describe, expect, it } from 'vitest';
import { checkSignedRequest } from './http-api-auth';
import { channelAuth, hmacHex, safeEqual, verifyChannelAuth } from './signature';

describe('signatures', () => {
  it('signs a channel as key:HMAC-SHA256(secret, "socket_id:channel"), as the pusher SDK does', () => {
    const sdk = new PusherServer({ appId: '1', key: 'k', secret: 's', host: 'localhost' });
    expect(channelAuth('k', 's', '123.456', 'private-statuses')).toBe(sdk.authorizeChannel('123.456', 'private-statuses').auth);
    expect(channelAuth('k', 's', '123.456', 'private-statuses')).toBe(`k:${hmacHex('s', '123.456:private-statuses')}`);
  });

  it('verifies in constant time and treats a length mismatch or a non-string as a plain refusal', () => {
    const good = channelAuth('k', 's', '1.2', 'private-events');
    expect(verifyChannelAuth('k', 's', '1.2', 'private-events', good)).toBe(true);
    expect(verifyChannelAuth('k', 's', '1.2', 'private-events', good.slice(0, -1))).toBe(false);
    expect(verifyChannelAuth('k', 's', '1.2', 'private-events', `${good}a`)).toBe(false);
    expect(verifyChannelAuth('k', 's', '1.2', 'private-events', 42)).toBe(false);
    expect(safeEqual('é', 'e')).toBe(false);
  });

  it("accepts the SDK's own signed query string, and nothing altered", () => {
    const sdk = new PusherServer({ appId: '1', key: 'k', secret: 's', host: 'localhost' });
    const body = '{"name":"x","data":"{}","channels":["private-a"]}';
    const path = '/apps/1/events';
    const query = Object.fromEntries(
      new URLSearchParams(sdk.createSignedQueryString({ method: 'POST', path, body, params: { info: 'user_count' } })),
    );
    const now = Number(query.auth_timestamp);
    expect(checkSignedRequest({ key: 'k', secret: 's' }, { method: 'POST', path, query, body }, now)).toBeUndefined();
    expect(checkSignedRequest({ key: 'k', secret: 's' }, { method: 'POST', path, query, body: `${body} ` }, now)).toMatch(/body_md5/);
    expect(checkSignedRequest({ key: 'k', secret: 's' }, { method: 'POST', path: '/apps/2/events', query, body }, now)).toMatch(
      /signature/,
    );
    expect(checkSignedRequest({ key: 'k', secret: 's' }, { method: 'POST', path, query: { ...query, info: 'x' }, body }, now)).toMatch(
      /signature/,
    );
    expect(checkSignedRequest({ key: 'k', secret: 's' }, { method: 'POST', path, query, body }, now + 601)).toMatch(/Timestamp/);
    expect(
      checkSignedRequest({ key: 'k', secret: 's' }, { method: 'POST', path, query: { ...query, auth_timestamp: ['1', '2'] }, body }, now),
    ).toBeDefined();
  });
});
