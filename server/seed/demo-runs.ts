import { modelTypes, statusNames } from '../../contract/statuses';
import type { Executor } from '../db/client';
import { eq } from 'drizzle-orm';
import { generationRuns, statuses, tokenLedger } from '../db/schema';
import { changeBalance } from '../tokens/ledger';
import { ledgerDescriptions } from '../tokens/descriptions';

export const statusMessages: Record<string, string> = {
  [statusNames.inProgress]: 'Generation is running.',
  [statusNames.generated]: 'Generation finished.',
  [statusNames.noNewResults]: 'The provider found nothing new.',
  [statusNames.failed]: 'The provider did not answer in time.',
  [statusNames.insufficientTokens]: 'Your balance does not cover this generation.',
};

/** What the provider's answer came to, for a seeded run of each status (docs/decisions/0019-one-charging-rule.md). */
function outcomeOf(status: string, itemsAdded: number) {
  switch (status) {
    case statusNames.generated:
      return { itemsProposed: itemsAdded, itemsAdded, itemsKnown: 0, chargeBasis: 'reported' as const, answered: true };
    case statusNames.noNewResults:
      return { itemsProposed: 3, itemsAdded: 0, itemsKnown: 3, chargeBasis: 'reported' as const, answered: true };
    case statusNames.failed:
      return { itemsProposed: 0, itemsAdded: 0, itemsKnown: 0, chargeBasis: 'free' as const, answered: false };
    default:
      // Insufficient tokens: refused before the provider was asked.
      return { itemsProposed: 0, itemsAdded: 0, itemsKnown: 0, chargeBasis: 'none' as const, answered: false };
  }
}

export interface DemoRun {
  type: 'Events' | 'Brands' | 'Equipments';
  status: string;
  /** Who ran it (null when the catalogue is seeded beside an existing operator: nobody paid). */
  userId: number | null;
  place: { categoryId: number; subcategoryId?: number; brandId?: number };
  names: { category: string; subcategory: string | null; brand: string | null };
  /** What the run stored when it generated. */
  itemsAdded: number;
  tokens: { input: number; output: number };
  /** The record's message, as the statuses screen shows it. */
  message: string;
  at: { created: Date; finished: Date };
}

/**
 * A seeded run reads as a real one did: its status record, its outcome (proposed, added, known), what it was
 * charged under the charging rule, and the ledger row of that charge, so the home screen, the runs centre and the
 * transactions agree.
 */
export async function seedRun(tx: Executor, run: DemoRun): Promise<void> {
  const outcome = outcomeOf(run.status, run.itemsAdded);
  const total = run.tokens.input + run.tokens.output;
  const charged = outcome.answered && run.userId !== null ? total : 0;
  const { categoryId, subcategoryId = null, brandId = null } = run.place;
  await tx.insert(statuses).values({
    name: run.status,
    message: statusMessages[run.status] ?? null,
    modelType: run.type === 'Events' ? modelTypes.event : run.type === 'Brands' ? modelTypes.brand : modelTypes.equipment,
    categoryId: run.type === 'Events' ? categoryId : null,
    subcategoryId,
    brandId,
  });
  const [inserted] = await tx
    .insert(generationRuns)
    .values({
      type: run.type,
      userId: run.userId,
      categoryId,
      subcategoryId,
      brandId,
      inputTokens: outcome.answered ? run.tokens.input : 0,
      outputTokens: outcome.answered ? run.tokens.output : 0,
      totalTokens: outcome.answered ? total : 0,
      maxTokens: total,
      chargedTokens: charged,
      chargeBasis: outcome.chargeBasis,
      itemsProposed: outcome.itemsProposed,
      itemsAdded: outcome.itemsAdded,
      itemsKnown: outcome.itemsKnown,
      equipmentsGenerated: run.type === 'Equipments' ? outcome.itemsAdded : 0,
      status: run.status,
      message: run.message,
      attempts: run.status === statusNames.insufficientTokens ? 0 : 1,
      createdAt: run.at.created,
      startedAt: run.status === statusNames.insufficientTokens ? null : run.at.created,
      finishedAt: run.at.finished,
    })
    .returning({ id: generationRuns.id });
  if (!inserted) throw new Error('run not inserted');
  if (charged === 0 || run.userId === null) return;
  await changeBalance(tx, {
    userId: run.userId,
    delta: -charged,
    reason: 'generation',
    reference: `run:${inserted.id}`,
    description: ledgerDescriptions.generation({ type: run.type, ...run.names }, outcome.itemsAdded),
    runId: inserted.id,
  });
  // Dated when the run ended, as a real charge is: the transactions sit beside their runs.
  await tx
    .update(tokenLedger)
    .set({ createdAt: run.at.finished })
    .where(eq(tokenLedger.reference, `run:${inserted.id}`));
}
