import { describe, expect, it } from 'vitest';
import { paymentsConfigured, readMeta } from './meta';

const from = (tags: Record<string, string>) => (name: string) => tags[name];

describe('page meta settings', () => {
  it('reads what the server injected', () => {
    const meta = readMeta(
      from({
        'stripe-key': 'pk_test_123',
        'pusher-key': 'key-1',
        'pusher-cluster': 'eu',
        'pusher-host': 'realtime.example.com',
        'pusher-port': '443',
        'pusher-scheme': 'wss',
        'ai-provider': 'demo',
      }),
    );
    expect(meta).toEqual({
      stripeKey: 'pk_test_123',
      pusherKey: 'key-1',
      pusherCluster: 'eu',
      pusherHost: 'realtime.example.com',
      pusherPort: 443,
      pusherScheme: 'wss',
      aiProvider: 'demo',
    });
    expect(paymentsConfigured(meta)).toBe(true);
  });

  it('falls back to defaults when the tags are absent (vite dev)', () => {
    const meta = readMeta(from({}));
    expect(meta).toEqual({
      stripeKey: '',
      pusherKey: 'app-key',
      pusherCluster: 'mt1',
      pusherHost: undefined,
      pusherPort: undefined,
      pusherScheme: undefined,
      aiProvider: undefined,
    });
    expect(paymentsConfigured(meta)).toBe(false);
  });

  it('ignores invalid values instead of failing the page', () => {
    const meta = readMeta(from({ 'stripe-key': '  ', 'pusher-port': 'eighty', 'pusher-scheme': 'http', 'ai-provider': 'skynet' }));
    expect(meta.aiProvider).toBeUndefined();
    expect(meta.stripeKey).toBe('');
    expect(meta.pusherPort).toBeUndefined();
    expect(meta.pusherScheme).toBeUndefined();
  });
});
