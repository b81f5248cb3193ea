import { openDatabase } from '../../db/client';
import { newLeaseHolder } from '../lease-holder';
import { claimNextRun } from '../runs';

/**
 * Another process on the PostgreSQL database of `DATABASE_URL` (process-identity.test.ts): a lease holder named
 * `HOLDER_HOST`/`HOLDER_PID` shows itself alive and takes the oldest free run under a long lease, prints
 * `{ holder, runId }` as one JSON line, and runs until it is killed.
 */
const database = await openDatabase({ url: process.env.DATABASE_URL ?? '' });
const holder = newLeaseHolder(database.db, { host: process.env.HOLDER_HOST, pid: Number(process.env.HOLDER_PID) });
await holder.attend();
const run = await claimNextRun(database.db, { holder: holder.id, ms: 600_000 });
console.log(JSON.stringify({ holder: holder.id, runId: run?.id ?? null }));
setInterval(() => undefined, 60_000);
