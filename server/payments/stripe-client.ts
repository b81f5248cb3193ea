import type Stripe from 'stripe';
import type { StripeConfig } from '../config';

/**
 * The real Stripe SDK, pointed at api.stripe.com or, in tests, at the loopback fake named by STRIPE_API_BASE.
 * Network retries are the SDK's (they reuse one idempotency key per call, so a retried POST never acts twice).
 * The SDK is imported here, when payments are configured: alone it took 140 ms of a start (docs/figures.md).
 */
export async function createStripeClient(config: StripeConfig): Promise<Stripe> {
  const { default: Stripe } = await import('stripe');
  const base = config.apiBase ? new URL(config.apiBase) : undefined;
  const protocol = base?.protocol === 'http:' ? 'http' : 'https';
  return new Stripe(config.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    appInfo: { name: 'catalogue-dashboard' },
    ...(base ? { host: base.hostname, port: base.port || (protocol === 'http' ? 80 : 443), protocol } : {}),
  });
}
