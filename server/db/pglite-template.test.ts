import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { openDatabase } from './client';
import { copyPgliteTemplate, preparePgliteTemplate } from './pglite-template';

it('a first start copies the prepared empty cluster, migrates it and keeps what it writes', async () => {
  await preparePgliteTemplate();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'pglite-template-'));
  try {
    const copied = path.join(dataDir, 'copied');
    expect(await copyPgliteTemplate(copied)).toBe(true);
    expect(existsSync(path.join(copied, 'PG_VERSION'))).toBe(true);

    const first = await openDatabase({ dataDir });
    await first.db.execute(sql`insert into categories (name) values ('Kept')`);
    await first.close();
    const again = await openDatabase({ dataDir });
    const result = (await again.db.execute(sql`select name from categories`)) as unknown as { rows: { name: string }[] };
    await again.close();
    expect(result.rows).toEqual([{ name: 'Kept' }]);
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
});
