import type { Executor } from '../db/client';
import { brandExclusions, equipmentExclusions } from '../db/schema';

/** An exclusion to insert: the brand's or model's id, who excluded it and, for one an undo puts back, when. */
export interface NewExclusion {
  id: number;
  createdBy: number | null;
  createdAt?: Date;
}

/**
 * Inserts these exclusions of brands or of models in one statement; answers the ids excluded now (an id already
 * excluded is left as it is).
 */
export async function insertExclusions(tx: Executor, kind: 'brand' | 'equipment', rows: readonly NewExclusion[]): Promise<number[]> {
  if (rows.length === 0) return [];
  const inserted =
    kind === 'brand'
      ? await tx
          .insert(brandExclusions)
          .values(rows.map(({ id, ...by }) => ({ brandId: id, ...by })))
          .onConflictDoNothing()
          .returning({ id: brandExclusions.brandId })
      : await tx
          .insert(equipmentExclusions)
          .values(rows.map(({ id, ...by }) => ({ equipmentId: id, ...by })))
          .onConflictDoNothing()
          .returning({ id: equipmentExclusions.equipmentId });
  return inserted.map((row) => row.id);
}
