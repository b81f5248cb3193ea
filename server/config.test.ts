import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('gives the embedded defaults for an empty environment', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.database).toEqual({ dataDir: expect.stringMatching(/\/data$/) });
    expect(config.seed).toEqual({ demo: true, operatorEmail: 'demo@example.com', operatorPassword: 'demo1234' });
    expect(config.realtime.driver).toBe('embedded');
    expect(config.stripe).toBeUndefined();
    expect(config.ai).toEqual({ provider: 'demo', demoDelayMs: 1500, maxOutputTokens: 4000 });
    expect(config.generation).toEqual({ concurrency: 2, pollMs: 5000, leaseMs: 30_000 });
  });

  it('switches to PostgreSQL with DATABASE_URL', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://u@127.0.0.1:5432/db' }).database).toEqual({ url: 'postgres://u@127.0.0.1:5432/db' });
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ REALTIME_DRIVER: 'carrier-pigeon' }, 'REALTIME_DRIVER'],
    [{ SEED_DEMO: 'maybe' }, 'SEED_DEMO'],
    [{ NODE_ENV: 'production' }, 'SEED_OPERATOR_PASSWORD'],
    [{ NODE_ENV: 'production', SEED_OPERATOR_PASSWORD: 'demo1234' }, 'SEED_OPERATOR_PASSWORD'],
    [{ REDIS_URL: 'redis://127.0.0.1:6379' }, 'PUSHER_SECRET'],
    [{ STRIPE_SECRET_KEY: 'sk_test_x' }, 'STRIPE_PUBLISHABLE_KEY'],
    [{ AI_PROVIDER: 'openai' }, 'OPENAI_API_KEY'],
    [{ AI_PROVIDER: 'openai', OPENAI_API_KEY: 'sk-x', AI_STRUCTURED_OUTPUT: 'json' }, 'AI_STRUCTURED_OUTPUT'],
  ])('refuses %o naming %s', (env, variable) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(variable);
  });

  it('asks the OpenAI-compatible provider for a JSON schema by default (auto), or in the mode AI_STRUCTURED_OUTPUT sets', () => {
    expect(loadConfig({ AI_PROVIDER: 'openai', OPENAI_API_KEY: 'sk-x' }).ai).toMatchObject({ structuredOutput: 'auto' });
    for (const mode of ['auto', 'json_schema', 'json_object']) {
      expect(loadConfig({ AI_PROVIDER: 'openai', OPENAI_API_KEY: 'sk-x', AI_STRUCTURED_OUTPUT: mode }).ai).toMatchObject({
        structuredOutput: mode,
      });
    }
    expect(() => loadConfig({ AI_STRUCTURED_OUTPUT: 'json' })).toThrow(
      'AI_STRUCTURED_OUTPUT: expected one of auto, json_schema, json_object',
    );
  });

  it('accepts a production start with an operator password of its own', () => {
    expect(loadConfig({ NODE_ENV: 'production', SEED_OPERATOR_PASSWORD: 'a-long-secret' }).env).toBe('production');
  });
});
