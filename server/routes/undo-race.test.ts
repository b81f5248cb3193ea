import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExclusionChangeAnswer, UndoAnswer } from '../../contract/exclusion-changes';
import { brandExclusions } from '../db/schema';
import type { TestApp } from '../test/app';
import { catalogueApp, type CatalogueCall, type DemoIds } from '../test/catalogue';
import { availableEngines } from '../test/databases';
import { eventually } from '../generation/test-support/queries';

/**
 * An undo racing an exclusion of the same row ("exclude all matching", or any exclude) leaves that row as changed
 * since and says so (docs/decisions/0011-undo-as-a-journal-of-exclusion-changes.md), never a 500. The race is made
 * certain, not timed: the other exclusion is inserted by a transaction held open while the undo reads, and committed
 * once the undo's own insert waits for it. PGlite runs one transaction at a time, so there the other exclusion
 * commits before the undo starts: the same answer must come.
 */

describe.each(await availableEngines())('an undo racing an exclusion of the same brand, on %s', (engine) => {
  let t: TestApp;
  let call: CatalogueCall;
  let ids: DemoIds;
  let userId: number;
  beforeAll(async () => {
    ({ t, call, ids, userId } = await catalogueApp(engine));
  });
  afterAll(() => t.close());

  /** Runs `undo` while another transaction excludes `brandId`, committed between the undo's read and its write. */
  async function raced<T>(brandId: number, undo: () => Promise<T>): Promise<T> {
    if (t.engine === 'pglite') {
      let answer!: Promise<T>;
      await t.database.db.transaction(async (tx) => {
        await tx.insert(brandExclusions).values({ brandId, createdBy: userId });
        answer = undo();
      });
      return answer;
    }
    const other = new pg.Client({ connectionString: (t.database as { url?: string }).url });
    await other.connect();
    try {
      await other.query('begin');
      await other.query('insert into brand_exclusions (brand_id, created_by) values ($1, $2)', [brandId, userId]);
      const { rows } = await other.query<{ pid: number }>('select pg_backend_pid() as pid');
      const answer = undo();
      // The undo has read the brand as not excluded, and its insert now waits for this transaction.
      await eventually(async () => {
        const waiting = await t.database.db.execute(`select 1 from pg_stat_activity where ${rows[0]!.pid} = any(pg_blocking_pids(pid))`);
        return (waiting as unknown as { rows: unknown[] }).rows.length > 0 ? true : undefined;
      });
      await other.query('commit');
      return await answer;
    } finally {
      await other.end();
    }
  }

  it('skips the brand as changed since, answers 200 and keeps the other exclusion', async () => {
    const brandId = await ids.brand('Genelec');
    await call('POST', '/api/brands/exclusions', { name: 'Genelec' });
    const removed = await call<ExclusionChangeAnswer>('DELETE', `/api/brands/exclusions/${brandId}`);
    expect(removed.status).toBe(200);
    const changeId = removed.body.undo!.change_id;

    const answer = await raced(brandId, () => call<UndoAnswer & { message: string }>('POST', `/api/exclusion-changes/${changeId}/undo`));
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toMatchObject({ restored: 0, skipped: 1 });
    expect(
      await t.database.db
        .select({ brandId: brandExclusions.brandId, createdBy: brandExclusions.createdBy })
        .from(brandExclusions)
        .where(eq(brandExclusions.brandId, brandId)),
    ).toEqual([{ brandId, createdBy: userId }]);
  });
});
