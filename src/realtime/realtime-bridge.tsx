import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useEffect, useSyncExternalStore } from 'react';
import { storageKeys } from '../../contract/auth';
import { serverAnswers } from '../api/health';
import { getAuthUserId } from '../auth/session';
import { bindRealtime } from './bindings';
import { createRealtimeClient, reconnectNow } from './client';
import { fetchBrand } from '../api/brand-detail';
import { useLiveStatus } from './live-status';
import { ReconnectProbe } from './reconnect-probe';
import { currentScreenContext } from './screen-context';

function subscribeToUserId(onChange: () => void): () => void {
  const listener = (event: StorageEvent) => {
    if (event.key === storageKeys.authUserId || event.key === null) onChange();
  };
  window.addEventListener('storage', listener);
  return () => window.removeEventListener('storage', listener);
}

/** How long one probe of a restarted server may take (reconnect-probe.ts). */
const probeTimeoutMs = 2_000;

/**
 * Live updates for the signed-in operator (ARCHITECTURE.md "Real-time contract"): a pusher-js client on the
 * channels of docs/product.md#live-updates, each event mapped to the query cache (src/api/staleness/), the connection state published for the
 * header (live-status.ts), with the browser's network events (a lost network shows at once, not after the
 * pong timeout), and a probe of the server while the connection is down (a restarted server is noticed within a
 * second, not after pusher-js's 15 s retry timeout: reconnect-probe.ts). Rendered by the dashboard layout route and
 * loaded lazily, so pusher-js is not in the login page's JavaScript. Signing out leaves the dashboard, which
 * unmounts this and disconnects the client; a different operator signing in (another tab) joins their own user
 * channel.
 */
export default function RealtimeBridge() {
  const queryClient = useQueryClient();
  const router = useRouter();
  const userId = useSyncExternalStore(subscribeToUserId, getAuthUserId, () => null);

  useEffect(() => {
    const client = createRealtimeClient();
    const { apply, applyNetwork, reset } = useLiveStatus.getState();
    const probe = new ReconnectProbe({ serverAnswers: () => serverAnswers(probeTimeoutMs), reconnect: () => reconnectNow(client) });
    const binding = bindRealtime(client, {
      queryClient,
      userId,
      screen: () => currentScreenContext(queryClient, router.state.matches),
      fetchBrand,
      onState: (state) => {
        probe.state(state);
        return apply(state);
      },
    });
    const onNetwork = () => {
      if (applyNetwork(navigator.onLine)) binding.resync();
    };
    if (!navigator.onLine) onNetwork();
    window.addEventListener('online', onNetwork);
    window.addEventListener('offline', onNetwork);
    return () => {
      window.removeEventListener('online', onNetwork);
      window.removeEventListener('offline', onNetwork);
      probe.dispose();
      binding.stop();
      // Closes the socket, once: the server drops its subscriptions with it (no unsubscribe is sent).
      client.disconnect();
      reset();
    };
  }, [queryClient, router, userId]);

  return null;
}
