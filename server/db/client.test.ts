import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it, vi } from 'vitest';
import { availableEngines, freshDatabase, postgresAdminUrl } from '../test/databases';

const engines = await availableEngines();

/** Waits until the test's pg_sleep query is active on the PostgreSQL database at `url`. */
async function untilRunning(url: string) {
  const database = new URL(url).pathname.slice(1);
  const admin = new pg.Client({ connectionString: postgresAdminUrl });
  await admin.connect();
  try {
    await vi.waitFor(
      async () => {
        const { rows } = await admin.query(
          "select count(*)::int as n from pg_stat_activity where datname = $1 and state = 'active' and query like '%pg_sleep%'",
          [database],
        );
        expect(rows[0]?.n).toBe(1);
      },
      { timeout: 10_000, interval: 5 },
    );
  } finally {
    await admin.end();
  }
}

describe.each(engines)('closing the database on %s', (engine) => {
  it('lets a query still running finish instead of failing it', async () => {
    const database = await freshDatabase(engine);
    // Drizzle queries start when awaited: `then` starts this one now.
    const running = database.db.execute(sql`select pg_sleep(1), 42 as answer`).then((result) => result);
    // Closing starts while the query runs (a handler whose client hung up as the server stopped). PGlite runs the
    // queries of its one connection in the order they were asked, in this thread: the query is ahead of the close
    // already. PostgreSQL's runs elsewhere: wait until the server shows it running.
    if (database.url) await untilRunning(database.url);
    const closed = database.close();
    const result = (await running) as unknown as { rows: { answer: number }[] };
    expect(result.rows[0]?.answer).toBe(42);
    await closed;
  });
});
