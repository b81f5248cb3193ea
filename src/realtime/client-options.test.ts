import { describe, expect, it } from 'vitest';
import { realtimeClientTimeouts } from '../../contract/realtime';
import { readMeta } from '../config/meta';
import { pusherOptions, socketAddress } from './client-options';

const meta = (tags: Record<string, string> = {}) => readMeta((name) => tags[name]);
const httpPage = { protocol: 'http:', hostname: '127.0.0.1', port: '4173' };
const httpsPage = { protocol: 'https:', hostname: 'dash.example.com', port: '' };

describe('pusher-js options', () => {
  it('connect to the page that served them when the host tags are empty (the embedded server)', () => {
    expect(socketAddress(meta(), httpPage)).toEqual({ host: '127.0.0.1', port: 4173, tls: false });
    expect(socketAddress(meta(), httpsPage)).toEqual({ host: 'dash.example.com', port: 443, tls: true });
    expect(socketAddress(meta(), { ...httpPage, port: '' })).toEqual({ host: '127.0.0.1', port: 80, tls: false });
  });

  it('take the host, port and scheme the server wrote', () => {
    const tags = { 'pusher-host': 'ws.example.com', 'pusher-port': '6001', 'pusher-scheme': 'wss' };
    expect(socketAddress(meta(tags), httpPage)).toEqual({ host: 'ws.example.com', port: 6001, tls: true });
    // Another host without a port: the scheme's default, not the page's port.
    expect(socketAddress(meta({ 'pusher-host': 'ws.example.com' }), httpPage)).toEqual({ host: 'ws.example.com', port: 80, tls: false });
    expect(socketAddress(meta({ 'pusher-scheme': 'ws' }), httpsPage)).toEqual({ host: 'dash.example.com', port: 80, tls: false });
  });

  it('carry the key, cluster, the spec timeouts and WebSocket transports only', () => {
    const options = pusherOptions(meta({ 'pusher-key': 'k1', 'pusher-cluster': 'eu' }), httpPage, () => 't');
    expect(options).toMatchObject({
      cluster: 'eu',
      wsHost: '127.0.0.1',
      wsPort: 4173,
      wssPort: 4173,
      forceTLS: false,
      enabledTransports: ['ws', 'wss'],
      disableStats: true,
      activityTimeout: 120_000,
      pongTimeout: 30_000,
      unavailableTimeout: 10_000,
    });
    expect(options.activityTimeout).toBe(realtimeClientTimeouts.activityTimeout);
  });

  it('authorise channels at /broadcasting/auth with the token stored at that moment', () => {
    let token: string | null = 'first';
    const auth = pusherOptions(meta(), httpPage, () => token).channelAuthorization;
    if (!auth || !('endpoint' in auth)) throw new Error('expected the ajax channel authorisation');
    expect(auth).toMatchObject({
      endpoint: '/broadcasting/auth',
      transport: 'ajax',
      headers: { Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
    });
    expect(auth.headersProvider?.()).toEqual({ Authorization: 'Bearer first' });
    token = 'second';
    expect(auth.headersProvider?.()).toEqual({ Authorization: 'Bearer second' });
    token = null;
    expect(auth.headersProvider?.()).toEqual({});
  });
});
