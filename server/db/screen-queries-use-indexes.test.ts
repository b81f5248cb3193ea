import pg from 'pg';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenCallsAt } from '../../e2e/bench/api';
import { seedScale, type ScaleSummary } from '../seed/scale';
import { createTestApp, type TestApp } from '../test/app';

/**
 * docs/figures.md: at catalogue scale on PostgreSQL, every query the screens' calls make (the bench's list of them,
 * e2e/bench/api.ts) reads its large tables through an index. The queries are the server's own (and its background
 * work's), seen on their way to PostgreSQL while the calls are answered over HTTP; each is then planned again with
 * EXPLAIN and its values, after ANALYZE, and the test fails on a sequential scan of a table of 10,000 rows or more.
 */

/** A table at least this large may not be read whole by a screen. */
const largeTableRows = 10_000;

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  Plans?: PlanNode[];
}

interface SeenQuery {
  text: string;
  values: unknown[];
}

function sequentialScans(node: PlanNode): string[] {
  const own = node['Node Type'] === 'Seq Scan' && node['Relation Name'] ? [node['Relation Name']] : [];
  return [...own, ...(node.Plans ?? []).flatMap(sequentialScans)];
}

/** Records the statements every pg client of this process sends while `during` runs. */
async function queriesDuring(during: () => Promise<void>): Promise<SeenQuery[]> {
  const seen: SeenQuery[] = [];
  const query = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const [config, values] = args as [string | { text: string; values?: unknown[] }, unknown[] | undefined];
    if (typeof config === 'string') seen.push({ text: config, values: Array.isArray(values) ? values : [] });
    else if (config && typeof config.text === 'string')
      seen.push({ text: config.text, values: config.values ?? (Array.isArray(values) ? values : []) });
    return (query as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof query;
  try {
    await during();
  } finally {
    pg.Client.prototype.query = query;
  }
  return seen;
}

// PostgreSQL only: TEST_DATABASES=pglite leaves this file out of the run (vite.config.ts).
describe("the screens' queries at catalogue scale on PostgreSQL", () => {
  let t: TestApp;
  let seeded: ScaleSummary;
  let baseUrl: string;
  let token: string;

  beforeAll(async () => {
    t = await createTestApp('postgres');
    seeded = await seedScale(t.database.db, { operator: { email: 'explain@example.com', password: 'explain-password', tokens: 1_000 } });
    await t.database.db.execute(sql`analyze`);
    baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const login = await fetch(`${baseUrl}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'explain@example.com', password: 'explain-password' }),
    });
    token = ((await login.json()) as { token: string }).token;
  }, 240_000);
  afterAll(() => t?.close());

  it('reads no large table whole', async () => {
    const calls = await screenCallsAt(baseUrl, token, seeded);
    const statuses: Record<string, number> = {};
    const seen = await queriesDuring(async () => {
      for (const call of calls) {
        const answer = await fetch(`${baseUrl}${call}`, { headers: { authorization: `Bearer ${token}` } });
        statuses[call] = answer.status;
        await answer.arrayBuffer();
      }
    });
    expect(
      Object.values(statuses).every((status) => status === 200),
      JSON.stringify(statuses),
    ).toBe(true);

    const reads = seen.filter((q) => /^\s*(select|with)\b/i.test(q.text));
    expect(reads.length).toBeGreaterThan(calls.length);

    const sizes = await t.database.db.execute<{ relname: string; rows: number }>(
      sql`select relname, reltuples::bigint::int as rows from pg_class where relkind = 'r' and relnamespace = 'public'::regnamespace`,
    );
    const large = new Set(
      (sizes as unknown as { rows: { relname: string; rows: number }[] }).rows
        .filter((r) => r.rows >= largeTableRows)
        .map((r) => r.relname),
    );
    expect([...large]).toEqual(expect.arrayContaining(['brands', 'equipments']));

    const client = new pg.Client({ connectionString: (t.database as { url?: string }).url });
    await client.connect();
    const scans: string[] = [];
    try {
      // The check itself: a query that can only read the table whole is caught.
      const control = await client.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
        `explain (format json) select * from equipments where id % $1 = 3`,
        [7],
      );
      expect(sequentialScans(control.rows[0]!['QUERY PLAN'][0].Plan)).toContain('equipments');
      for (const read of reads) {
        const { rows } = await client.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(`explain (format json) ${read.text}`, read.values);
        const plan = rows[0]?.['QUERY PLAN'][0].Plan;
        for (const table of plan ? sequentialScans(plan) : []) {
          if (large.has(table)) scans.push(`${table}: ${read.text.replace(/\s+/g, ' ').slice(0, 300)}`);
        }
      }
    } finally {
      await client.end();
    }
    expect(scans).toEqual([]);
  }, 240_000);
});
