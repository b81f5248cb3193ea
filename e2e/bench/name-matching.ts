import { openDatabase } from '../../server/db/client';
import {
  combinedRule,
  likelyDuplicateThreshold,
  measureNameMatching,
  pairKey,
  pairSimilarities,
} from '../../server/catalogue/name-matching';
import { sameNormalName } from '../../server/catalogue/name-normal-form';
import { namePairs, type NamePair } from '../../server/catalogue/name-pairs';
import { isMainModule, printFigures } from './run-alone';

/**
 * The budget of the whole duplicate check, exact and close matches together: both figures at least this.
 */
const budget = 0.9;

/** The thresholds tried for the close matches; the one the store uses is `likelyDuplicateThreshold`. */
const thresholdCandidates = [0.5, 0.55, 0.6, 0.65, 0.7, 0.75, 0.8, 0.85, 0.9];

const rounded = (value: number) => Number(value.toFixed(3));

/**
 * How the duplicate check does on the labelled name pairs: the exact normal-form match alone (the names a run does
 * not store), then the combined rule (that match, or a trigram similarity of the near forms at or above a threshold:
 * what a run flags as a likely duplicate), its precision and recall for each threshold tried, and the chosen one's,
 * overall and for brands and models apart. The similarities are pg_trgm's, computed by PGlite as the store does.
 * Run alone: `npx tsx e2e/bench/name-matching.ts`.
 */
export async function benchNameMatching() {
  const database = await openDatabase({ memory: true });
  try {
    const similarities = await pairSimilarities(database.db, namePairs);
    const similarityOf = (pair: NamePair) => similarities.get(pairKey(pair)) ?? 0;
    const measure = (rule: Parameters<typeof measureNameMatching>[1], kind?: 'brand' | 'model') => {
      const pairs = kind ? namePairs.filter((pair) => pair.kind === kind) : namePairs;
      const result = measureNameMatching(pairs, rule);
      return { pairs: result.pairs, duplicates: result.duplicates, precision: rounded(result.precision), recall: rounded(result.recall) };
    };
    const exact = measure(sameNormalName);
    const chosen = combinedRule(similarityOf, likelyDuplicateThreshold);
    const combined = measure(chosen);
    return {
      labelled_pairs: exact.pairs,
      labelled_duplicates: exact.duplicates,
      normal_form_precision: exact.precision,
      normal_form_recall: exact.recall,
      normal_form_brands: measure(sameNormalName, 'brand'),
      normal_form_models: measure(sameNormalName, 'model'),
      combined_by_threshold: thresholdCandidates.map((threshold) => {
        const { precision, recall } = measure(combinedRule(similarityOf, threshold));
        return { threshold, precision, recall };
      }),
      chosen_threshold: likelyDuplicateThreshold,
      combined_precision: combined.precision,
      combined_recall: combined.recall,
      combined_brands: measure(chosen, 'brand'),
      combined_models: measure(chosen, 'model'),
      precision_budget_met: combined.precision >= budget,
      recall_budget_met: combined.recall >= budget,
    };
  } finally {
    await database.close();
  }
}

if (isMainModule(import.meta.url)) printFigures(benchNameMatching);
