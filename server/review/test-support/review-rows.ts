import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { brands, equipments, events, generationRuns, subcategories } from '../../db/schema';

/**
 * Unreviewed items as a finished run stores them (docs/decisions/0025-review-of-generated-items.md), inserted
 * directly: a run of the operator, and its brands, models or events in the `unreviewed` state.
 */

type RunType = 'Events' | 'Brands' | 'Equipments';

export interface RunRow {
  type: RunType;
  userId: number;
  categoryId: number;
  subcategoryId?: number;
  brandId?: number;
  providerModel?: string;
  promptVersion?: string;
  chargedTokens?: number;
  figures?: { proposed: number; added: number; known: number; dropped: number };
  createdAt?: Date;
}

/** A finished run. */
export async function insertRun(db: Database, run: RunRow): Promise<number> {
  const [row] = await db
    .insert(generationRuns)
    .values({
      type: run.type,
      userId: run.userId,
      categoryId: run.categoryId,
      subcategoryId: run.subcategoryId ?? null,
      brandId: run.brandId ?? null,
      status: 'Completed',
      finishedAt: new Date(),
      providerModel: run.providerModel ?? 'gpt-test',
      promptVersion: run.promptVersion ?? 'v1',
      chargedTokens: run.chargedTokens ?? 0,
      itemsProposed: run.figures?.proposed ?? 0,
      itemsAdded: run.figures?.added ?? 0,
      itemsKnown: run.figures?.known ?? 0,
      itemsDropped: run.figures?.dropped ?? 0,
      ...(run.createdAt ? { createdAt: run.createdAt } : {}),
    })
    .returning({ id: generationRuns.id });
  if (!row) throw new Error('no run');
  return row.id;
}

/** Unreviewed brands of a subcategory, made by `runId`; their ids in the order given. */
export async function insertUnreviewedBrands(db: Database, runId: number | null, subcategoryId: number, names: readonly string[]) {
  const rows = await db
    .insert(brands)
    .values(names.map((name) => ({ name, subcategoryId, runId, reviewState: 'unreviewed' as const })))
    .returning({ id: brands.id });
  return rows.map((row) => row.id);
}

/** Unreviewed models of a brand (in the brand's subcategory), made by `runId`. */
export async function insertUnreviewedModels(db: Database, runId: number | null, brandId: number, models: readonly string[]) {
  const [brand] = await db
    .select({ name: brands.name, subcategoryId: brands.subcategoryId, categoryId: subcategories.categoryId })
    .from(brands)
    .innerJoin(subcategories, eq(subcategories.id, brands.subcategoryId))
    .where(eq(brands.id, brandId));
  if (!brand) throw new Error(`no brand ${brandId}`);
  const rows = await db
    .insert(equipments)
    .values(
      models.map((model) => ({
        model,
        brand: brand.name,
        brandId,
        subcategoryId: brand.subcategoryId,
        categoryId: brand.categoryId,
        runId,
        reviewState: 'unreviewed' as const,
      })),
    )
    .returning({ id: equipments.id });
  return rows.map((row) => row.id);
}

/** Unreviewed events of a category, made by `runId`. */
export async function insertUnreviewedEvents(db: Database, runId: number | null, categoryId: number, names: readonly string[]) {
  const rows = await db
    .insert(events)
    .values(names.map((name) => ({ name, categoryId, runId, reviewState: 'unreviewed' as const })))
    .returning({ id: events.id });
  return rows.map((row) => row.id);
}
