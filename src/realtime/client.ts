import Pusher from 'pusher-js';
import { getAuthToken } from '../auth/session';
import { appMeta } from '../config/meta';
import { pusherOptions, type PageLocation } from './client-options';

export type RealtimeClient = Pusher;

/**
 * A pusher-js client for this page, built from the meta tags the server wrote (client-options.ts). It connects at
 * once; `disconnect()` it when the operator signs out (the bridge does, on unmount).
 */
export function createRealtimeClient(page: PageLocation = window.location): RealtimeClient {
  const meta = appMeta();
  return new Pusher(meta.pusherKey, pusherOptions(meta, page, getAuthToken));
}

/**
 * Makes pusher-js try to connect at once, as it does itself when the browser comes back online. Its API has no
 * "retry now", and `disconnect()` + `connect()` would pass through `disconnected` (which the header reads as
 * "pusher-js gave up"); switching to the same key rebuilds the same strategy and retries at once, staying `connecting`.
 */
export function reconnectNow(client: RealtimeClient): void {
  client.connection.switchCluster(client.key);
}
