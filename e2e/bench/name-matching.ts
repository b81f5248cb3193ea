import { measureNameMatching } from '../../server/catalogue/name-matching';
import { sameNormalName } from '../../server/catalogue/name-normal-form';
import { namePairs } from '../../server/catalogue/name-pairs';

/**
 * The budget of the whole duplicate check, exact and close matches together: both figures at least this. The exact
 * match alone is precise; the close matches (a similarity check) are what is to lift its recall.
 */
const budget = 0.9;

const rounded = (value: number) => Number(value.toFixed(3));

/**
 * How the exact normal-form match (the names a run does not store) does on the labelled name pairs: its size,
 * precision and recall, overall and for brands and models apart. No server: it reads the set and compares names.
 */
export function benchNameMatching() {
  const measure = (kind?: 'brand' | 'model') => {
    const pairs = kind ? namePairs.filter((pair) => pair.kind === kind) : namePairs;
    const result = measureNameMatching(pairs, sameNormalName);
    return { pairs: result.pairs, duplicates: result.duplicates, precision: rounded(result.precision), recall: rounded(result.recall) };
  };
  const all = measure();
  return {
    labelled_pairs: all.pairs,
    labelled_duplicates: all.duplicates,
    normal_form_precision: all.precision,
    normal_form_recall: all.recall,
    normal_form_brands: measure('brand'),
    normal_form_models: measure('model'),
    precision_budget_met: all.precision >= budget,
    recall_budget_met: all.recall >= budget,
  };
}
