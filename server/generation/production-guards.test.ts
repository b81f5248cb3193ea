import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { statusNames } from '../../contract/statuses';
import { ConfigError, loadConfig } from '../config';
import { generationRuns, tokenLedger } from '../db/schema';
import type { TestApp } from '../test/app';
import { catalogueApp, type CatalogueCall, type DemoIds } from '../test/catalogue';
import { availableEngines } from '../test/databases';
import { startServerProcess } from '../test/server-process';
import { changeBalance } from '../tokens/ledger';
import { balanceOf } from './test-support/queries';

/**
 * The demo generator cannot bill real money (docs/decisions/0019-one-charging-rule.md): in production with payments
 * configured the server refuses to start with AI_PROVIDER=demo, unless ALLOW_DEMO_GENERATOR=true, and then the demo
 * generator's runs cost nothing.
 */

const production = {
  NODE_ENV: 'production',
  SEED_OPERATOR_PASSWORD: 'a-production-password',
  STRIPE_SECRET_KEY: 'sk_test_guard',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_guard',
  STRIPE_WEBHOOK_SECRET: 'whsec_guard',
  AI_DEMO_DELAY_MS: '0',
};
const refusal = /^AI_PROVIDER: the demo generator is refused when NODE_ENV=production and payments are configured/;

describe('the demo generator in production', () => {
  it('is refused with payments configured, saying what to set; allowed at no cost with ALLOW_DEMO_GENERATOR=true', () => {
    expect(() => loadConfig(production)).toThrow(ConfigError);
    expect(() => loadConfig(production)).toThrow(refusal);
    expect(() => loadConfig({ ...production, AI_PROVIDER: 'demo' })).toThrow(
      'Set AI_PROVIDER=openai, or ALLOW_DEMO_GENERATOR=true to run it at no cost.',
    );
    expect(() => loadConfig({ ...production, ALLOW_DEMO_GENERATOR: 'false' })).toThrow(refusal);
    expect(loadConfig({ ...production, ALLOW_DEMO_GENERATOR: 'true' }).ai).toMatchObject({ provider: 'demo', free: true });
  });

  it('charges as usual where no real money is in play: without payments, or outside production', () => {
    const {
      STRIPE_SECRET_KEY: _secret,
      STRIPE_PUBLISHABLE_KEY: _publishable,
      STRIPE_WEBHOOK_SECRET: _webhook,
      ...withoutPayments
    } = production;
    expect(loadConfig(withoutPayments).ai).not.toHaveProperty('free');
    expect(loadConfig({ ...production, NODE_ENV: 'development' }).ai).not.toHaveProperty('free');
    expect(loadConfig({ ...production, AI_PROVIDER: 'openai', OPENAI_API_KEY: 'sk-real' }).ai.provider).toBe('openai');
  });

  it('npm start refuses to start, with the clear message and exit code 1', { timeout: 120_000 }, async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'catalogue-demo-guard-'));
    try {
      await expect(startServerProcess({ ...production, DATA_DIR: dataDir, SPA_DIR: '/nonexistent-spa' })).rejects.toThrow(
        /the server exited \(1\)[\s\S]*AI_PROVIDER: the demo generator is refused when NODE_ENV=production and payments are configured/,
      );
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

describe.each(await availableEngines())('the demo generator allowed in production on %s', (engine) => {
  let t: TestApp;
  let call: CatalogueCall;
  let ids: DemoIds;
  let userId: number;
  beforeAll(async () => {
    ({ t, call, ids, userId } = await catalogueApp(engine, { ai: loadConfig({ ...production, ALLOW_DEMO_GENERATOR: 'true' }).ai }));
    // A run still holds its most possible cost while it works (released whole when it ends).
    await changeBalance(t.database.db, {
      userId,
      delta: 50_000,
      reason: 'adjustment',
      reference: `demo-guard-${userId}`,
      description: 'Balance adjustment',
    });
  });
  afterAll(() => t?.close());

  it('generates at no cost: nothing charged, nothing left held, and the history says so', async () => {
    const category = await ids.category('Construction Equipment');
    const before = await balanceOf(t.database.db, userId);
    const res = await call<{ events: unknown[]; message: string }>('POST', '/api/events/generate', { category_id: category });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.events.length).toBeGreaterThan(0);
    expect(await balanceOf(t.database.db, userId)).toBe(before);

    const [run] = await t.database.db
      .select()
      .from(generationRuns)
      .where(eq(generationRuns.categoryId, category))
      .orderBy(desc(generationRuns.id))
      .limit(1);
    expect(run).toMatchObject({ status: statusNames.generated, chargedTokens: 0, heldTokens: 0, chargeBasis: 'free' });
    expect(run?.message).toContain('; nothing charged: the demo generator is free on this server.</p>');
    expect(
      await t.database.db
        .select()
        .from(tokenLedger)
        .where(eq(tokenLedger.runId, run?.id ?? 0)),
    ).toEqual([]);
  });
});
