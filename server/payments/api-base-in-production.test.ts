import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config';

/**
 * STRIPE_API_BASE points the Stripe SDK, and with it the secret key, at any host: a seam for the fake of the tests.
 * `npm start` loads the configuration first (server/cli/start.ts), so a refused one is a server that does not start.
 */
describe('STRIPE_API_BASE', () => {
  const production = {
    NODE_ENV: 'production',
    SEED_OPERATOR_PASSWORD: 'an-operator-password',
    STRIPE_SECRET_KEY: 'sk_live_example',
    STRIPE_PUBLISHABLE_KEY: 'pk_live_example',
    AI_PROVIDER: 'openai',
    OPENAI_API_KEY: 'sk-example',
  };

  it('is refused when NODE_ENV=production, naming the variable', () => {
    for (const base of ['http://127.0.0.1:12111', 'https://api.stripe.com']) {
      expect(() => loadConfig({ ...production, STRIPE_API_BASE: base })).toThrow(ConfigError);
      expect(() => loadConfig({ ...production, STRIPE_API_BASE: base })).toThrow(/^STRIPE_API_BASE: refused when NODE_ENV=production/);
    }
  });

  it('leaves a production start without it, and a test or development start with it, as they were', () => {
    expect(loadConfig(production).stripe?.apiBase).toBeUndefined();
    expect(loadConfig({ ...production, STRIPE_API_BASE: '  ' }).stripe?.apiBase).toBeUndefined();
    for (const env of ['test', 'development']) {
      const config = loadConfig({ ...production, NODE_ENV: env, STRIPE_API_BASE: 'http://127.0.0.1:12111' });
      expect(config.stripe?.apiBase).toBe('http://127.0.0.1:12111');
    }
  });
});
