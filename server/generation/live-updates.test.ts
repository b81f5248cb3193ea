import PusherClient, { type Channel } from 'pusher-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { channels, realtimeEvents } from '../../contract/realtime';
import { statusNames } from '../../contract/statuses';
import { connected, subscribe, within } from '../realtime/test-support/clients';
import { seedDemo } from '../seed/demo';
import { createTestApp, type TestApp } from '../test/app';
import { demoIds, type DemoIds } from '../test/catalogue';

/**
 * docs/product.md#live-updates end to end: generation over real HTTP, the real pusher-js (Node build) on the embedded server
 * with a real bearer token, and each event of the real-time contract arriving after its change is visible.
 */

/** Every event of one name on a channel, as it arrives. */
function collect(channel: Channel, event: string): unknown[] {
  const received: unknown[] = [];
  channel.bind(event, (data: unknown) => received.push(data));
  return received;
}

async function until<T>(values: T[], count: number, what: string): Promise<T[]> {
  await within(
    (async () => {
      while (values.length < count) await new Promise((resolve) => setTimeout(resolve, 10));
    })(),
    5000,
    what,
  );
  return values;
}

describe('generation announces each change on the real-time channels', () => {
  let t: TestApp;
  let base: string;
  let headers: Record<string, string>;
  let userId: number;
  let ids: DemoIds;
  let pusher: PusherClient;

  beforeAll(async () => {
    t = await createTestApp('pglite');
    await seedDemo(t.database.db, { email: 'demo-seed@example.com', password: 'password123' });
    const session = await t.signIn({ tokens: 100_000 });
    userId = session.userId;
    headers = { ...session.headers, 'x-requested-with': 'XMLHttpRequest', 'content-type': 'application/json' };
    ids = await demoIds(t.database.db);
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const address = t.app.server.address();
    if (typeof address !== 'object' || !address) throw new Error('not listening');
    base = `http://127.0.0.1:${address.port}`;
    pusher = new PusherClient(t.app.realtimeConfig.key, {
      cluster: 'mt1',
      wsHost: '127.0.0.1',
      wsPort: address.port,
      forceTLS: false,
      enabledTransports: ['ws'],
      disableStats: true,
      channelAuthorization: {
        transport: 'ajax',
        endpoint: `${base}/broadcasting/auth`,
        headers: { Authorization: headers.authorization ?? '' },
      },
    });
    await connected(pusher);
  });
  afterAll(async () => {
    pusher.disconnect();
    await t.close();
  });

  const post = (path: string, body: unknown) => fetch(`${base}${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
  const get = async <T>(path: string) => (await fetch(`${base}${path}`, { headers })).json() as Promise<T>;

  it('events: changeanystatus (In Progress, then Generated), updateevents once they can be read, changetokens with the new balance', async () => {
    const statuses = (await subscribe(pusher, channels.statuses)).channel;
    const eventsChannel = (await subscribe(pusher, channels.events)).channel;
    const user = (await subscribe(pusher, channels.user(userId))).channel;
    const statusEvents = collect(statuses, realtimeEvents.changeAnyStatus) as {
      status: { name: string; category_id: number };
      in_progress: number;
    }[];
    const category = await ids.category('Drones');
    const { in_progress: inProgressBefore } = await get<{ in_progress: number }>('/api/statuses');
    // What a screen reads when the announcement arrives: the events must already be there.
    const visibleWhenAnnounced = new Promise<number>((resolve) => {
      eventsChannel.bind(realtimeEvents.updateEvents, (payload: { category_id: number }) => {
        void get<{ total: number }>(`/api/events?category_id=${payload.category_id}`).then((page) => resolve(page.total));
      });
    });
    const tokens = collect(user, realtimeEvents.changeTokens) as { user: { id: number; tokens: number; held_tokens: number } }[];

    const res = await post('/api/events/generate', { category_id: category });
    expect(res.status).toBe(200);
    const answer = (await res.json()) as { events: unknown[] };
    expect(answer.events).toHaveLength(8);

    await until(statusEvents, 2, 'two status events');
    expect(statusEvents.map((e) => [e.status.name, e.status.category_id])).toEqual([
      [statusNames.inProgress, category],
      [statusNames.generated, category],
    ]);
    // Each carries the In Progress count GET /api/statuses answered once it was stored.
    expect(statusEvents.map((e) => e.in_progress)).toEqual([inProgressBefore + 1, inProgressBefore]);
    expect(await within(visibleWhenAnnounced, 5000, 'updateevents')).toBe(8);
    // The run's hold when it was queued, then its charge replacing the hold.
    await until(tokens, 2, 'changetokens');
    const { tokens: balance, held_tokens: held } = await get<{ tokens: number; held_tokens: number }>('/api/user-tokens');
    expect(held).toBe(0);
    expect(tokens).toEqual([
      { user: { id: userId, tokens: 100_000, held_tokens: expect.any(Number) } },
      { user: { id: userId, tokens: balance, held_tokens: 0 } },
    ]);
    expect(tokens[0]?.user.held_tokens).toBeGreaterThanOrEqual(100_000 - balance);
    expect(balance).toBeLessThan(100_000);
  });

  it("a brand's models: updatebrand and statuseschanged for its subcategory, after the models are stored", async () => {
    const brandChannel = (await subscribe(pusher, channels.brand)).channel;
    const equipmentsChannel = (await subscribe(pusher, channels.equipments)).channel;
    const brandEvents = collect(brandChannel, realtimeEvents.updateBrand);
    const changed = collect(equipmentsChannel, realtimeEvents.statusesChanged);
    const brand = await ids.brand('Shure');
    const subcategory = await ids.subcategory('Microphones');

    const res = await post('/api/equipments/generate-models', { brand, subcategory_id: subcategory });
    expect(res.status).toBe(200);
    await until(brandEvents, 1, 'updatebrand');
    expect(brandEvents).toEqual([{ brand_id: brand }]);
    // Queued (In Progress) and finished: the subcategory's lists are stale twice.
    await until(changed, 2, 'statuseschanged');
    expect(changed).toEqual([{ subcategory_ids: [subcategory] }, { subcategory_ids: [subcategory] }]);
    const { brand: refreshed } = await get<{ brand: { equipments_count: number; status: { name: string } } }>(`/api/brands/${brand}`);
    expect(refreshed.equipments_count).toBe(1 + 6);
    expect(refreshed.status.name).toBe(statusNames.generated);
  });
});
