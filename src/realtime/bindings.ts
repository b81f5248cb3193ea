import type { QueryClient } from '@tanstack/react-query';
import type Pusher from 'pusher-js';
import { channels, realtimeEvents, sharedChannels } from '../../contract/realtime';
import { applyEffects, type EffectDeps } from '../api/cache-effects';
import { effectsOf, eventStaleness, resyncEffects, userChannel, type RealtimeEventName, type ScreenContext } from '../api/staleness';
import type { ConnectionState } from './live-status';
import { ResyncGate } from './resync-gate';
import { tellRunEnd } from './run-ends';

export interface BindingsOptions extends EffectDeps {
  queryClient: QueryClient;
  /** The operator's id (`authUserId`); without it the user channel is not joined (docs/product.md#live-updates). */
  userId: number | null;
  /** What is on screen, read when an event arrives. */
  screen: () => ScreenContext;
  /** Each connection state; answers true when the connection is back after an interruption (then all is refetched). */
  onState: (state: ConnectionState) => boolean;
}

/** The channels to join (docs/product.md#live-updates): the operator's own, when known, and the shared ones. */
export function channelsToJoin(userId: number | null): string[] {
  return [...(userId === null ? [] : [channels.user(userId)]), ...sharedChannels];
}

/** Runs one event's cache effects; a payload that breaks the contract is ignored with a warning. */
export function handleRealtimeEvent(event: string, payload: unknown, options: Omit<BindingsOptions, 'userId' | 'onState'>): Promise<void> {
  const outcome = effectsOf(event, payload, options.screen());
  if (outcome.kind === 'malformed') {
    console.warn(`Ignored a malformed "${event}" realtime event`, outcome.issues);
    return Promise.resolve();
  }
  if (outcome.kind === 'unknown') return Promise.resolve();
  return applyEffects(options.queryClient, outcome.effects, options).catch((error: unknown) => {
    console.warn(`Could not apply the "${event}" realtime event`, error);
  });
}

export interface RealtimeBinding {
  /** Refetch every key an event could have touched (the network came back and the socket survived). */
  resync: () => void;
  /**
   * Stops listening (every channel's events and the connection's state) and sends nothing: the caller disconnects
   * the client next, and closing the socket leaves every channel. An unsubscribe per channel would be sent after
   * the socket began to close (pusher-js defers its sends), each a console error "WebSocket is already in CLOSING
   * or CLOSED state".
   */
  stop: () => void;
}

/**
 * Joins the channels on a pusher-js client and wires every event of the staleness map (src/api/staleness/) to the query cache, the
 * connection state to `onState`, and a resync after each reconnect, once every channel is subscribed again.
 */
export function bindRealtime(pusher: Pusher, options: BindingsOptions): RealtimeBinding {
  const names = channelsToJoin(options.userId);
  const resync = () => {
    void applyEffects(options.queryClient, resyncEffects(), options).catch((error: unknown) => console.warn('Resync failed', error));
  };
  const gate = new ResyncGate(names, resync);

  for (const name of names) {
    const channel = pusher.subscribe(name);
    const joined = name === channels.user(options.userId ?? -1) ? userChannel : name;
    for (const [event, binding] of Object.entries(eventStaleness)) {
      if (binding.channel !== joined) continue;
      channel.bind(event, (payload: unknown) => void handleRealtimeEvent(event as RealtimeEventName, payload, options));
    }
    // The end of a run this browser waits for is told as a toast (run-ends.ts).
    if (joined === userChannel) channel.bind(realtimeEvents.runChanged, tellRunEnd);
    channel.bind('pusher:subscription_succeeded', () => gate.settled(name));
    channel.bind('pusher:subscription_error', (error: unknown) => {
      console.warn(`Could not join the realtime channel ${name}`, error);
      gate.settled(name);
    });
  }

  const onStateChange = ({ current }: { current: ConnectionState }) => {
    if (options.onState(current)) gate.arm();
  };
  pusher.connection.bind('state_change', onStateChange);
  // The client connects as it is built, before this could listen: start from where it is.
  options.onState(pusher.connection.state as ConnectionState);

  return {
    resync,
    stop: () => {
      gate.dispose();
      pusher.connection.unbind('state_change', onStateChange);
      for (const name of names) pusher.channel(name)?.unbind_all();
    },
  };
}
