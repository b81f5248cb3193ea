import { eq, sql } from 'drizzle-orm';
import type { User } from '../../contract/auth';
import type { Executor } from '../db/client';
import { users } from '../db/schema';
import { readBalance } from '../tokens/ledger';
import { hashPassword } from './passwords';

export async function findUserByEmail(db: Executor, email: string) {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    .limit(1);
  return row;
}

/** An operator with their balance (read by the ledger's one balance read). */
export async function findUser(db: Executor, id: number): Promise<User | undefined> {
  const [[row], balance] = await Promise.all([
    db.select({ id: users.id, email: users.email, name: users.name }).from(users).where(eq(users.id, id)).limit(1),
    readBalance(db, id),
  ]);
  return row && balance ? { ...row, tokens: balance.tokens, held_tokens: balance.held } : undefined;
}

/** The operator as a message written for others names them: their email, or `operator <id>` once their row is gone. */
export async function operatorEmail(db: Executor, id: number): Promise<string> {
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, id));
  return row?.email ?? `operator ${id}`;
}

/** Creates an operator, or sets the password of the one with that email. */
export async function upsertOperator(db: Executor, input: { email: string; password: string; name?: string }) {
  const passwordHash = await hashPassword(input.password);
  const existing = await findUserByEmail(db, input.email);
  if (existing) {
    await db.update(users).set({ passwordHash }).where(eq(users.id, existing.id));
    return { id: existing.id, created: false };
  }
  const [row] = await db
    .insert(users)
    .values({ email: input.email.toLowerCase(), name: input.name ?? input.email.split('@')[0] ?? 'Operator', passwordHash })
    .returning({ id: users.id });
  if (!row) throw new Error('the operator was not created');
  return { id: row.id, created: true };
}
