import type { AiConfig } from '../../config';
import { catalogueApp, creditOperator } from '../../test/catalogue';
import type { Engine } from '../../test/databases';
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
  await creditOperator(app, 100_000, reference);
  return { ...app, fake };
}
