import { constants } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import { hostname } from 'node:os';
import path from 'node:path';
import { tryLock } from 'fs-native-extensions';

/**
 * One process at a time opens a PGlite data directory (docs/decisions/0001-pglite-by-default-postgres-by-url.md): two
 * PGlite instances writing one directory lose each other's writes. The process that opens it holds an exclusive
 * lock on `DATA_DIR/in-use.lock`, taken by the operating system on the open file (`fcntl` F_OFD_SETLK on Linux, `flock`
 * on macOS): the kernel drops it when the holder closes the database or dies however it dies, so there is no stale
 * lock to judge, and it holds between containers sharing the directory (their pids would say nothing). The file's
 * text only tells a person who holds it.
 */

const lockFileName = 'in-use.lock';

/** Who holds a data directory, as its lock file says. */
interface Holder {
  pid: number;
  host: string;
  command: string;
  since: string;
}

export class DataDirectoryInUseError extends Error {
  constructor(
    readonly dataDir: string,
    holder: Holder | undefined,
  ) {
    const who = holder ? ` by process ${holder.pid} on ${holder.host} (${holder.command}, since ${holder.since})` : ' by another process';
    super(
      `The data directory ${dataDir} is in use${who}. Nothing was changed. ` +
        'Stop that process first, or make the change through the running server.',
    );
    this.name = 'DataDirectoryInUseError';
  }
}

export interface DataDirectoryLock {
  release(): Promise<void>;
}

/** Locks `dataDir` (an existing folder) for this process, or throws DataDirectoryInUseError when another holds it. */
export async function lockDataDirectory(dataDir: string): Promise<DataDirectoryLock> {
  const file = path.join(dataDir, lockFileName);
  // Read and write, created when missing, not appending: the holder's text replaces the last one's.
  const handle = await open(file, constants.O_RDWR | constants.O_CREAT);
  let locked = false;
  try {
    locked = tryLock(handle.fd);
    if (!locked) throw new DataDirectoryInUseError(dataDir, await holderOf(handle));
    const holder: Holder = {
      pid: process.pid,
      host: hostname(),
      command: commandOf(),
      since: new Date().toISOString(),
    };
    await handle.truncate(0);
    await handle.write(`${JSON.stringify(holder)}\n`, 0);
  } catch (error) {
    await handle.close();
    throw error;
  }
  return {
    // Closing the file releases the lock.
    release: () => handle.close(),
  };
}

async function holderOf(handle: FileHandle): Promise<Holder | undefined> {
  try {
    return JSON.parse(await handle.readFile('utf8')) as Holder;
  } catch {
    // Being written this moment, or by another version: the message does without it.
    return undefined;
  }
}

/** The script this process runs, as a person would recognise it (`server/cli/user-create.ts`). */
function commandOf(): string {
  const script = process.argv[1];
  return script ? path.relative(process.cwd(), script) || script : process.argv0;
}
