import { mkdtemp, rm } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase } from '../server/db/client';
import { copyDirectory } from '../server/db/copy-directory';
import { seedDemo } from '../server/seed/demo';
import { demoOperator } from './demo-operator';

/**
 * Every test server starts from a copy of a data directory made once a run (Playwright's global setup): creating a
 * PGlite cluster and migrating it takes seconds in WebAssembly, copying it well under one. Two templates, migrated
 * and empty, and migrated with the demo seed; their folder reaches the workers as `E2E_DATA_TEMPLATES`.
 */
const templatesVariable = 'E2E_DATA_TEMPLATES';
const templateName = (seeded: boolean) => (seeded ? 'seeded' : 'empty');

export async function makeDataTemplates(): Promise<string> {
  const root = await mkdtemp(path.join(tmpdir(), 'catalogue-e2e-templates-'));
  const empty = path.join(root, templateName(false));
  const seeded = path.join(root, templateName(true));
  await (await openDatabase({ dataDir: empty })).close();
  await copyDirectory(empty, seeded);
  const database = await openDatabase({ dataDir: seeded });
  try {
    await seedDemo(database.db, demoOperator);
  } finally {
    await database.close();
  }
  process.env[templatesVariable] = root;
  return root;
}

export async function removeDataTemplates(root: string): Promise<void> {
  await rm(root, { recursive: true, force: true });
}

/**
 * Fills `dataDir` from the run's template, when there is one for these settings: answers whether it did (else the
 * server creates its database itself, as outside Playwright). A server whose environment sets the seed's operator
 * or another database gets no template.
 */
export async function copyDataTemplate(dataDir: string, seeded: boolean, env: Record<string, string> = {}): Promise<boolean> {
  const root = process.env[templatesVariable];
  const custom = Object.keys(env).some((name) => /^(SEED_|DATABASE_URL$|DATA_DIR$)/.test(name));
  if (!root || custom) return false;
  const template = path.join(root, templateName(seeded));
  if (!existsSync(template)) return false;
  await copyDirectory(template, dataDir);
  return true;
}
