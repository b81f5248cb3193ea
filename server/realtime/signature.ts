import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/** HMAC-SHA256 signatures of the Pusher protocol: channel authorisation and the HTTP trigger API. */

export function hmacHex(secret: string, text: string): string {
  return createHmac('sha256', secret).update(text, 'utf8').digest('hex');
}

export function md5Hex(text: string): string {
  return createHash('md5').update(text, 'utf8').digest('hex');
}

/** Constant-time comparison of two strings; a length mismatch is a plain `false`, never a throw. */
export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a, 'utf8');
  const right = Buffer.from(b, 'utf8');
  if (left.length !== right.length) {
    // Compare anyway so that the time taken does not depend on where the strings differ.
    timingSafeEqual(left, left);
    return false;
  }
  return timingSafeEqual(left, right);
}

/** The `auth` a client sends with `pusher:subscribe` for a private channel: `key:HMAC-SHA256(secret, "socket_id:channel")`. */
export function channelAuth(key: string, secret: string, socketId: string, channel: string): string {
  return `${key}:${hmacHex(secret, `${socketId}:${channel}`)}`;
}

export function verifyChannelAuth(key: string, secret: string, socketId: string, channel: string, auth: unknown): boolean {
  if (typeof auth !== 'string') return false;
  return safeEqual(auth, channelAuth(key, secret, socketId, channel));
}

/**
 * The string the HTTP API signs: `METHOD\nPATH\nk1=v1&k2=v2...`, the query sorted by key without auth_signature
 * (values as the SDK signs them: not URL-encoded).
 */
export function httpStringToSign(method: string, path: string, query: Readonly<Record<string, string>>): string {
  const pairs = Object.keys(query)
    .filter((name) => name !== 'auth_signature')
    .sort()
    .map((name) => `${name}=${query[name]}`);
  return [method.toUpperCase(), path, pairs.join('&')].join('\n');
}
