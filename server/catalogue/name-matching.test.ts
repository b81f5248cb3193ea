import { describe, expect, it } from 'vitest';
import { freshDatabase } from '../test/databases';
import { combinedRule, likelyDuplicateThreshold, measureNameMatching, pairKey, pairSimilarities } from './name-matching';
import { sameNormalName } from './name-normal-form';
import { namePairs } from './name-pairs';

describe('matching names on the labelled set', () => {
  it('holds at least 300 pairs, about half duplicates, about half brands, none twice', () => {
    expect(namePairs.length).toBeGreaterThanOrEqual(300);
    const share = (count: number) => count / namePairs.length;
    expect(share(namePairs.filter((pair) => pair.duplicate).length)).toBeGreaterThan(0.4);
    expect(share(namePairs.filter((pair) => pair.duplicate).length)).toBeLessThan(0.65);
    expect(share(namePairs.filter((pair) => pair.kind === 'brand').length)).toBeGreaterThan(0.4);
    expect(share(namePairs.filter((pair) => pair.kind === 'brand').length)).toBeLessThan(0.6);
    const keys = namePairs.map((pair) => `${pair.kind}:${pair.a}|${pair.b}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(namePairs.every((pair) => pair.a !== '' && pair.b !== '' && pair.a !== pair.b)).toBe(true);
  });

  it('counts precision and recall', () => {
    const pairs = [
      { a: 'A', b: 'a', kind: 'brand', duplicate: true },
      { a: 'B', b: 'b', kind: 'brand', duplicate: true },
      { a: 'C', b: 'D', kind: 'model', duplicate: false },
    ] as const;
    const result = measureNameMatching(pairs, (a, b) => a === 'A' || (a === 'C' && b === 'D'));
    expect(result).toMatchObject({ pairs: 3, duplicates: 2, precision: 0.5, recall: 0.5 });
    expect(measureNameMatching(pairs, () => false)).toMatchObject({ precision: 1, recall: 0 });
  });

  it('the exact normal-form match is precise (>= 0.99); its recall is what spelling rules alone find', () => {
    const result = measureNameMatching(namePairs, sameNormalName);
    console.log(
      `normal-form match on ${result.pairs} pairs (${result.duplicates} duplicates): precision ${result.precision.toFixed(3)}, recall ${result.recall.toFixed(3)}`,
    );
    expect(result.falsePositives).toEqual([]);
    expect(result.precision).toBeGreaterThanOrEqual(0.99);
    // Spelling variants are most of the duplicates; the rest (a typo, "Cat", a brand's longer name) are left to
    // the similarity check.
    expect(result.recall).toBeGreaterThan(0.6);
  });

  it('the combined rule (normal form, or trigram similarity at the chosen threshold) reaches 0.9 precision and recall', async () => {
    const database = await freshDatabase('pglite');
    try {
      const similarities = await pairSimilarities(database.db, namePairs);
      expect(similarities.get(pairKey({ a: 'Liebherr', b: 'Liebher', kind: 'brand' }))).toBeCloseTo(0.7, 5);
      const result = measureNameMatching(
        namePairs,
        combinedRule((pair) => similarities.get(pairKey(pair)) ?? 0, likelyDuplicateThreshold),
      );
      expect(result.precision).toBeGreaterThanOrEqual(0.9);
      expect(result.recall).toBeGreaterThanOrEqual(0.9);
    } finally {
      await database.close();
    }
  });
});
