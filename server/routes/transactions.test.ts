import { parse } from 'csv-parse/sync';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transactionExportColumns } from '../../contract/grid-exports';
import { transactionsAnswer, type TransactionsAnswer } from '../../contract/transactions';
import { generationRuns, tokenLedger } from '../db/schema';
import { finishedRun, eventually } from '../generation/test-support/queries';
import { type FakeStripe, startFakeStripe } from '../payments/test-support/fake-stripe';
import { saveCard } from '../payments/test-support/saved-cards';
import { testCards } from '../payments/test-support/test-cards';
import { catalogueApp, databaseDigest, type CatalogueCall, type DemoIds } from '../test/catalogue';
import type { TestApp } from '../test/app';
import { availableEngines } from '../test/databases';
import { changeBalance } from '../tokens/ledger';

const engines = await availableEngines();

describe.each(engines)('GET /api/transactions and its CSV export on %s', (engine) => {
  let fake: FakeStripe;
  let t: TestApp;
  let call: CatalogueCall;
  let ids: DemoIds;
  let headers: { authorization: string };
  let runId: number;

  const list = (query = '') => call<TransactionsAnswer>('GET', `/api/transactions${query}`);
  const exportCsv = (query = '', as = headers) => t.app.inject({ method: 'GET', url: `/api/transactions/export${query}`, headers: as });

  beforeAll(async () => {
    fake = await startFakeStripe();
    ({ t, call, ids, headers } = await catalogueApp(engine, {
      stripe: fake.config('whsec_test'),
      generation: { concurrency: 1, pollMs: 50, leaseMs: 30_000 },
    }));
    // A purchase on a saved Visa card, then a brand run that spends some of it.
    await saveCard(t, fake, headers, testCards.visa);
    const bought = await call('POST', '/api/purchase-tokens', { amount: 1_000_000, price: 35 });
    expect(bought.status).toBe(200);
    const subcategory = await ids.subcategory('Bulldozers');
    const generated = await call('POST', '/api/brands/generate', { subcategory_id: subcategory });
    expect(generated.status).toBeLessThan(300);
    const [run] = await t.database.db
      .select()
      .from(generationRuns)
      .where(eq(generationRuns.subcategoryId, subcategory))
      .orderBy(desc(generationRuns.id))
      .limit(1);
    runId = (await finishedRun(t.database.db, run!.id)).id;
    await eventually(async () => ((await list('?type=withdrawal')).body.total === 1 ? true : undefined));
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  it('answers 401 without a token, for the list and the export', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/transactions' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/transactions/export' })).statusCode).toBe(401);
  });

  it('lists the ledger newest first, each row described in words, a charge linked to its run, a purchase to its card', async () => {
    const res = await list();
    expect(res.status).toBe(200);
    expect(transactionsAnswer.safeParse(res.body).success).toBe(true);
    const [charge, purchase, start] = res.body.transactions;
    const [run] = await t.database.db.select().from(generationRuns).where(eq(generationRuns.id, runId));

    expect(charge).toMatchObject({ type: 'withdrawal', run_id: runId, tokens: -run!.chargedTokens, payment: null });
    expect(charge?.description).toBe(`Brands for Construction Equipment / Bulldozers: ${run!.itemsAdded} new`);
    expect(run!.itemsAdded).toBeGreaterThan(0);
    expect(purchase).toMatchObject({
      type: 'deposit',
      description: 'Purchased 1,000,000 tokens (Visa 4242)',
      tokens: 1_000_000,
      balance_after: 1_001_000,
      run_id: null,
      payment: { card_brand: 'visa', card_last4: '4242', amount: 35 },
    });
    expect(start).toMatchObject({ type: 'adjustment', tokens: 1_000, balance_after: 1_000 });
    expect(charge?.balance_after).toBe(1_001_000 - run!.chargedTokens);
    expect(res.body.total).toBe(3);
    expect(res.body.sums).toEqual({ deposits: 1_000_000, withdrawals: run!.chargedTokens });
  });

  it('shows a run once, as its charge: its hold is not a transaction', async () => {
    const rows = await t.database.db.select().from(tokenLedger).where(eq(tokenLedger.runId, runId));
    expect(rows).toHaveLength(1);
    expect((await list('?type=withdrawal')).body.transactions.map((r) => r.run_id)).toEqual([runId]);
  });

  it('filters by type, description and day, and pages with a total', async () => {
    expect((await list('?type=deposit')).body.transactions.map((r) => r.type)).toEqual(['deposit']);
    expect((await list('?type=adjustment')).body.total).toBe(1);
    expect((await list('?type=refund')).body).toEqual({ transactions: [], total: 0, sums: { deposits: 0, withdrawals: 0 } });
    expect((await list('?type=transfer')).body.total).toBe(0);
    const search = await list('?q=visa%204242');
    expect(search.body.transactions.map((r) => r.type)).toEqual(['deposit']);
    expect(search.body.sums).toEqual({ deposits: 1_000_000, withdrawals: 0 });
    expect((await list('?q=100%25')).body.total).toBe(0);

    const today = new Date().toISOString().slice(0, 10);
    expect((await list(`?from=${today}&to=${today}`)).body.total).toBe(3);
    expect((await list('?to=2020-01-31')).body.total).toBe(0);
    expect((await list('?from=2999-01-01')).body.total).toBe(0);

    const page = await list('?offset=1&limit=1');
    expect(page.body.total).toBe(3);
    expect(page.body.transactions.map((r) => r.type)).toEqual(['deposit']);
  });

  it('shows an operator only their own rows', async () => {
    const other = await t.signIn({ tokens: 77 });
    const res = await t.app.inject({ method: 'GET', url: '/api/transactions', headers: other.headers });
    expect(res.json<TransactionsAnswer>().transactions.map((r) => r.tokens)).toEqual([77]);
    const csv = parse((await exportCsv('', other.headers)).body, { bom: true }) as string[][];
    expect(csv).toHaveLength(2);
  });

  it.each([
    ['?type=gift', 'type'],
    ['?from=2026-13-01', 'from'],
    ['?to=2026-02-30', 'to'],
    ['?from=yesterday', 'from'],
    ['?from=2026-05-02&to=2026-05-01', 'to'],
    ['?limit=501', 'limit'],
    ['?limit=0', 'limit'],
    ['?offset=-1', 'offset'],
    [`?q=${'x'.repeat(201)}`, 'q'],
  ])('refuses %s with a 422 naming %s, changing nothing', async (query, field) => {
    const before = await databaseDigest(t.database.db);
    const res = await list(query);
    expect(res.status).toBe(422);
    expect(Object.keys((res.body as unknown as { errors: Record<string, string[]> }).errors)).toContain(field);
    if (!query.includes('limit') && !query.includes('offset')) expect((await exportCsv(query)).statusCode).toBe(422);
    expect(await databaseDigest(t.database.db)).toBe(before);
  });

  it('exports every matching row as an RFC 4180 CSV attachment', async () => {
    const res = await exportCsv();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="transactions-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(res.body.startsWith('\uFEFFDate,Description,Type,Tokens Amount,Balance,Run,Amount Paid (USD),Card\r\n')).toBe(true);
    const [header, ...rows] = parse(res.body, { bom: true }) as string[][];
    expect(header).toEqual(Object.values(transactionExportColumns));
    const listed = (await list()).body.transactions;
    expect(rows.map((r) => r[1])).toEqual(listed.map((r) => r.description));
    expect(rows[1]).toEqual([
      listed[1]!.created_at,
      'Purchased 1,000,000 tokens (Visa 4242)',
      'deposit',
      '1000000',
      '1001000',
      '',
      '35.00',
      'Visa 4242',
    ]);
    expect(rows[0]?.[5]).toBe(String(runId));

    const filtered = parse((await exportCsv('?type=withdrawal')).body, { bom: true }) as string[][];
    expect(filtered.slice(1).map((r) => r[2])).toEqual(['withdrawal']);
  });

  it('writes the columns asked for, in their order, and refuses an unknown one', async () => {
    const rows = parse((await exportCsv('?columns=tokens,description')).body, { bom: true }) as string[][];
    const listed = (await list()).body.transactions;
    expect(rows[0]).toEqual(['Tokens Amount', 'Description']);
    expect(rows.slice(1)).toEqual(listed.map((r) => [String(r.tokens), r.description]));
    const unknown = await exportCsv('?columns=tokens,secret');
    expect(unknown.statusCode).toBe(422);
    expect(unknown.body).toContain('Unknown column: secret');
  });

  it('quotes what needs quoting and keeps a formula from running in a spreadsheet', async () => {
    const other = await t.signIn();
    await changeBalance(t.database.db, {
      userId: other.userId,
      delta: 5,
      reason: 'adjustment',
      reference: 'quote-1',
      description: 'Credit, "goodwill"\nline two',
    });
    await changeBalance(t.database.db, {
      userId: other.userId,
      delta: 6,
      reason: 'adjustment',
      reference: 'quote-2',
      description: '=HYPERLINK("http://x")',
    });
    const body = (await exportCsv('', other.headers)).body;
    expect(body).toContain('"Credit, ""goodwill""\nline two"');
    const rows = parse(body, { bom: true }) as string[][];
    expect(rows.slice(1).map((r) => r[1])).toEqual(['\'=HYPERLINK("http://x")', 'Credit, "goodwill"\nline two']);
  });

  it('streams a long statement in batches, every row once, in order', async () => {
    const other = await t.signIn();
    await t.database.db.transaction(async (tx) => {
      for (let i = 1; i <= 2_345; i += 1) {
        await changeBalance(tx, {
          userId: other.userId,
          delta: 1,
          reason: 'adjustment',
          reference: `many-${other.userId}-${i}`,
          description: `Row ${i}`,
        });
      }
    });
    const rows = (parse((await exportCsv('', other.headers)).body, { bom: true }) as string[][]).slice(1);
    expect(rows).toHaveLength(2_345);
    expect(rows[0]?.[1]).toBe('Row 2345');
    expect(rows.at(-1)?.[1]).toBe('Row 1');
    expect(new Set(rows.map((r) => r[1])).size).toBe(2_345);
  });
});
