import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { upsertOperator } from '../auth/users';
import type { Database } from '../db/client';
import { categories, generationRuns } from '../db/schema';
import { availableEngines, freshDatabase } from '../test/databases';
import { newLeaseHolder, type LeaseHolder } from './lease-holder';
import { claimNextRun, enqueueRuns, freeRunsOfDeadHolders } from './runs';
import { eventually } from './test-support/queries';

/**
 * A live process's runs are never taken over (docs/decisions/0003-runs-as-a-leased-job-table.md). Two containers on
 * one host network share the hostname and are both pid 1: holders named alike here, by an injected host and pid,
 * must still tell each other apart. What a starting worker does with the runs of the holders it finds is
 * `freeRunsOfDeadHolders` asking its own holder which are dead, as below.
 */

const engines = await availableEngines();
const shared = { host: 'shared-host', pid: 1 };
const leaseMs = 600_000;

async function queueRun(db: Database, name: string): Promise<number> {
  const [category] = await db.insert(categories).values({ name }).returning();
  const { id: userId } = await upsertOperator(db, {
    email: `${name.toLowerCase().replace(/\W+/g, '-')}@example.com`,
    password: 'password123',
  });
  const { runs } = await enqueueRuns(db, {
    userId,
    targets: [
      {
        type: 'Events',
        categoryId: category!.id,
        subcategoryId: null,
        brandId: null,
      },
    ],
  });
  return runs[0]!.id;
}

const takeOver = (db: Database, starting: LeaseHolder) => freeRunsOfDeadHolders(db, (holders) => starting.deadAmong(holders));

describe.each(engines)('lease holders named by the same host and pid, on %s', (engine) => {
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  const holders: LeaseHolder[] = [];
  beforeAll(async () => {
    database = await freshDatabase(engine);
  });
  afterAll(async () => {
    for (const holder of holders) await holder.retire();
    await database.close();
  });

  const holder = () => {
    const made = newLeaseHolder(database.db, shared);
    holders.push(made);
    return made;
  };
  const runOf = async (id: number) => (await database.db.select().from(generationRuns).where(eq(generationRuns.id, id)))[0];

  it('are told apart by the id each made at its start: a live one keeps its run, a retired one has it taken over', async () => {
    const runId = await queueRun(database.db, 'Identity one');
    const working = holder();
    await working.attend();
    expect((await claimNextRun(database.db, { holder: working.id, ms: leaseMs }))?.id).toBe(runId);

    const starting = holder();
    await starting.attend();
    expect(starting.id).not.toBe(working.id);
    expect([working.id, starting.id].every((id) => id.startsWith('shared-host/1/'))).toBe(true);
    expect(await takeOver(database.db, starting)).toBe(0);
    expect(await runOf(runId)).toMatchObject({
      leaseHolder: working.id,
      leaseUntil: expect.any(Date),
      finishedAt: null,
    });

    await working.retire();
    expect(await takeOver(database.db, starting)).toBe(1);
    expect(await runOf(runId)).toMatchObject({
      leaseHolder: working.id,
      leaseUntil: null,
      finishedAt: null,
    });
    // Ended, so that the next test's process takes its own run.
    await database.db.update(generationRuns).set({ finishedAt: new Date() }).where(eq(generationRuns.id, runId));
  });

  // PGlite is opened by one process at a time (server/db/data-directory-lock.ts): another process is PostgreSQL's case.
  if (engine === 'postgres')
    it('in another process: its run stays its own while it runs, and is taken over once it is killed', { timeout: 60_000 }, async () => {
      const runId = await queueRun(database.db, 'Identity two');
      const child = spawn(
        process.execPath,
        ['--import', 'tsx', fileURLToPath(new URL('./test-support/lease-holding-process.ts', import.meta.url))],
        {
          env: {
            ...process.env,
            DATABASE_URL: database.url,
            HOLDER_HOST: shared.host,
            HOLDER_PID: String(shared.pid),
          },
          stdio: ['ignore', 'pipe', 'inherit'],
        },
      );
      const exited = once(child, 'exit');
      try {
        const [line] = (await once(createInterface({ input: child.stdout! }), 'line')) as [string];
        const other = JSON.parse(line) as { holder: string; runId: number };
        expect(other).toEqual({
          holder: expect.stringMatching(/^shared-host\/1\//),
          runId,
        });

        const starting = holder();
        await starting.attend();
        expect(await takeOver(database.db, starting)).toBe(0);
        expect(await runOf(runId)).toMatchObject({
          leaseHolder: other.holder,
          leaseUntil: expect.any(Date),
        });

        child.kill('SIGKILL');
        await exited;
        // The database lets the dead process's lock go once it sees its connection closed.
        await eventually(async () => ((await starting.deadAmong([other.holder])).length === 1 ? true : undefined));
        expect(await takeOver(database.db, starting)).toBe(1);
        expect(await runOf(runId)).toMatchObject({
          leaseHolder: other.holder,
          leaseUntil: null,
          finishedAt: null,
        });
      } finally {
        child.kill('SIGKILL');
      }
    });

  if (engine === 'postgres')
    it('a holder whose own connection was cut (a database restart) shows itself alive again', async () => {
      const working = holder();
      const watching = holder();
      await working.attend();
      await watching.attend();
      const lockedBy = async () => {
        const found = await database.db.execute(
          sql`select pid from pg_locks where locktype = 'advisory' and granted and objid = hashtext(${working.id})::oid`,
        );
        return (found as unknown as { rows: { pid: number }[] }).rows.map((row) => row.pid);
      };
      const [before] = await lockedBy();
      await database.db.execute(sql`select pg_terminate_backend(${before}::int)`);
      // Its lock is held again, by its new connection.
      await eventually(async () => ((await lockedBy()).some((pid) => pid !== before) ? true : undefined));
      expect(await watching.deadAmong([working.id])).toEqual([]);
    });
});
