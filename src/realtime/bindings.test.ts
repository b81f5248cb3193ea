import { QueryClient } from '@tanstack/react-query';
import type Pusher from 'pusher-js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { channels, sharedChannels } from '../../contract/realtime';
import { keys } from '../api/keys';
import { bindRealtime, channelsToJoin } from './bindings';
import { nextLiveStatus, initialLiveStatus, type ConnectionState, type LiveStatus } from './live-status';
import { screenContext } from './screen-context';

type Handler = (data: unknown) => void;

/** The part of pusher-js the bindings use, recording what they do (pusher-js itself is tested by the e2e spec). */
class FakeEmitter {
  handlers = new Map<string, Handler[]>();
  bind(event: string, handler: Handler) {
    this.handlers.set(event, [...(this.handlers.get(event) ?? []), handler]);
  }
  unbind(event: string, handler: Handler) {
    this.handlers.set(
      event,
      (this.handlers.get(event) ?? []).filter((h) => h !== handler),
    );
  }
  unbind_all() {
    this.handlers.clear();
  }
  emit(event: string, data?: unknown) {
    for (const handler of this.handlers.get(event) ?? []) handler(data);
  }
}
class FakePusher {
  connection = Object.assign(new FakeEmitter(), { state: 'connecting' });
  joined = new Map<string, FakeEmitter>();
  subscribe(name: string) {
    const channel = new FakeEmitter();
    this.joined.set(name, channel);
    return channel;
  }
  channel(name: string) {
    return this.joined.get(name);
  }
  unsubscribe(name: string) {
    this.joined.delete(name);
  }
  setState(current: ConnectionState) {
    this.connection.state = current;
    this.connection.emit('state_change', { current });
  }
}

const started: (() => void)[] = [];
afterEach(() => started.splice(0).forEach((stop) => stop()));

function start(userId: number | null) {
  const pusher = new FakePusher();
  const queryClient = new QueryClient();
  let status: LiveStatus = initialLiveStatus;
  const onState = (state: ConnectionState) => {
    const next = nextLiveStatus(status, state);
    status = next.status;
    return next.resync;
  };
  const { stop } = bindRealtime(pusher as unknown as Pusher, {
    queryClient,
    userId,
    screen: () => screenContext({ categoryId: null, subcategoryId: null }, undefined, userId),
    fetchBrand: vi.fn(),
    onState,
  });
  started.push(stop);
  return { pusher, queryClient, stop, status: () => status };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('realtime bindings', () => {
  it('join the user channel only when the user id is stored (docs/product.md#live-updates)', () => {
    expect(channelsToJoin(7)).toEqual([channels.user(7), ...sharedChannels]);
    expect(channelsToJoin(null)).toEqual([...sharedChannels]);
    expect([...start(null).pusher.joined.keys()]).toEqual([...sharedChannels]);
  });

  it('bind each event on its own channel only', async () => {
    const { pusher, queryClient } = start(7);
    pusher.joined.get(channels.statuses)!.emit('changetokens', { user: { id: 7, tokens: 1 } });
    await settle();
    expect(queryClient.getQueryData(keys.userTokens())).toBeUndefined();
    pusher.joined.get(channels.user(7))!.emit('changetokens', { user: { id: 7, tokens: 3 } });
    await settle();
    expect(queryClient.getQueryData(keys.userTokens())).toEqual({ tokens: 3 });

    queryClient.setQueryData(keys.statuses.list(), { statuses: [] });
    pusher.joined.get(channels.statuses)!.emit('changeanystatus', { status: {} });
    await settle();
    expect(queryClient.getQueryState(keys.statuses.list())?.isInvalidated).toBe(true);
  });

  it('refetch everything once every channel is subscribed again after a reconnect', async () => {
    const { pusher, queryClient, status } = start(7);
    queryClient.setQueryData(keys.categories.list(), { categories: [] });
    pusher.setState('connected');
    for (const channel of pusher.joined.values()) channel.emit('pusher:subscription_succeeded');
    pusher.setState('connecting');
    expect(status().interrupted).toBe(true);
    pusher.setState('connected');
    const [first, ...rest] = [...pusher.joined.values()];
    for (const channel of rest) channel.emit('pusher:subscription_succeeded');
    await settle();
    expect(queryClient.getQueryState(keys.categories.list())?.isInvalidated).toBe(false);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    first!.emit('pusher:subscription_error', { status: 403 });
    expect(warn).toHaveBeenCalledOnce();
    warn.mockRestore();
    await settle();
    expect(queryClient.getQueryState(keys.categories.list())?.isInvalidated).toBe(true);
  });

  it('stop listening when undone, and send nothing (the disconnect that follows leaves the channels)', () => {
    const { pusher, stop } = start(7);
    const unsubscribe = vi.spyOn(pusher, 'unsubscribe');
    stop();
    expect(unsubscribe).not.toHaveBeenCalled();
    expect([...pusher.joined.values()].every((channel) => channel.handlers.size === 0)).toBe(true);
    expect(pusher.connection.handlers.get('state_change')).toEqual([]);
  });
});
