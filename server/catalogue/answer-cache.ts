import { sql } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import type { Database, Executor } from '../db/client';

/**
 * Answers that every screen asks for and that change rarely (the category tree, the status lists), kept in memory
 * as encoded JSON and reused while the database's `catalogue_version` stands.
 *
 * Every statement that changes categories, subcategories (their counters included), statuses or brands takes a new
 * `catalogue_version` number (a sequence, migration 0002), whoever runs it: a screen, a generation job, another
 * server process. Each request reads the number (one tiny query); a different number empties the cache.
 * The number is read before the answer is built, so an answer never predates its number. A transaction still in
 * progress when the number is read could commit after the answer is built and under the same number, so an answer
 * built while any write transaction is in progress is served but not kept. Keys may carry a scope (a subcategory
 * id): at most `maxEntries` are kept, so made-up ids cannot grow the cache without bound.
 */
/** Enough for every scope of a catalogue at scale (1,000 subcategories, 50 categories); a key past it is not kept. */
const maxEntries = 4096;

class AnswerCache {
  private version: string | undefined;
  private readonly entries = new Map<string, unknown>();

  constructor(private readonly db: Executor) {}

  async get<T>(key: string, build: () => Promise<T>): Promise<T> {
    const { version, quiet } = await readVersion(this.db);
    if (version !== this.version) {
      this.entries.clear();
      this.version = version;
    }
    if (this.entries.has(key)) return this.entries.get(key) as T;
    const value = await build();
    if (quiet && this.version === version && this.entries.size < maxEntries) this.entries.set(key, value);
    return value;
  }
}

async function readVersion(db: Executor): Promise<{ version: string; quiet: boolean }> {
  const result = await db.execute(
    sql`select last_value::text || ':' || is_called::text as version,
               not exists (select 1 from pg_snapshot_xip(pg_current_snapshot())) as quiet
        from catalogue_version`,
  );
  const [row] = (result as unknown as { rows: { version: string; quiet: boolean }[] }).rows;
  return { version: row?.version ?? 'none', quiet: row?.quiet === true };
}

const caches = new WeakMap<Database, AnswerCache>();

/** The answer cache of a database (one per opened database, shared by every route of the app on it). */
export function answerCache(db: Database): AnswerCache {
  let cache = caches.get(db);
  if (!cache) {
    cache = new AnswerCache(db);
    caches.set(db, cache);
  }
  return cache;
}

/** JSON text of a value encoded by its contract schema (the same check the route serializer makes). */
export function encodeJson<S extends z.ZodType>(schema: S, value: z.output<S>): string {
  return JSON.stringify(z.encode(schema, value));
}

/** Joins JSON array texts into one array text. */
export function concatJsonArrays(...arrays: string[]): string {
  const nonEmpty = arrays.filter((a) => a.trim() !== '[]');
  if (nonEmpty.length <= 1) return nonEmpty[0] ?? '[]';
  const items = nonEmpty.map((a) => a.trim().slice(1, -1).trim()).filter((inner) => inner.length > 0);
  return `[${items.join(',')}]`;
}

/** Sends JSON text already encoded by the contract (Fastify sends a JSON-typed string as it is). */
export function sendJson(reply: FastifyReply, text: string): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(text);
}
