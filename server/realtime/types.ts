/** Configuration and public interface of the real-time broadcaster (ARCHITECTURE.md "Real-time contract"). */

export interface RealtimeConfig {
  driver: 'embedded' | 'pusher';
  appId: string;
  key: string;
  secret: string;
  /** e.g. 'mt1'; pusher-js 8 requires one even for a self-hosted server. */
  cluster: string;
  /** For the pusher driver (Soketi/Reverb) and for the browser's meta tags. */
  host?: string;
  port?: number;
  scheme?: 'ws' | 'wss';
  /** Embedded driver only: fan-out between API processes via Redis pub/sub. */
  redisUrl?: string;
  /** Embedded driver only: origins besides the server's own whose pages may open a socket (default none). */
  allowedOrigins?: readonly string[];
  /** Embedded driver only: open sockets allowed per client address (default 100). */
  maxConnectionsPerAddress?: number;
}

export interface Broadcaster {
  /** Publish one event to one or more channels. Must never throw into the caller's request (log and swallow delivery errors). */
  publish(channels: string | readonly string[], event: string, payload: unknown): Promise<void>;
  close(): Promise<void>;
}

/**
 * One event on its way to the sockets: what the HTTP trigger API receives and what travels through Redis.
 * `data` is already a string (the protocol sends event data as a JSON string).
 */
export interface RealtimeMessage {
  channels: readonly string[];
  event: string;
  data: string;
  /** Pusher's `socket_id` trigger parameter: this connection does not receive the event. */
  excludeSocketId?: string;
}

/** Timings and limits of the embedded protocol server; every field has a production default. */
export interface EmbeddedServerOptions {
  /** Idle time (no frame from the client) before the server pings it. Default 120 000 ms (protocol's activity_timeout). */
  activityTimeoutMs?: number;
  /** Time the client has to answer a ping before the connection is closed with 4201. Default 30 000 ms. */
  pongTimeoutMs?: number;
  /** Largest message a client may send; larger ones close the connection with 1009. Default 10 KiB. */
  maxMessageBytes?: number;
  /** A client whose unsent backlog exceeds this is dropped (slow consumer). Default 1 MiB. */
  maxBufferedBytes?: number;
  /** Redis channel prefix for the fan-out (the app id is appended). Default 'realtime:'. */
  redisChannelPrefix?: string;
}
