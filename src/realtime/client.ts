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
