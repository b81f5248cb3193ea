import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../db/client';
import { DataDirectoryInUseError } from '../db/data-directory-lock';
import { users } from '../db/schema';
import { startServerProcess } from '../test/server-process';

/**
 * One process at a time opens a PGlite data directory (server/db/data-directory-lock.ts). Every command that writes
 * (`user:create`, `db:migrate`, `seed:scale`) and the server itself, run as real processes against a directory a
 * real opened database holds, say so, exit 1 and change nothing; once the holder closes it, or dies, they work.
 */

const root = fileURLToPath(new URL('../../', import.meta.url));

interface Ran {
  code: number;
  stdout: string;
  stderr: string;
}

/** An npm script of this repository, run as an operator runs it, on `dataDir`. */
function npmRun(script: string, dataDir: string, args: string[] = [], env: Record<string, string> = {}): Promise<Ran> {
  return new Promise((resolve) => {
    execFile(
      'npm',
      ['run', '--silent', script, ...(args.length > 0 ? ['--', ...args] : [])],
      { cwd: root, env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'silent', ...env }, timeout: 120_000 },
      (error, stdout, stderr) => resolve({ code: error ? (typeof error.code === 'number' ? error.code : -1) : 0, stdout, stderr }),
    );
  });
}

/** Every file of the directory, by path and content: equal before and after shows that nothing was written. */
async function directoryDigest(dir: string): Promise<string> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files = entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
  const hash = createHash('sha256');
  for (const file of files)
    hash
      .update(path.relative(dir, file))
      .update('\0')
      .update(await readFile(file));
  return hash.digest('hex');
}

const operator = { email: 'lost-operator@example.com', password: 'password123' };
const refusal = (dataDir: string, pid: number) => `The data directory ${dataDir} is in use by process ${pid}`;

describe('a PGlite data directory held by an opened database', () => {
  let dataDir: string;
  let held: DatabaseHandle | undefined;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'catalogue-held-'));
    held = await openDatabase({ dataDir });
  });
  afterAll(async () => {
    await held?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const refusedWithoutChange = async (script: string, args: string[] = [], env: Record<string, string> = {}) => {
    const before = await directoryDigest(dataDir);
    const ran = await npmRun(script, dataDir, args, env);
    expect(ran.code, ran.stderr).toBe(1);
    expect(ran.stderr).toContain(refusal(dataDir, process.pid));
    expect(ran.stderr).toContain('Nothing was changed.');
    expect(await directoryDigest(dataDir)).toBe(before);
    return ran;
  };

  it('npm run user:create says so, exits 1 and creates no operator', { timeout: 120_000 }, async () => {
    const ran = await refusedWithoutChange('user:create', ['--email', operator.email, '--password', operator.password]);
    expect(ran.stdout).not.toContain('created');
    expect(await held!.db.select().from(users).where(eq(users.email, operator.email))).toEqual([]);
  });

  it('npm run db:migrate says so, exits 1 and changes nothing', { timeout: 120_000 }, async () => {
    const ran = await refusedWithoutChange('db:migrate');
    expect(ran.stdout).not.toContain('Migrations applied');
  });

  it('npm run seed:scale says so, exits 1 and changes nothing', { timeout: 120_000 }, async () => {
    const ran = await refusedWithoutChange('seed:scale');
    expect(ran.stdout).not.toContain('Seeded');
  });

  it('the server refuses to start on it', { timeout: 120_000 }, async () => {
    await expect(
      startServerProcess({
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        NODE_ENV: 'production',
        SPA_DIR: '/nonexistent-spa',
        SEED_OPERATOR_PASSWORD: 'held-test-password',
      }),
    ).rejects.toThrow(refusal(dataDir, process.pid));
  });

  it('a second open in this process is refused too', async () => {
    await expect(openDatabase({ dataDir })).rejects.toBeInstanceOf(DataDirectoryInUseError);
  });

  it('once the holder closes it, user:create creates the operator and the next open sees it', { timeout: 120_000 }, async () => {
    await held!.close();
    held = undefined;
    const ran = await npmRun('user:create', dataDir, ['--email', operator.email, '--password', operator.password]);
    expect(ran.code, ran.stderr).toBe(0);
    expect(ran.stdout).toContain(`Operator ${operator.email} created`);
    held = await openDatabase({ dataDir });
    expect(await held.db.select({ email: users.email }).from(users).where(eq(users.email, operator.email))).toEqual([
      { email: operator.email },
    ]);
  });
});

describe('a PGlite data directory held by a running server', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'catalogue-served-'));
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it(
    'user:create is refused while the server runs, and works once the server was killed (kill -9 leaves no lock)',
    { timeout: 180_000 },
    async () => {
      const server = await startServerProcess({
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        NODE_ENV: 'production',
        SPA_DIR: '/nonexistent-spa',
        SEED_OPERATOR_PASSWORD: 'served-test-password',
      });
      try {
        const refused = await npmRun('user:create', dataDir, ['--email', operator.email, '--password', operator.password]);
        expect(refused.code, refused.stderr).toBe(1);
        expect(refused.stderr).toContain(refusal(dataDir, server.child.pid!));
      } finally {
        await server.kill();
      }
      const ran = await npmRun('user:create', dataDir, ['--email', operator.email, '--password', operator.password]);
      expect(ran.code, ran.stderr).toBe(0);
      expect(ran.stdout).toContain(`Operator ${operator.email} created`);
    },
  );
});
