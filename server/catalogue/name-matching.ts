import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { nearNameForm, sameNormalName } from './name-normal-form';
import type { NamePair } from './name-pairs';

/** How a matcher did on a labelled set: of the pairs it called one item, how many are (precision); of those that are, how many it found (recall). */
export interface NameMatching {
  pairs: number;
  duplicates: number;
  precision: number;
  recall: number;
  /** The pairs it called one item that are not, and those that are one item it missed. */
  falsePositives: NamePair[];
  falseNegatives: NamePair[];
}

/** Whether a matcher calls two names of one target (brands of a subcategory, models of a brand) one item. */
export type SameName = (a: string, b: string, kind: NamePair['kind']) => boolean;

/** Measures `sameName` on labelled pairs (name-pairs.ts). A matcher that calls nothing a duplicate is precise (1). */
export function measureNameMatching(pairs: readonly NamePair[], sameName: SameName): NameMatching {
  const falsePositives: NamePair[] = [];
  const falseNegatives: NamePair[] = [];
  let found = 0;
  let duplicates = 0;
  for (const pair of pairs) {
    const said = sameName(pair.a, pair.b, pair.kind);
    if (pair.duplicate) duplicates += 1;
    if (said && pair.duplicate) found += 1;
    else if (said) falsePositives.push(pair);
    else if (pair.duplicate) falseNegatives.push(pair);
  }
  const called = found + falsePositives.length;
  return {
    pairs: pairs.length,
    duplicates,
    precision: called === 0 ? 1 : found / called,
    recall: duplicates === 0 ? 1 : found / duplicates,
    falsePositives,
    falseNegatives,
  };
}

/**
 * The similarity (pg_trgm's `similarity()` of the near forms, name-normal-form.ts `nearNameForm`) at or above which
 * a run flags a stored item as a likely duplicate of a name of its target. Measured on the labelled pairs with the
 * exact normal-form match (`npm run bench -- --only name_matching`, docs/figures.md): at 0.7 the two together reach
 * precision 0.94 and recall 0.91; 0.65 finds no more duplicates and flags more look-alikes, 0.75 misses more.
 */
export const likelyDuplicateThreshold = 0.7;

/** The combined rule: one item when the normal forms match, or when the similarity of the pair (`similarityOf`) reaches `threshold`. */
export function combinedRule(similarityOf: (pair: NamePair) => number, threshold: number): SameName {
  return (a, b, kind) => sameNormalName(a, b, kind) || similarityOf({ a, b, kind, duplicate: false }) >= threshold;
}

/**
 * The trigram similarity of each pair's near forms, computed by the database (pg_trgm's `similarity()`, as the
 * run's duplicate check computes it), keyed `kind|a|b`.
 */
export async function pairSimilarities(db: Executor, pairs: readonly NamePair[]): Promise<Map<string, number>> {
  const left = pairs.map((pair) => nearNameForm(pair.a, pair.kind));
  const right = pairs.map((pair) => nearNameForm(pair.b, pair.kind));
  const result = (await db.execute(
    sql`select similarity(a, b) as score from unnest(${textArray(left)}::text[], ${textArray(right)}::text[]) with ordinality as p(a, b, n) order by n`,
  )) as unknown as { rows: { score: number }[] };
  return new Map(pairs.map((pair, index) => [pairKey(pair), Number(result.rows[index]?.score ?? 0)]));
}

export const pairKey = (pair: Pick<NamePair, 'a' | 'b' | 'kind'>) => `${pair.kind}|${pair.a}|${pair.b}`;

/** A text[] literal of these texts (one parameter, however many), for `unnest(...::text[])`. */
export const textArray = (texts: readonly string[]) => `{${texts.map((text) => `"${text.replace(/[\\"]/g, '\\$&')}"`).join(',')}}`;
