import { Writable } from 'node:stream';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { realtimeEvents } from '../../contract/realtime';
import { statusNames } from '../../contract/statuses';
import { buildApp } from '../app';
import { generationRuns, tokenLedger } from '../db/schema';
import { testConfig, type TestApp } from '../test/app';
import { catalogueApp, type DemoIds } from '../test/catalogue';
import { availableEngines } from '../test/databases';
import { changeBalance } from '../tokens/ledger';

/**
 * What happened is what is said: once a run's transaction committed, a failure to announce it (a broken broadcaster)
 * is logged as such, and the waiting call answers the run's real outcome, not "being finished by another server".
 */

describe.each(await availableEngines())('a run whose announcement fails after it committed, on %s', (engine) => {
  let t: TestApp;
  let ids: DemoIds;
  let headers: { authorization: string };
  beforeAll(async () => {
    let userId: number;
    ({ t, ids, headers, userId } = await catalogueApp(engine));
    await changeBalance(t.database.db, {
      userId,
      delta: 50_000,
      reason: 'adjustment',
      reference: `announce-${userId}`,
      description: 'Balance adjustment',
    });
  });
  afterAll(() => t?.close());

  it('answers its real outcome (200 and the new events) and logs that announcing it failed, not that it could not be stored', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer | string, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    // A second process on the same database, whose log is read here.
    const app = await buildApp(testConfig({ generation: { concurrency: 1, pollMs: 60_000, leaseMs: 30_000 } }), {
      database: t.database,
      logger: { level: 'info', stream },
    });
    try {
      await app.ready();
      const publish = app.broadcaster.publish.bind(app.broadcaster);
      // The broadcaster breaks on the status a finished run announces (after its transaction committed).
      vi.spyOn(app.broadcaster, 'publish').mockImplementation((channels, event, payload) => {
        const status = (payload as { status?: { name?: string } }).status?.name;
        if (event === realtimeEvents.changeAnyStatus && status !== statusNames.inProgress) throw new Error('broker down');
        return publish(channels, event, payload);
      });
      const category = await ids.category('Audio Equipment');
      const res = await app.inject({
        method: 'POST',
        url: '/api/events/generate',
        headers: { ...headers, 'x-requested-with': 'XMLHttpRequest' },
        payload: { category_id: category },
      });
      expect(res.statusCode, res.body).toBe(200);
      const answer = res.json<{ events: { name: string }[]; message: string }>();
      expect(answer.events.length).toBeGreaterThan(0);
      expect(answer.message).toBe(`Generated ${answer.events.length} new events.`);

      const [run] = await t.database.db
        .select()
        .from(generationRuns)
        .where(eq(generationRuns.categoryId, category))
        .orderBy(desc(generationRuns.id))
        .limit(1);
      expect(run).toMatchObject({ status: statusNames.generated, itemsAdded: answer.events.length, heldTokens: 0 });
      expect(run?.chargedTokens).toBeGreaterThan(0);
      expect(
        (
          await t.database.db
            .select()
            .from(tokenLedger)
            .where(eq(tokenLedger.runId, run?.id ?? 0))
        ).map((row) => row.delta),
      ).toEqual([-(run?.chargedTokens ?? 0)]);

      const logged = lines.map((line) => JSON.parse(line) as { level: number; msg: string; runId?: number; err?: { message?: string } });
      expect(logged).toContainEqual(
        expect.objectContaining({
          level: 50,
          msg: 'generation run finished, but announcing it failed',
          runId: run?.id,
          err: expect.objectContaining({ message: 'broker down' }),
        }),
      );
      expect(logged.map((line) => line.msg)).toContain('generation run finished');
      expect(logged.map((line) => line.msg)).not.toContain('generated items could not be stored');
    } finally {
      vi.restoreAllMocks();
      await app.close();
    }
  });
});
