import type { FastifyBaseLogger } from 'fastify';
import type { ChannelRegistry } from '../channel-registry';
import { checkTriggerLimits, toChannelList } from '../limits';
import type { RedisFanout } from '../redis-fanout';
import type { Broadcaster, RealtimeMessage } from '../types';

/**
 * The `embedded` driver: events go to this process's sockets, or through Redis to every process's sockets when a
 * fan-out is configured. If Redis refuses a publish, this process's sockets still get the event (the others miss
 * it; the SPA invalidates everything when it reconnects).
 */
export class EmbeddedBroadcaster implements Broadcaster {
  constructor(
    private readonly registry: ChannelRegistry,
    private readonly log: FastifyBaseLogger,
    private readonly fanout?: RedisFanout,
  ) {}

  async publish(channels: string | readonly string[], event: string, payload: unknown): Promise<void> {
    try {
      await this.dispatch({ channels: toChannelList(channels), event, data: JSON.stringify(payload ?? null) });
    } catch (error) {
      this.log.error({ err: error, event }, 'realtime: event not published');
    }
  }

  /** Sends an already encoded event (also the HTTP trigger API's path). Never rejects. */
  async dispatch(message: RealtimeMessage): Promise<void> {
    const problem = checkTriggerLimits(message);
    if (problem) {
      this.log.error({ event: message.event, reason: problem.message }, 'realtime: event refused');
      return;
    }
    if (!this.fanout) {
      this.registry.deliver(message);
      return;
    }
    try {
      await this.fanout.publish(message);
    } catch (error) {
      this.log.warn({ err: error, event: message.event }, 'realtime: Redis publish failed, delivering to this process only');
      this.registry.deliver(message);
    }
  }

  async close(): Promise<void> {
    await this.fanout?.close();
  }
}
