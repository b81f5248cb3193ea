import type { FastifyBaseLogger } from 'fastify';
import fp from 'fastify-plugin';
import type { AiConfig, GenerationConfig } from '../config';
import { createDemoProvider } from './demo-provider';
import { createOpenAiProvider } from './openai-provider';
import type { GenerationProvider } from './provider';
import { GenerationService } from './service';
import { newLeaseHolder } from './lease-holder';
import { GenerationWorker } from './worker';

declare module 'fastify' {
  interface FastifyInstance {
    generation: GenerationService;
  }
}

export interface GenerationPluginOptions {
  ai: AiConfig;
  generation: GenerationConfig;
}

export async function createProvider(ai: AiConfig, log?: FastifyBaseLogger): Promise<GenerationProvider> {
  return ai.provider === 'openai'
    ? await createOpenAiProvider({
        apiKey: ai.apiKey,
        baseUrl: ai.baseUrl,
        model: ai.model,
        timeoutMs: ai.timeoutMs,
        maxOutputTokens: ai.maxOutputTokens,
        structuredOutput: ai.structuredOutput,
        log,
      })
    : createDemoProvider({ delayMs: ai.demoDelayMs, free: ai.free });
}

/**
 * The generation engine (ARCHITECTURE.md "generation jobs"): the provider, the worker that runs queued runs, and
 * the service the generate routes call. The worker starts with the server and stops before it closes, giving back
 * the runs it holds.
 */
export default fp<GenerationPluginOptions>(
  async (app, options) => {
    const holder = newLeaseHolder(app.db);
    const log = app.log.child({ component: 'generation' });
    const deps = {
      db: app.db,
      provider: await createProvider(options.ai, log),
      notifier: app.notifier,
      maxOutputTokens: options.ai.maxOutputTokens,
      lease: { holder: holder.id, ms: options.generation.leaseMs },
      log,
    };
    const worker = new GenerationWorker(deps, options.generation, holder);
    app.decorate('generation', new GenerationService(deps, worker));
    app.addHook('onReady', () => worker.start());
    app.addHook('preClose', async () => {
      await worker.stop();
      await holder.retire();
    });
  },
  { name: 'generation', dependencies: ['database', 'notifier'] },
);
