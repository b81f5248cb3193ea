import type { FastifyBaseLogger } from 'fastify';
import type PusherServer from 'pusher';
import { triggerLimits } from '../../../contract/pusher-api';
import { toChannelList } from '../limits';
import type { Broadcaster, RealtimeConfig } from '../types';

/** The `pusher` driver: hosted Pusher (by cluster), or Soketi/Reverb (by host and port), through the official SDK. */
export class PusherBroadcaster implements Broadcaster {
  private constructor(
    private readonly client: PusherServer,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Loads the SDK only for this driver: the default, `embedded`, never needs it, and it costs every start. */
  static async create(config: RealtimeConfig, log: FastifyBaseLogger): Promise<PusherBroadcaster> {
    const { default: Pusher } = await import('pusher');
    return new PusherBroadcaster(new Pusher(pusherSdkOptions(config)), log);
  }

  async publish(channels: string | readonly string[], event: string, payload: unknown): Promise<void> {
    const list = toChannelList(channels);
    for (let start = 0; start < list.length; start += triggerLimits.maxChannels) {
      const chunk = list.slice(start, start + triggerLimits.maxChannels);
      try {
        await this.client.trigger(chunk, event, payload ?? null);
      } catch (error) {
        // The SDK's error carries the signed URL; log only what helps.
        const { status, body, message } = error as { status?: number; body?: string; message?: string };
        this.log.error({ event, channels: chunk.length, status, body, reason: message }, 'realtime: Pusher trigger failed');
      }
    }
  }

  async close(): Promise<void> {}
}

export function pusherSdkOptions(config: RealtimeConfig): PusherServer.Options {
  const credentials = { appId: config.appId, key: config.key, secret: config.secret, timeout: 5000 };
  if (config.host) {
    return {
      ...credentials,
      host: config.host,
      ...(config.port === undefined ? {} : { port: String(config.port) }),
      useTLS: config.scheme === 'wss',
    };
  }
  return { ...credentials, cluster: config.cluster, useTLS: true };
}
