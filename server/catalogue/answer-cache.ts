import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import type { Database } from '../db/client';
import { perDatabase } from '../db/per-database';
import { readCatalogueVersion } from '../db/request-reads';

/**
 * What the catalogue screens ask for (the category tree, the status lists, the brands, events and equipment pages),
 * kept in memory and reused while the database's `catalogue_version` stands.
 *
 * Every statement that changes a catalogue row (categories, subcategories and their counters, statuses, brands and
 * their information, events, equipment items, both exclusion lists, a run's change a history shows) takes a new
 * `catalogue_version` number (a sequence, migrations 0002, 0011 and 0012), whoever runs it: a screen, a generation
 * job, another server process. Each request reads the number (in one query with the token lookups of the requests
 * of the same turn of the event loop, server/db/request-reads.ts); a different number empties the cache. The number
 * is read before the answer is built, so an answer never predates its number. A transaction still in progress when
 * the number is read could commit after the answer is built and under the same number, so an answer built while a
 * write transaction is in progress on the database is served but not kept. Only this database's writers count (an
 * xid in pg_stat_activity): the transactions of other databases on the same PostgreSQL server cannot touch its rows.
 *
 * Keys carry their scope (ids, a page's query), so the cache is bounded twice: at most `maxEntries` entries and
 * `maxBytes` of their text; the least recently used go first, so made-up queries cannot grow it without bound.
 */
const maxEntries = 10_000;
/** A whole catalogue at scale several times over (the largest page answer is about 72 kB). */
const maxBytes = 64 * 1024 * 1024;

/** The `catalogue_version` a request read, and whether an answer built under it may be kept. */
export interface CatalogueSnapshot {
  version: string;
  keepable: boolean;
}

interface Entry {
  value: unknown;
  bytes: number;
}

class AnswerCache {
  private version: string | undefined;
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;

  constructor(private readonly db: Database) {}

  /** Reads the number; a new one empties the cache. */
  async snapshot(): Promise<CatalogueSnapshot> {
    // Once per turn of the event loop, for every request that asked in it, with their tokens' lookups.
    const { version, quiet } = await readCatalogueVersion(this.db);
    if (version !== this.version) {
      this.entries.clear();
      this.bytes = 0;
      this.version = version;
    }
    return { version, keepable: quiet };
  }

  /** The value kept under `key`, now the most recently used. */
  peek<T>(key: string): T | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value as T;
  }

  /**
   * Keeps `value` (about `bytes` long) when it was built under the number that still stands, with no write under way;
   * answers whether it did.
   */
  keep(snapshot: CatalogueSnapshot, key: string, value: unknown, bytes: number): boolean {
    if (!snapshot.keepable || snapshot.version !== this.version || bytes > maxBytes) return false;
    this.forget(key);
    this.entries.set(key, { value, bytes });
    this.bytes += bytes;
    this.evictOverflow();
    return true;
  }

  /** Counts `bytes` more for the value under `key` (a compressed copy added to it). */
  grow(key: string, bytes: number): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    entry.bytes += bytes;
    this.bytes += bytes;
    this.evictOverflow();
  }

  /** The value under `key`, built and kept (`sizeOf` tells its size) when there is none. */
  async get<T>(key: string, build: () => Promise<T>, sizeOf: (value: T) => number): Promise<T> {
    const snapshot = await this.snapshot();
    const kept = this.peek<T>(key);
    if (kept !== undefined) return kept;
    const value = await build();
    this.keep(snapshot, key, value, sizeOf(value));
    return value;
  }

  private forget(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.bytes;
  }

  private evictOverflow(): void {
    for (const key of this.entries.keys()) {
      if (this.entries.size <= maxEntries && this.bytes <= maxBytes) return;
      this.forget(key);
    }
  }
}

/** The answer cache of a database (one per opened database, shared by every route of the app on it). */
export const answerCache = perDatabase((db) => new AnswerCache(db));

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
