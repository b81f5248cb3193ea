import { and, desc, eq, type SQL } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Database } from '../../db/client';
import { generationRuns } from '../../db/schema';
import type { CatalogueCall } from '../../test/catalogue';
import { listAnswer, type FakeOpenAi } from './fake-openai';
import { finishedRun } from './queries';

/** What a suite of the fake OpenAI-compatible server has once its app is up (read when a step runs). */
interface Suite {
  fake: FakeOpenAi;
  call: CatalogueCall;
  db: Database;
}

/**
 * The steps of a test that generates through the fake server: the latest run matching `where`, once finished; and
 * a brands run of `subcategory` whose answer proposes `names`, answered and finished.
 */
export function generateThroughFake(suite: () => Suite) {
  const lastRun = async (where: SQL | undefined) => {
    const { db } = suite();
    const [run] = await db.select().from(generationRuns).where(where).orderBy(desc(generationRuns.id)).limit(1);
    if (!run) throw new Error('no run');
    return finishedRun(db, run.id);
  };
  const generateBrands = async (subcategory: number, names: string[]) => {
    const { fake, call } = suite();
    fake.enqueue(
      listAnswer(
        'brands',
        names.map((name) => ({ name })),
      ),
    );
    const res = await call('POST', '/api/brands/generate', { subcategory_id: subcategory });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return lastRun(and(eq(generationRuns.type, 'Brands'), eq(generationRuns.subcategoryId, subcategory)));
  };
  return { lastRun, generateBrands };
}
