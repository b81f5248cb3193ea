import { hmacHex, httpStringToSign, md5Hex, safeEqual } from './signature';

/**
 * Pusher's HTTP API signature scheme: `auth_key`, `auth_timestamp` (within 600 s of server time), `auth_version=1.0`,
 * `body_md5` of the raw body, and `auth_signature = HMAC-SHA256(secret, "METHOD\nPATH\n<sorted query>")`,
 * compared in constant time.
 */

export const maxTimestampSkewSeconds = 600;

export interface SignedRequest {
  method: string;
  /** The path as requested, without the query string. */
  path: string;
  query: unknown;
  body: string;
}

/** Returns why the request is refused (answered 401), or undefined when it is genuine. */
export function checkSignedRequest(
  credentials: { key: string; secret: string },
  request: SignedRequest,
  nowSeconds = Math.floor(Date.now() / 1000),
): string | undefined {
  const query = plainQuery(request.query);
  if (!query) return 'Malformed query string';
  if (query.auth_key === undefined || !safeEqual(query.auth_key, credentials.key)) return 'Unknown auth_key';
  if (query.auth_version !== '1.0') return 'auth_version must be 1.0';
  const expected = hmacHex(credentials.secret, httpStringToSign(request.method, request.path, query));
  if (!safeEqual(query.auth_signature ?? '', expected)) return 'Invalid signature';
  const timestamp = /^\d{1,12}$/.test(query.auth_timestamp ?? '') ? Number(query.auth_timestamp) : Number.NaN;
  if (!(Math.abs(nowSeconds - timestamp) <= maxTimestampSkewSeconds)) {
    return `Timestamp expired: auth_timestamp is not within ${maxTimestampSkewSeconds} s of server time`;
  }
  if (request.body.length > 0 || query.body_md5 !== undefined) {
    if (!safeEqual(query.body_md5 ?? '', md5Hex(request.body))) return 'body_md5 does not match the body';
  }
  return undefined;
}

function plainQuery(query: unknown): Record<string, string> | undefined {
  if (typeof query !== 'object' || query === null) return {};
  const result: Record<string, string> = {};
  for (const [name, value] of Object.entries(query)) {
    if (typeof value !== 'string') return undefined;
    result[name] = value;
  }
  return result;
}
