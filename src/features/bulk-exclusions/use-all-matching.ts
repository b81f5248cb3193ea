import { useCallback, useState } from 'react';

/**
 * Whether "all N matching" is selected, for the filter it was chosen under: another filter (another subcategory,
 * another quick-filter text) is another set of rows, so the choice lapses by itself when the filter changes.
 */
export function useAllMatching(filterKey: string) {
  const [chosenFor, setChosenFor] = useState<string | null>(null);
  const selectAll = useCallback(() => setChosenFor(filterKey), [filterKey]);
  const clear = useCallback(() => setChosenFor(null), []);
  return { allMatching: chosenFor === filterKey, selectAll, clear };
}
