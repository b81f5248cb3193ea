import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { copyDirectory } from './copy-directory';

describe('copyDirectory', () => {
  let root: string;
  afterEach(() => rm(root, { recursive: true, force: true }));

  it('copies every file and folder, nested and empty ones too, with their bytes', async () => {
    root = await mkdtemp(path.join(tmpdir(), 'copy-directory-'));
    const from = path.join(root, 'from');
    await mkdir(path.join(from, 'base', '1'), { recursive: true });
    await mkdir(path.join(from, 'pg_wal', 'archive_status'), { recursive: true });
    await writeFile(path.join(from, 'PG_VERSION'), '17\n');
    await writeFile(path.join(from, 'base', '1', '1259'), Buffer.from([0, 1, 2, 255]));
    await writeFile(path.join(from, 'base', '1', 'big'), Buffer.alloc(3 * 1024 * 1024, 7));

    const to = path.join(root, 'to');
    await copyDirectory(from, to);

    const listing = async (dir: string) => (await readdir(dir, { recursive: true })).sort();
    expect(await listing(to)).toEqual(await listing(from));
    expect(await listing(to)).toContain(path.join('pg_wal', 'archive_status'));
    expect(await readFile(path.join(to, 'PG_VERSION'), 'utf8')).toBe('17\n');
    expect(await readFile(path.join(to, 'base', '1', '1259'))).toEqual(Buffer.from([0, 1, 2, 255]));
    expect((await readFile(path.join(to, 'base', '1', 'big'))).equals(Buffer.alloc(3 * 1024 * 1024, 7))).toBe(true);
  });

  it('fills a folder that exists and is empty (a data directory made with mkdtemp)', async () => {
    root = await mkdtemp(path.join(tmpdir(), 'copy-directory-'));
    const from = path.join(root, 'from');
    await mkdir(path.join(from, 'global'), { recursive: true });
    await writeFile(path.join(from, 'global', 'pg_control'), 'control');
    const to = path.join(root, 'to');
    await mkdir(to);
    await copyDirectory(from, to);
    expect(await readFile(path.join(to, 'global', 'pg_control'), 'utf8')).toBe('control');
  });
});
