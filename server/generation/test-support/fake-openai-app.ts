import type { AiConfig } from '../../config';
import { catalogueApp } from '../../test/catalogue';
import type { Engine } from '../../test/databases';
import { changeBalance } from '../../tokens/ledger';
import { startFakeOpenAi, type FakeOpenAi } from './fake-openai';

export function fakeOpenAiConfig(fake: FakeOpenAi): AiConfig {
  return { provider: 'openai', baseUrl: fake.baseUrl, apiKey: 'sk-test', model: 'test-model', timeoutMs: 2000, maxOutputTokens: 4000 };
}

/**
 * The catalogue app generating through the real OpenAI client against a fake OpenAI-compatible server on loopback,
 * one run at a time, its operator holding 100,000 tokens more. Close both when done.
 */
export async function fakeOpenAiCatalogueApp(engine: Engine, reference: string) {
  const fake = await startFakeOpenAi();
  const app = await catalogueApp(engine, {
    ai: fakeOpenAiConfig(fake),
    generation: { concurrency: 1, pollMs: 100, leaseMs: 30_000 },
  });
  await changeBalance(app.t.database.db, {
    userId: app.userId,
    delta: 100_000,
    reason: 'adjustment',
    reference: `${reference}-${app.userId}`,
    description: 'Balance adjustment',
  });
  return { ...app, fake };
}
