import type WebSocket from 'ws';
import { describe, expect, it } from 'vitest';
import { ChannelRegistry } from './channel-registry';
import { Connection } from './connection';
import { EmbeddedBroadcaster } from './drivers/embedded';
import type { RedisFanout } from './redis-fanout';

/** The embedded driver's routing: through the fan-out when there is one, and locally when Redis refuses. */

function socketStub() {
  const sent: string[] = [];
  const socket = { readyState: 1, bufferedAmount: 0, send: (frame: Buffer) => sent.push(frame.toString()) };
  return { socket: socket as unknown as WebSocket, sent };
}

const silentLog = { error: () => {}, warn: () => {} } as never;

function setup(fanout: RedisFanout) {
  const registry = new ChannelRegistry();
  const { socket, sent } = socketStub();
  registry.add('private-events', new Connection(socket, '1.1', 1024));
  return { broadcaster: new EmbeddedBroadcaster(registry, silentLog, fanout), sent };
}

describe('EmbeddedBroadcaster with a fan-out', () => {
  it('sends through the fan-out only (local delivery comes back from Redis)', async () => {
    const published: unknown[] = [];
    const { broadcaster, sent } = setup({ publish: async (message) => void published.push(message), close: async () => {} });
    await broadcaster.publish('private-events', 'updateevents', { category_id: 1 });
    expect(published).toEqual([{ channels: ['private-events'], event: 'updateevents', data: '{"category_id":1}' }]);
    expect(sent).toEqual([]);
  });

  it("delivers to this process's sockets when Redis refuses the publish, and does not throw", async () => {
    const { broadcaster, sent } = setup({
      publish: async () => {
        throw new Error('Redis unavailable');
      },
      close: async () => {},
    });
    await expect(broadcaster.publish('private-events', 'updateevents', { category_id: 2 })).resolves.toBeUndefined();
    expect(sent.map((frame) => JSON.parse(frame) as unknown)).toEqual([
      { event: 'updateevents', channel: 'private-events', data: '{"category_id":2}' },
    ]);
  });
});
