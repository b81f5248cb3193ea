import { create } from 'zustand';

/**
 * The state of the live-updates connection, for the header indicator and for the bindings' "resync after a
 * reconnect". It knows nothing of pusher-js (the header imports it; pusher-js stays in the lazy bridge chunk).
 *
 * Two inputs: pusher-js's connection states (`pusher.connection.state`), and the browser's network events. The
 * second matters because a socket cut off by a lost network is only noticed by pusher-js when a ping goes
 * unanswered (pong timeout, 30 s, docs/product.md#constants); the browser knows at once.
 */
export type ConnectionState = 'initialized' | 'connecting' | 'connected' | 'unavailable' | 'failed' | 'disconnected';

export interface LiveStatus {
  state: ConnectionState;
  /** The connection was up at least once since the bridge started. */
  everConnected: boolean;
  /** The browser reports no network. */
  offline: boolean;
  /**
   * Live updates are down, or were and nothing has been refetched since: the connection dropped, could not be made
   * within the unavailable timeout, or the network went away. Events may have been missed meanwhile.
   */
  interrupted: boolean;
}

export const initialLiveStatus: LiveStatus = Object.freeze({
  state: 'initialized',
  everConnected: false,
  offline: false,
  interrupted: false,
});

/** A next status, and whether the caller should now refetch what could have changed while live updates were down. */
export interface LiveTransition {
  status: LiveStatus;
  resync: boolean;
}

/** The next status for a pusher-js state change. */
export function nextLiveStatus(status: LiveStatus, state: ConnectionState): LiveTransition {
  switch (state) {
    case 'connected': {
      // Connected while the browser says offline: the resync waits for the network to be back.
      const back = status.interrupted && !status.offline;
      return { status: { ...status, state, everConnected: true, interrupted: status.interrupted && !back }, resync: back };
    }
    case 'connecting':
      // A first connection attempt is quiet; a drop of a live connection is an interruption.
      return { status: { ...status, state, interrupted: status.interrupted || status.state === 'connected' }, resync: false };
    // While the bridge runs, `disconnected` means pusher-js gave up (the server refused the connection).
    case 'unavailable':
    case 'failed':
    case 'disconnected':
      return { status: { ...status, state, interrupted: true }, resync: false };
    case 'initialized':
      return { status: { ...status, state }, resync: false };
  }
}

/** The next status for the browser's `online`/`offline` events. */
export function nextNetworkStatus(status: LiveStatus, online: boolean): LiveTransition {
  if (!online) return { status: { ...status, offline: true, interrupted: true }, resync: false };
  // The socket survived the outage: refetch now. Otherwise the reconnection will.
  const back = status.interrupted && status.state === 'connected';
  return { status: { ...status, offline: false, interrupted: status.interrupted && !back }, resync: back };
}

export const liveTexts = {
  reconnecting: 'Live updates unavailable - reconnecting',
  /** pusher-js gave up: no WebSocket in this browser, or the server refused the connection. */
  stopped: 'Live updates unavailable',
} as const;

/** What the header shows: nothing while live updates work (or while the first connection is being made). */
export function liveIndicatorText(status: LiveStatus): string | null {
  if (status.state === 'failed' || status.state === 'disconnected') return liveTexts.stopped;
  return status.interrupted ? liveTexts.reconnecting : null;
}

interface LiveStatusStore extends LiveStatus {
  /** Applies a pusher-js state; answers whether the caller should resync. */
  apply: (state: ConnectionState) => boolean;
  /** Applies a network change; answers whether the caller should resync. */
  applyNetwork: (online: boolean) => boolean;
  reset: () => void;
}

export const useLiveStatus = create<LiveStatusStore>()((set, get) => {
  const current = (): LiveStatus => {
    const { state, everConnected, offline, interrupted } = get();
    return { state, everConnected, offline, interrupted };
  };
  const commit = ({ status, resync }: LiveTransition) => {
    set(status);
    return resync;
  };
  return {
    ...initialLiveStatus,
    apply: (state) => commit(nextLiveStatus(current(), state)),
    applyNetwork: (online) => commit(nextNetworkStatus(current(), online)),
    reset: () => set({ ...initialLiveStatus }),
  };
});
