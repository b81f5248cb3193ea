import { broadcastingApi } from '../../contract/broadcasting';
import type { Options } from 'pusher-js';
import { requestedWithHeader } from '../../contract/http';
import { realtimeClientTimeouts } from '../../contract/realtime';
import type { AppMeta } from '../config/meta';

/** Where the page was served from (`window.location`): the embedded server's default host, port and scheme. */
export interface PageLocation {
  protocol: string;
  hostname: string;
  port: string;
}

const broadcastingAuthEndpoint = broadcastingApi.auth.path;

type RealtimeMeta = Pick<AppMeta, 'pusherKey' | 'pusherCluster' | 'pusherHost' | 'pusherPort' | 'pusherScheme'>;

/** Where the WebSocket goes: the meta tags' values, or (empty tags) the page's own host, port and scheme. */
export function socketAddress(meta: RealtimeMeta, page: PageLocation): { host: string; port: number; tls: boolean } {
  const tls = (meta.pusherScheme ?? (page.protocol === 'https:' ? 'wss' : 'ws')) === 'wss';
  const host = meta.pusherHost ?? page.hostname;
  const pagePort = meta.pusherHost === undefined && page.port !== '' ? Number(page.port) : undefined;
  return { host, port: meta.pusherPort ?? pagePort ?? (tls ? 443 : 80), tls };
}

/**
 * The pusher-js options (ARCHITECTURE.md "Real-time contract"): the app key and cluster from the meta tags, the
 * socket address, the spec's timeouts (docs/product.md#constants), WebSocket transports only, no stats beacon, and channel
 * authorisation at POST /broadcasting/auth with the bearer token read at each authorisation (`bearerToken`), so a
 * token stored after the client was built is the one sent.
 */
export function pusherOptions(meta: RealtimeMeta, page: PageLocation, bearerToken: () => string | null): Options {
  const { host, port, tls } = socketAddress(meta, page);
  return {
    cluster: meta.pusherCluster,
    wsHost: host,
    wsPort: port,
    wssPort: port,
    forceTLS: tls,
    enabledTransports: ['ws', 'wss'],
    disableStats: true,
    activityTimeout: realtimeClientTimeouts.activityTimeout,
    pongTimeout: realtimeClientTimeouts.pongTimeout,
    unavailableTimeout: realtimeClientTimeouts.unavailableTimeout,
    channelAuthorization: {
      endpoint: broadcastingAuthEndpoint,
      transport: 'ajax',
      headers: { Accept: 'application/json', ...requestedWithHeader },
      headersProvider: () => {
        const token = bearerToken();
        return token ? { Authorization: `Bearer ${token}` } : {};
      },
    },
  };
}
