import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GenerateEquipmentsAnswer } from '../../contract/equipments';
import type { GenerationHistoryEntry } from '../../contract/history';
import type { RunsAnswer } from '../../contract/runs';
import { modelTypes, statusNames } from '../../contract/statuses';
import type { AiConfig } from '../config';
import { brands, generationRuns, tokenLedger, users } from '../db/schema';
import type { TestApp } from '../test/app';
import { catalogueApp, type CatalogueCall } from '../test/catalogue';
import { availableEngines } from '../test/databases';
import { changeBalance } from '../tokens/ledger';
import { heldAnswer, listAnswer, startFakeOpenAi, type FakeOpenAi } from './test-support/fake-openai';
import { eventually, statusOf } from './test-support/queries';

/**
 * Excluded brands are never generated nor charged (docs/decisions/0019-one-charging-rule.md): a queued models run
 * whose brand was excluded while it waited ends Skipped when its turn comes, without asking its provider, at no
 * cost, its hold released, and says why.
 */

const engines = await availableEngines();

function openAiConfig(fake: FakeOpenAi): AiConfig {
  // A long time limit: the first runs wait on the provider for as long as the test holds them.
  return { provider: 'openai', baseUrl: fake.baseUrl, apiKey: 'sk-test', model: 'test-model', timeoutMs: 120_000, maxOutputTokens: 4000 };
}

describe.each(engines)('runs of brands excluded while they waited on %s', (engine) => {
  let fake: FakeOpenAi;
  let t: TestApp;
  let call: CatalogueCall;
  let userId: number;
  let mixing: number;
  /** "Queue maker 00".."Queue maker 49", in Mixing Consoles (empty in the demo). */
  let makers: number[];
  const db = () => t.database.db;

  beforeAll(async () => {
    fake = await startFakeOpenAi();
    let ids;
    ({ t, call, ids, userId } = await catalogueApp(engine, {
      ai: openAiConfig(fake),
      generation: { concurrency: 2, pollMs: 100, leaseMs: 30_000 },
    }));
    await changeBalance(db(), {
      userId,
      delta: 1_000_000,
      reason: 'adjustment',
      reference: `excluded-${userId}`,
      description: 'Balance adjustment',
    });
    mixing = await ids.subcategory('Mixing Consoles');
    const made = await db()
      .insert(brands)
      .values(Array.from({ length: 50 }, (_, i) => ({ name: `Queue maker ${String(i).padStart(2, '0')}`, subcategoryId: mixing })))
      .returning({ id: brands.id });
    makers = made.map((b) => b.id).sort((a, b) => a - b);
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  it(
    'generate all 50 matching, exclude 20 while they wait: exactly 30 ask the provider, 20 end Skipped at no cost',
    { timeout: 180_000 },
    async () => {
      const [before] = await db().select({ tokens: users.tokens }).from(users).where(eq(users.id, userId));
      // Every provider call waits until the test lets go: the first runs are under way, the rest queued.
      const held = heldAnswer(
        listAnswer('models', [{ model: 'Console One' }, { model: 'Console Two' }], { prompt_tokens: 100, completion_tokens: 200 }),
      );
      fake.always(held.answer);

      const res = await call<GenerateEquipmentsAnswer>('POST', '/api/equipments/generate', {
        subcategory_id: mixing,
        filter: { q: 'queue maker' },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.queued).toBe(50);
      await held.arrived;

      // The worker takes runs oldest first: the last 20 queued are still waiting their turn.
      const queued = await db()
        .select({ id: generationRuns.id, brandId: generationRuns.brandId })
        .from(generationRuns)
        .where(and(eq(generationRuns.subcategoryId, mixing), isNull(generationRuns.finishedAt)))
        .orderBy(asc(generationRuns.id));
      expect(queued).toHaveLength(50);
      const excluded = queued.slice(30).map((run) => run.brandId ?? 0);
      const excludedRuns = queued.slice(30).map((run) => run.id);
      const exclusion = await call('POST', '/api/brands/exclusions/bulk', { excluded: true, selection: { ids: excluded } });
      expect(exclusion.status, JSON.stringify(exclusion.body)).toBe(200);

      held.release();
      await eventually(async () => {
        const left = await db()
          .select({ id: generationRuns.id })
          .from(generationRuns)
          .where(and(eq(generationRuns.subcategoryId, mixing), isNull(generationRuns.finishedAt)));
        return left.length === 0 ? true : undefined;
      }, 150_000);

      expect(fake.chatBodies()).toHaveLength(30);
      const asked = fake.chatBodies().map((body) => body.messages.map((m) => m.content).join('\n'));
      for (const brandId of excluded) {
        const name = `Queue maker ${String(makers.indexOf(brandId)).padStart(2, '0')}`;
        expect(asked.some((prompt) => prompt.includes(JSON.stringify(name)))).toBe(false);
      }

      const runs = await db().select().from(generationRuns).where(eq(generationRuns.subcategoryId, mixing));
      const skipped = runs.filter((run) => excludedRuns.includes(run.id));
      expect(skipped).toHaveLength(20);
      for (const run of skipped) {
        expect(run).toMatchObject({
          status: statusNames.skipped,
          message: '<p>Skipped: the brand was excluded. Nothing was generated or charged.</p>',
          chargedTokens: 0,
          heldTokens: 0,
          chargeBasis: 'none',
          itemsAdded: 0,
          startedAt: null,
        });
      }
      const generated = runs.filter((run) => !excludedRuns.includes(run.id));
      expect(generated.filter((run) => run.status !== statusNames.generated).map((run) => run.message)).toEqual([]);
      expect(generated.map((run) => run.status)).toEqual(Array.from({ length: 30 }, () => statusNames.generated));

      // Charged the 30 that ran, nothing else; nothing still held.
      const charges = await db()
        .select()
        .from(tokenLedger)
        .where(
          inArray(
            tokenLedger.runId,
            runs.map((run) => run.id),
          ),
        );
      expect(charges.map((row) => row.runId).sort()).toEqual(generated.map((run) => run.id).sort());
      const [after] = await db().select({ tokens: users.tokens, held: users.heldTokens }).from(users).where(eq(users.id, userId));
      expect(after).toEqual({ tokens: (before?.tokens ?? 0) - generated.reduce((sum, run) => sum + run.chargedTokens, 0), held: 0 });

      // The brand's status, the runs centre and its history say why.
      const [first] = excluded;
      expect(await statusOf(db(), { modelType: modelTypes.equipment, subcategoryId: mixing, brandId: first })).toMatchObject({
        name: statusNames.skipped,
        message: 'Skipped: the brand was excluded. Nothing was generated or charged.',
      });
      const centre = await call<RunsAnswer>('GET', `/api/runs?status=${encodeURIComponent(statusNames.skipped)}&subcategory_id=${mixing}`);
      expect(centre.body.total).toBe(20);
      expect(centre.body.runs.every((run) => run.charged_tokens === 0 && run.charge_basis === 'none')).toBe(true);
      const history = await call<GenerationHistoryEntry[]>(
        'GET',
        `/api/brand-generation-history?subcategory_id=${mixing}&brand_id=${first}`,
      );
      expect(history.body[0]).toMatchObject({
        status: statusNames.skipped,
        message: '<p>Skipped: the brand was excluded. Nothing was generated or charged.</p>',
      });
    },
  );
});
