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
