import { sql } from 'drizzle-orm';
import { issueAccessToken } from '../../server/auth/access-tokens';
import { upsertOperator } from '../../server/auth/users';
import type { Database } from '../../server/db/client';
import { pathOf } from '../../contract/endpoint';
import { exclusionChangesApi } from '../../contract/exclusion-changes';
import { reviewApi } from '../../contract/review';
import { startTestServer } from '../fixtures';
import { isMainModule, printFigures } from './run-alone';
import { timedPost } from './timed-post';

/**
 * A review decision by filter (docs/decisions/0025-review-of-generated-items.md): the time to accept every unreviewed
 * model of a run of 10,000 in one request (POST /api/review/decisions: one transaction, one journal change, a few
 * events), to undo it, and to reject them all (each also excluded). On PGlite, the slower of the two databases.
 * Run alone: `npx tsx e2e/bench/review-bulk.ts` (BENCH_REVIEW_MODELS changes the size).
 */

const modelCount = Number(process.env.BENCH_REVIEW_MODELS ?? 10_000);
const budget = { seconds: 10 } as const;

/** One category, subcategory and brand, and a finished models run of the operator that stored `count` unreviewed models. */
async function seedUnreviewedModels(db: Database, userId: number, count: number): Promise<number> {
  const one = async (statement: ReturnType<typeof sql>) =>
    Number(((await db.execute(statement)) as unknown as { rows: { id: number }[] }).rows[0]?.id);
  const categoryId = await one(sql`insert into categories (name) values ('Bench Review') returning id`);
  const subcategoryId = await one(
    sql`insert into subcategories (category_id, name) values (${categoryId}, 'Bench Review Models') returning id`,
  );
  const brandId = await one(sql`insert into brands (subcategory_id, name) values (${subcategoryId}, 'Bench Brand') returning id`);
  const runId = await one(
    sql`insert into generation_runs (type, user_id, category_id, subcategory_id, brand_id, status, finished_at, items_proposed, items_added)
        values ('Equipments', ${userId}, ${categoryId}, ${subcategoryId}, ${brandId}, 'Completed', now(), ${count}, ${count}) returning id`,
  );
  await db.execute(
    sql`insert into equipments (category_id, subcategory_id, brand_id, brand, model, run_id, review_state)
        select ${categoryId}, ${subcategoryId}, ${brandId}, 'Bench Brand', 'Model ' || n, ${runId}, 'unreviewed'
        from generate_series(1, ${count}) n`,
  );
  await db.execute(sql`analyze`);
  return runId;
}

/** `review_bulk`: accept all matching, undo, reject all matching; each timed against the 10 s budget. */
export async function benchReviewBulk(): Promise<Record<string, unknown>> {
  const server = await startTestServer({ seed: false });
  try {
    const { id: userId } = await upsertOperator(server.db, { email: 'bench-review@example.com', password: 'password123' });
    const token = await issueAccessToken(server.db, userId, 1);
    const runId = await seedUnreviewedModels(server.db, userId, modelCount);
    const decide = `${server.url}${pathOf(reviewApi.decide)}`;
    const selection = { filter: { run_id: runId } };

    const accept = await timedPost(decide, token, { decision: 'accept', selection });
    const changeId = (accept.answer.undo as { change_id: number }).change_id;
    const undo = await timedPost(`${server.url}${pathOf(exclusionChangesApi.undo, { id: changeId })}`, token);
    const reject = await timedPost(decide, token, { decision: 'reject', reason: 'not_real', selection });
    const within = (ms: number) => ms <= budget.seconds * 1000;
    return {
      models: modelCount,
      accepted: accept.answer.decided,
      accept_seconds: accept.ms / 1000,
      restored: undo.answer.restored,
      undo_seconds: undo.ms / 1000,
      rejected: reject.answer.decided,
      reject_seconds: reject.ms / 1000,
      budget: `each under ${budget.seconds} s`,
      budget_met:
        within(accept.ms) &&
        within(undo.ms) &&
        within(reject.ms) &&
        accept.answer.decided === modelCount &&
        undo.answer.restored === modelCount &&
        reject.answer.decided === modelCount,
    };
  } finally {
    await server.close();
  }
}

if (isMainModule(import.meta.url)) {
  printFigures(async () => ({ review_bulk: await benchReviewBulk() }));
}
