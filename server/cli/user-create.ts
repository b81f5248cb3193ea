import { parseArgs } from 'node:util';
import { z } from 'zod';
import { upsertOperator } from '../auth/users';
import { ConfigError, loadConfig } from '../config';
import { openDatabase } from '../db/client';

const usage = 'usage: npm run user:create -- --email someone@example.com --password "at least 8 characters" [--name "Full Name"]';
const argsSchema = z.object({
  email: z.email('--email must be an email address'),
  password: z.string().min(8, '--password must be at least 8 characters'),
  name: z.string().min(1).max(255).optional(),
});

/** `npm run user:create`: creates an operator, or resets the password of an existing one. */
try {
  const { values } = parseArgs({ options: { email: { type: 'string' }, password: { type: 'string' }, name: { type: 'string' } } });
  const parsed = argsSchema.safeParse(values);
  if (!parsed.success) {
    console.error(`${parsed.error.issues.map((i) => i.message).join('\n')}\n${usage}`);
    process.exit(2);
  }
  const config = loadConfig();
  const database = await openDatabase(config.database);
  const result = await upsertOperator(database.db, parsed.data);
  await database.close();
  console.log(result.created ? `Operator ${parsed.data.email} created (id ${result.id}).` : `Password of ${parsed.data.email} updated.`);
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error instanceof Error ? error.message : error);
  process.exit(1);
}
