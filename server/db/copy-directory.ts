import { constants } from 'node:fs';
import { copyFile, mkdir, readdir } from 'node:fs/promises';
import path from 'node:path';

/**
 * Copies the folder `from` (a PGlite cluster: about a thousand files, 39 MB) into `to` (made if missing). Node 20's
 * `fs.cp` checks each file and folder several times over in JavaScript: 1.4 s a cluster on a 2-core machine, against
 * about 0.8 s here (a clone of each file where the file system can, as btrfs and XFS do).
 */
export async function copyDirectory(from: string, to: string): Promise<void> {
  const entries = await readdir(from, { recursive: true, withFileTypes: true });
  const target = (entry: (typeof entries)[number]) => path.join(to, path.relative(from, path.join(entry.parentPath, entry.name)));
  await mkdir(to, { recursive: true });
  for (const entry of entries) if (entry.isDirectory()) await mkdir(target(entry), { recursive: true });
  await Promise.all(
    entries
      .filter((entry) => entry.isFile())
      .map((entry) => copyFile(path.join(entry.parentPath, entry.name), target(entry), constants.COPYFILE_FICLONE)),
  );
}
