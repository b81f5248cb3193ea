import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { RealtimeMessage } from './types';

/**
 * Fan-out between API processes: every publish goes to one Redis channel, and every process (the publisher too)
 * delivers what it receives from Redis to its own sockets, so local delivery happens exactly once, via Redis.
 */

export interface RedisFanout {
  /** Rejects when Redis does not take the message (the caller decides what to do instead). */
  publish(message: RealtimeMessage): Promise<void>;
  close(): Promise<void>;
}

export interface RedisFanoutOptions {
  url: string;
  channel: string;
  onMessage: (message: RealtimeMessage) => void;
  log: FastifyBaseLogger;
}

/** Connects both clients and subscribes before resolving; an unreachable Redis at start-up rejects (fail fast). */
export async function createRedisFanout(options: RedisFanoutOptions): Promise<RedisFanout> {
  const { url, channel, onMessage, log } = options;
  // Loaded only with REDIS_URL: one API process, the default, never needs it, and it costs every start.
  const ioredis = await import('ioredis');
  // No offline queue for the publisher: while Redis is away a publish fails at once instead of hanging a request.
  const publisher = new ioredis.Redis(url, { lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 1 });
  const subscriber = new ioredis.Redis(url, { lazyConnect: true, autoResubscribe: true });
  for (const [role, client] of [
    ['publisher', publisher],
    ['subscriber', subscriber],
  ] as const) {
    client.on('error', (error: Error) => log.warn({ err: error, role }, 'realtime redis connection error'));
  }

  subscriber.on('message', (from: string, text: string) => {
    if (from !== channel) return;
    const message = decodeMessage(text);
    if (message) onMessage(message);
    else log.warn({ channel }, 'realtime redis: ignored a malformed message');
  });

  try {
    await Promise.all([publisher.connect(), subscriber.connect()]);
    await subscriber.subscribe(channel);
  } catch (error) {
    publisher.disconnect();
    subscriber.disconnect();
    throw new Error(`REDIS_URL: cannot reach Redis for real-time fan-out (${(error as Error).message})`, {
      cause: error,
    });
  }

  return {
    async publish(message) {
      await publisher.publish(channel, JSON.stringify(message));
    },
    async close() {
      await Promise.allSettled([quit(subscriber), quit(publisher)]);
    },
  };
}

async function quit(client: Redis): Promise<void> {
  try {
    await client.quit();
  } catch {
    client.disconnect();
  }
}

function decodeMessage(text: string): RealtimeMessage | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null) return undefined;
  const { channels, event, data, excludeSocketId } = value as Record<string, unknown>;
  if (!Array.isArray(channels) || !channels.every((name) => typeof name === 'string')) return undefined;
  if (typeof event !== 'string' || typeof data !== 'string') return undefined;
  return {
    channels: channels as string[],
    event,
    data,
    ...(typeof excludeSocketId === 'string' ? { excludeSocketId } : {}),
  };
}
