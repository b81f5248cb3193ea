import { afterEach, describe, expect, it } from 'vitest';
import type PusherClient from 'pusher-js';
import { channels } from '../../contract/realtime';
import { connected, pusherClient, type RunningApp, startApp, subscribe, within } from './test-support/clients';

/**
 * What the SPA's reconnect probe (src/realtime/reconnect-probe.ts, client.ts `reconnectNow`) relies on, with the
 * real pusher-js (Node build): a server that stops closes the socket with 4200 and pusher-js goes on `connecting`;
 * once the server is back, `connection.switchCluster` with the same key reconnects at once, never `disconnected`.
 */

const running: RunningApp[] = [];
const clients: PusherClient[] = [];
afterEach(async () => {
  for (const client of clients.splice(0)) client.disconnect();
  for (const app of running.splice(0)) await app.close();
});

const started = async (port?: number) => {
  const app = await startApp({}, port);
  running.push(app);
  return app;
};

describe('pusher-js and a restarted server', () => {
  it('keeps connecting when the server stops, and reconnects and subscribes again at once when told', async () => {
    const first = await started();
    const client = pusherClient(first.port, 7);
    clients.push(client);
    const states: string[] = [];
    client.connection.bind('state_change', ({ current }: { current: string }) => states.push(current));
    await connected(client);
    await subscribe(client, channels.statuses);

    // The close frame may reach pusher-js a moment after the server's close() resolves: wait for the state it takes.
    const leftConnected = new Promise<string>((resolve) =>
      client.connection.bind('state_change', ({ current }: { current: string }) => resolve(current)),
    );
    await within(first.close(), 5_000, 'the first server to close');
    running.splice(running.indexOf(first), 1);
    expect(await within(leftConnected, 3_000, 'pusher-js to leave connected')).toBe('connecting');

    await started(first.port);
    const resubscribed = new Promise<void>((resolve) => client.channel(channels.statuses).bind('pusher:subscription_succeeded', resolve));
    client.connection.switchCluster(client.key);
    await connected(client, 3_000);
    await within(resubscribed, 3_000, 'the subscription on the restarted server');
    expect(states).not.toContain('disconnected');
    expect(states.at(-1)).toBe('connected');
  });
});
