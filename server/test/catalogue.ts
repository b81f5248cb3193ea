import { and, eq, sql } from 'drizzle-orm';
import type { AppConfig } from '../config';
import type { Database } from '../db/client';
import { brands, categories, equipments, subcategories } from '../db/schema';
import { seedDemo } from '../seed/demo';
import { changeBalance } from '../tokens/ledger';
import type { Engine } from './databases';
import { createTestApp, type TestApp } from './app';

export type CatalogueCall = ReturnType<typeof caller>;
export type DemoIds = Awaited<ReturnType<typeof demoIds>>;

/**
 * The real app over a fresh database holding the demo catalogue, a signed-in operator, a caller acting as that
 * operator and the demo catalogue's ids by name. `overrides` change the app's config (a fake Stripe, say).
 */
export async function catalogueApp(
  engine: Engine,
  overrides: Partial<AppConfig> = {},
): Promise<{ t: TestApp; headers: { authorization: string }; userId: number; call: CatalogueCall; ids: DemoIds }> {
  const t = await createTestApp(engine, overrides);
  await seedDemo(t.database.db, { email: 'demo-seed@example.com', password: 'password123' });
  const { headers, userId } = await t.signIn({ tokens: 1000 });
  return { t, headers, userId, call: caller(t, headers), ids: await demoIds(t.database.db) };
}

/**
 * The catalogue app whose runs stay queued or under way for a whole test file (the demo generator takes a minute a
 * run, one run at a time), its operator holding 500,000 tokens: what a generate call queued can be matched to its rows.
 */
export async function slowRunsCatalogueApp(engine: Engine, reference: string) {
  const app = await catalogueApp(engine, {
    ai: { provider: 'demo', demoDelayMs: 60_000, maxOutputTokens: 4000 },
    generation: { concurrency: 1, pollMs: 50, leaseMs: 30_000 },
  });
  await creditOperator(app, 499_000, reference);
  return app;
}

/** Adds `delta` tokens to the app's operator, as an adjustment of the ledger (`reference` made unique by the operator). */
export async function creditOperator(app: { t: TestApp; userId: number }, delta: number, reference: string): Promise<void> {
  await changeBalance(app.t.database.db, {
    userId: app.userId,
    delta,
    reason: 'adjustment',
    reference: `${reference}-${app.userId}`,
    description: 'Balance adjustment',
  });
}

/** Tables whose rows a request may touch without changing anything the operator sees. */
const volatileTables = new Set(['access_tokens']);

/**
 * A digest of every row of every table (but the bearer tokens, whose last use is refreshed by any request):
 * equal digests before and after a refused request show that it changed nothing.
 */
export async function databaseDigest(db: Database): Promise<string> {
  const result = await db.execute(
    sql`select table_name::text as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  const tables = (result as unknown as { rows: { name: string }[] }).rows.map((r) => r.name).filter((n) => !volatileTables.has(n));
  const parts = tables.map(
    (name) => `select '${name}' as t, md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as h from "${name}" x`,
  );
  const digest = await db.execute(
    sql.raw(`select string_agg(t || ':' || h, ',' order by t) as digest from (${parts.join(' union all ')}) d`),
  );
  return (digest as unknown as { rows: { digest: string }[] }).rows[0]?.digest ?? '';
}

/** Ids of the demo catalogue by name. */
export async function demoIds(db: Database) {
  const category = async (name: string) => {
    const [row] = await db.select({ id: categories.id }).from(categories).where(eq(categories.name, name));
    if (!row) throw new Error(`no category ${name}`);
    return row.id;
  };
  const subcategory = async (name: string) => {
    const [row] = await db
      .select({ id: subcategories.id, categoryId: subcategories.categoryId })
      .from(subcategories)
      .where(eq(subcategories.name, name));
    if (!row) throw new Error(`no subcategory ${name}`);
    return row.id;
  };
  const brand = async (name: string) => {
    const [row] = await db.select({ id: brands.id }).from(brands).where(eq(brands.name, name));
    if (!row) throw new Error(`no brand ${name}`);
    return row.id;
  };
  const equipment = async (brandName: string, model: string) => {
    const [row] = await db
      .select({ id: equipments.id })
      .from(equipments)
      .where(and(eq(equipments.brand, brandName), eq(equipments.model, model)));
    if (!row) throw new Error(`no equipment ${brandName} ${model}`);
    return row.id;
  };
  return { category, subcategory, brand, equipment };
}

/** Calls the app as the signed-in operator and answers status and parsed body. */
export function caller(t: TestApp, headers: { authorization: string }) {
  return async <T = unknown>(method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown) => {
    const res = await t.app.inject({
      method,
      url,
      headers: { ...headers, 'x-requested-with': 'XMLHttpRequest' },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    return { status: res.statusCode, body: res.json<T>(), headers: res.headers };
  };
}
