/**
 * Pusher Channels protocol 7: the frames the embedded server sends and the parsing of what clients send.
 * Event `data` is a JSON *string* inside the JSON frame, as in the real protocol (pusher-js decodes it twice).
 */

export const protocolErrors = {
  unknownApp: 4001,
  unsupportedProtocol: 4007,
  unauthorised: 4009,
  generic: 4200,
  /** 4200-4299: the client reconnects at once (the server is stopping). */
  reconnectNow: 4200,
  pongNotReceived: 4201,
  clientEventRejected: 4301,
} as const;

export interface ClientFrame {
  event: string;
  channel?: string;
  data: Record<string, unknown>;
}

const frame = (event: string, data?: unknown, channel?: string): string =>
  JSON.stringify(
    channel === undefined
      ? { event, data: data === undefined ? undefined : JSON.stringify(data) }
      : { event, channel, data: data === undefined ? undefined : JSON.stringify(data) },
  );

export const frames = {
  connectionEstablished: (socketId: string, activityTimeoutSeconds: number) =>
    frame('pusher:connection_established', { socket_id: socketId, activity_timeout: activityTimeoutSeconds }),
  error: (code: number, message: string) => frame('pusher:error', { code, message }),
  ping: () => frame('pusher:ping', {}),
  pong: () => frame('pusher:pong', {}),
  subscriptionSucceeded: (channel: string) => frame('pusher_internal:subscription_succeeded', {}, channel),
  /** Soketi's shape: pusher-js routes it to the channel, where the app's `pusher:subscription_error` binding sees it. */
  subscriptionError: (channel: string, status: number, error: string) =>
    frame('pusher:subscription_error', { type: 'AuthError', error, status }, channel),
};

/** One published event, encoded once and sent as is to every subscriber of the channel. */
export function eventFrame(channel: string, event: string, data: string): Buffer {
  return Buffer.from(JSON.stringify({ event, channel, data }));
}

/**
 * Parses a client frame. `data` may be an object or a JSON string of one (both occur in the wild).
 * Returns undefined for anything that is not `{ event: string, ... }`.
 */
export function parseClientFrame(raw: string): ClientFrame | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return undefined;
  }
  if (!isRecord(parsed) || typeof parsed.event !== 'string') return undefined;
  let data: unknown = parsed.data;
  if (typeof data === 'string') {
    try {
      data = JSON.parse(data);
    } catch {
      data = {};
    }
  }
  const channel = typeof parsed.channel === 'string' ? parsed.channel : undefined;
  return { event: parsed.event, data: isRecord(data) ? data : {}, ...(channel === undefined ? {} : { channel }) };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
