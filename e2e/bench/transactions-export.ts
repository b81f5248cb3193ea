import { sql } from 'drizzle-orm';
import { upsertOperator } from '../../server/auth/users';
import { issueAccessToken } from '../../server/auth/access-tokens';
import { pathOf } from '../../contract/endpoint';
import { transactionsApi } from '../../contract/transactions';
import { startTestServer } from '../fixtures';
import { isMainModule, printFigures } from './run-alone';
import { measureStreamedDownload } from './streamed-download';

/**
 * GET /api/transactions/export of 100,000 ledger rows (docs/decisions/0008-money-and-runs-in-sight.md): the time to stream the whole CSV and how much the
 * server process's memory grows meanwhile (budget: under 50 MB). The rows are written by one INSERT ... SELECT (a
 * bench step); the client reads the answer as a stream and keeps nothing, so what grows is the server's.
 * Run alone: `npx tsx e2e/bench/transactions-export.ts`.
 */

const rowCount = Number(process.env.BENCH_STATEMENT_ROWS ?? 100_000);
const budgetMb = 50;

export async function benchTransactionsExport(): Promise<Record<string, unknown>> {
  const server = await startTestServer({ seed: false });
  try {
    const { id: userId } = await upsertOperator(server.db, { email: 'bench-statement@example.com', password: 'password123' });
    await server.db.execute(sql`
      insert into token_ledger (user_id, delta, balance_after, reason, reference, description, created_at)
      select ${userId}, 10, g * 10, 'adjustment', 'bench-statement-' || g, 'Bench credit, row ' || g || ' "quoted"',
             now() - make_interval(secs => ${rowCount} - g)
      from generate_series(1, ${rowCount}) g`);
    await server.db.execute(sql`update users set tokens = ${rowCount * 10} where id = ${userId}`);
    // As PostgreSQL's autoanalyze (and `npm run seed:scale` on PGlite) would after a bulk load.
    await server.db.execute(sql`analyze token_ledger`);
    const token = await issueAccessToken(server.db, userId, 1);

    const figures = await measureStreamedDownload(`${server.url}${pathOf(transactionsApi.export)}`, token, rowCount);
    return {
      ...figures,
      budget: `rss growth < ${budgetMb} MB`,
      within_budget: figures.rss_growth_mb < budgetMb && figures.csv_lines === rowCount + 1,
    };
  } finally {
    await server.close();
  }
}

if (isMainModule(import.meta.url)) printFigures(benchTransactionsExport);
