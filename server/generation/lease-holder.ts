import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { type Database, newPostgresSession } from '../db/client';

/**
 * Who holds a run's lease (docs/decisions/0003-runs-as-a-leased-job-table.md), and whether a holder still runs, so
 * that a starting process takes over at once the runs of dead ones instead of waiting for their leases to run out.
 *
 * A holder is named by an id made when it starts, `host/pid/uuid`: the uuid makes it unique, host and pid only tell
 * a person where it ran. Whether it runs is never read from its pid: two containers on one host network share the
 * hostname and are both pid 1. On PostgreSQL a live holder holds a session-level advisory lock keyed by its id, on a
 * connection of its own, which the database lets go when the process dies however it dies. On PGlite, which one
 * process opens at a time (server/db/data-directory-lock.ts), the live holders are those this process attended on
 * that database.
 */
export interface LeaseHolder {
  readonly id: string;
  /** Shows this holder alive to every process sharing the database, until `retire`; before it holds any run. */
  attend(): Promise<void>;
  /** The holders among `holders` that no longer run (never this one). */
  deadAmong(holders: readonly string[]): Promise<string[]>;
  /** This holder stops (its app closes). */
  retire(): Promise<void>;
}

/** How a holder is named: the machine and process it runs in (for a person reading the runs; tests name two alike). */
export interface HolderLabels {
  host?: string;
  pid?: number;
}

export function newLeaseHolder(db: Database, labels: HolderLabels = {}): LeaseHolder {
  const id = `${labels.host ?? hostname()}/${labels.pid ?? process.pid}/${randomUUID()}`;
  const session = newPostgresSession(db, sessionName);
  return session ? new PostgresHolder(id, db, session) : new PgliteHolder(id, db);
}

/** What `pg_stat_activity` shows for a holder's own connection. */
const sessionName = 'catalogue generation lease holder';

/** The holders attended on each PGlite database of this process (the only process that has it open). */
const attendedOn = new WeakMap<Database, Set<string>>();

class PgliteHolder implements LeaseHolder {
  private readonly attended: Set<string>;

  constructor(
    readonly id: string,
    db: Database,
  ) {
    this.attended = attendedOn.get(db) ?? new Set();
    attendedOn.set(db, this.attended);
  }

  attend(): Promise<void> {
    this.attended.add(this.id);
    return Promise.resolve();
  }

  deadAmong(holders: readonly string[]): Promise<string[]> {
    return Promise.resolve(holders.filter((holder) => holder !== this.id && !this.attended.has(holder)));
  }

  retire(): Promise<void> {
    this.attended.delete(this.id);
    return Promise.resolve();
  }
}

/** The first key of the advisory locks that mark live holders; the second is the hash of the holder's id. */
const holderLockSpace = 0x63617467;
/** How long after losing its connection a holder tries again to show itself alive. */
const reconnectMs = 1_000;
/** SQLSTATE invalid_catalog_name: the database does not exist. */
const databaseMissing = '3D000';

class PostgresHolder implements LeaseHolder {
  private session: pg.Client | undefined;
  private retired = false;
  private reconnect: NodeJS.Timeout | undefined;

  constructor(
    readonly id: string,
    private readonly db: Database,
    private readonly firstSession: pg.Client,
  ) {}

  async attend(): Promise<void> {
    await this.connect(this.firstSession);
  }

  async deadAmong(holders: readonly string[]): Promise<string[]> {
    const others = holders.filter((holder) => holder !== this.id);
    if (others.length === 0) return [];
    const candidates = sql.join(
      others.map((holder) => sql`(${holder}::text)`),
      sql`, `,
    );
    const live = sql`select 1 from pg_locks
      where locktype = 'advisory' and granted and objsubid = 2
        and database = (select oid from pg_database where datname = current_database())
        and classid = ${holderLockSpace}::int::oid and objid = hashtext(candidate.holder)::oid`;
    const result = await this.db.execute(
      sql`select candidate.holder from (values ${candidates}) as candidate(holder) where not exists (${live})`,
    );
    return (result as unknown as { rows: { holder: string }[] }).rows.map((row) => row.holder);
  }

  async retire(): Promise<void> {
    this.retired = true;
    clearTimeout(this.reconnect);
    const session = this.session;
    this.session = undefined;
    if (!session) return;
    // Unlocked before the connection ends, so that the holder is dead to the others once this resolves.
    await session.query('select pg_advisory_unlock($1, hashtext($2))', [holderLockSpace, this.id]).catch(() => undefined);
    await session.end().catch(() => undefined);
  }

  private async connect(session: pg.Client): Promise<void> {
    // The connection dropped (the database restarted, an idle timeout): its lock went with it; show it again.
    session.on('error', () => this.lost(session));
    session.on('end', () => this.lost(session));
    await session.connect();
    // Not granted only when another live holder's id hashes alike: this one then looks alive while that one is, which
    // errs the safe way (its runs wait for their leases rather than being taken from a live process).
    await session.query('select pg_try_advisory_lock($1, hashtext($2))', [holderLockSpace, this.id]);
    if (this.retired) await session.end();
    else this.session = session;
  }

  private lost(session: pg.Client): void {
    if (this.session !== session) return;
    this.session = undefined;
    this.connectLater();
  }

  private connectLater(): void {
    if (this.retired) return;
    this.reconnect = setTimeout(() => {
      const again = newPostgresSession(this.db, sessionName);
      if (!again) return;
      this.connect(again).catch((error: unknown) => {
        void again.end().catch(() => undefined);
        // The database itself is gone (dropped): nothing is left to hold runs of.
        if ((error as { code?: unknown }).code !== databaseMissing) this.connectLater();
      });
    }, reconnectMs);
    this.reconnect.unref();
  }
}
