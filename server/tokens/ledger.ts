import { and, eq, sql } from 'drizzle-orm';
import type { Database, Executor } from '../db/client';
import { perDatabase } from '../db/per-database';
import { readBatches } from '../db/read-batches';
import { generationRuns, tokenLedger, users } from '../db/schema';

export type LedgerReason = (typeof tokenLedger.$inferInsert)['reason'];

/**
 * An operator's tokens: the balance (the ledger's sum), the part of it held for runs under way, and what is left to
 * spend. Every change of a balance or a hold goes through this file, each in the caller's transaction.
 */
export interface Balance {
  tokens: number;
  held: number;
  available: number;
}

/** The balance does not cover what was asked for; nothing was changed. */
export class InsufficientTokensError extends Error {
  constructor(
    readonly needed: number,
    readonly available: number,
  ) {
    super(`Insufficient tokens: ${needed} needed, ${available} available.`);
    this.name = 'InsufficientTokensError';
  }
}

/** The operator is gone (deleted meanwhile). */
export class UnknownOperatorError extends Error {
  constructor(userId: number) {
    super(`Operator ${userId} does not exist.`);
    this.name = 'UnknownOperatorError';
  }
}

const balanceColumns = { tokens: users.tokens, held: users.heldTokens };
const toBalance = ({ tokens, held }: { tokens: number; held: number }): Balance => ({ tokens, held, available: tokens - held });

/** The one read of a balance. */
export async function readBalance(db: Executor, userId: number): Promise<Balance | undefined> {
  const [row] = await db.select(balanceColumns).from(users).where(eq(users.id, userId));
  return row ? toBalance(row) : undefined;
}

/**
 * The balance as it stands when an answer asks (never in a transaction): the reads of one turn of the event loop are
 * one query (server/db/read-batches.ts), a statement prepared once per database.
 */
export async function currentBalance(db: Database, userId: number): Promise<Balance | undefined> {
  const row = await balanceReads(db).load(userId);
  return row ? toBalance(row) : undefined;
}

const balanceReads = perDatabase((db) => {
  const statement = db
    .select({ id: users.id, ...balanceColumns })
    .from(users)
    .where(sql`${users.id} = any(${sql.placeholder('ids')}::int[])`)
    .prepare('balances_by_user');
  return readBatches('balances', async (ids: readonly number[]) => {
    const rows = await statement.execute({ ids: [...new Set(ids)] });
    const byId = new Map(rows.map((row) => [row.id, row]));
    return ids.map((id) => byId.get(id) ?? null);
  });
});

async function refusal(tx: Executor, userId: number, needed: number): Promise<never> {
  const balance = await readBalance(tx, userId);
  if (!balance) throw new UnknownOperatorError(userId);
  throw new InsufficientTokensError(needed, balance.available);
}

/**
 * Changes a balance by `delta` and writes the ledger row, atomically: a debit never takes more than what is
 * available (the balance less its holds), and a (reason, reference) already recorded is not applied twice.
 */
export interface BalanceChange {
  userId: number;
  delta: number;
  reason: LedgerReason;
  reference?: string;
  /** What it was, in words (server/tokens/descriptions.ts). */
  description: string;
  /** The run a generation charge paid for. */
  runId?: number;
  /** A purchase's payment: the amount paid in cents and the card. */
  payment?: { amountCents: number; cardBrand: string | null; cardLast4: string | null };
}

export async function changeBalance(tx: Executor, input: BalanceChange): Promise<Balance> {
  const [updated] = await tx
    .update(users)
    .set({ tokens: sql`${users.tokens} + ${input.delta}` })
    .where(and(eq(users.id, input.userId), sql`${users.tokens} - ${users.heldTokens} + ${input.delta} >= 0`))
    .returning(balanceColumns);
  if (!updated) return refusal(tx, input.userId, -input.delta);
  await tx.insert(tokenLedger).values({
    userId: input.userId,
    delta: input.delta,
    balanceAfter: updated.tokens,
    reason: input.reason,
    reference: input.reference ?? null,
    description: input.description,
    runId: input.runId ?? null,
    amountCents: input.payment?.amountCents ?? null,
    cardBrand: input.payment?.cardBrand ?? null,
    cardLast4: input.payment?.cardLast4 ?? null,
  });
  return toBalance(updated);
}

/** What the run holds now (0 for none), its row locked until the transaction ends. */
async function lockHeld(tx: Executor, runId: number): Promise<number> {
  const [run] = await tx.select({ held: generationRuns.heldTokens }).from(generationRuns).where(eq(generationRuns.id, runId)).for('update');
  return run?.held ?? 0;
}

/**
 * Holds `amount` of the payer's available tokens for a run (replacing what the run held before, e.g. by a process
 * that stopped), so that runs started together cannot spend the same tokens twice. Refuses, changing nothing, when
 * the rest of the balance does not cover it. Answers the balance, or undefined when the run already held `amount`
 * (nothing changed).
 */
export async function holdForRun(tx: Executor, input: { userId: number; runId: number; amount: number }): Promise<Balance | undefined> {
  const previous = await lockHeld(tx, input.runId);
  const change = input.amount - previous;
  if (change === 0) return undefined;
  const [updated] = await tx
    .update(users)
    .set({ heldTokens: sql`${users.heldTokens} + ${change}` })
    .where(and(eq(users.id, input.userId), sql`${users.tokens} - ${users.heldTokens} >= ${change}`))
    .returning(balanceColumns);
  if (!updated) return refusal(tx, input.userId, input.amount);
  await tx
    .update(generationRuns)
    .set({ heldTokens: input.amount, maxTokens: sql`greatest(${generationRuns.maxTokens}, ${input.amount})` })
    .where(eq(generationRuns.id, input.runId));
  return toBalance(updated);
}

/**
 * Ends a run's hold: releases what it held and, when `charge` > 0, debits that (never more than was held) with its
 * ledger row `generation` / `run:{id}`, described by `description`. Answers what was charged and the payer's balance
 * (undefined when the run held nothing: nothing changed).
 */
export async function settleRun(
  tx: Executor,
  input: { userId: number; runId: number; charge: number; description?: string },
): Promise<{ charged: number; balance: Balance | undefined }> {
  const held = await lockHeld(tx, input.runId);
  if (held === 0) return { charged: 0, balance: undefined };
  const charged = Math.min(Math.max(0, input.charge), held);
  await tx.update(generationRuns).set({ heldTokens: 0 }).where(eq(generationRuns.id, input.runId));
  const [released] = await tx
    .update(users)
    .set({ heldTokens: sql`${users.heldTokens} - ${held}` })
    .where(eq(users.id, input.userId))
    .returning(balanceColumns);
  if (!released) throw new UnknownOperatorError(input.userId);
  if (charged === 0) return { charged, balance: toBalance(released) };
  const balance = await changeBalance(tx, {
    userId: input.userId,
    delta: -charged,
    reason: 'generation',
    reference: `run:${input.runId}`,
    description: input.description ?? 'Generation',
    runId: input.runId,
  });
  return { charged, balance };
}
