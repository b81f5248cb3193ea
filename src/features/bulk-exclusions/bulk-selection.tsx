import type { BulkExclusionBody, BulkTarget } from '../../api/bulk-exclusions';
import { BulkExclusionButtons, type BulkOutcomeHandlers } from './bulk-exclusion-buttons';
import { BulkSelectionBar, SelectAllMatching } from './bulk-selection-bar';
import type { Noun } from './bulk-texts';
import type { useAllMatching } from './use-all-matching';

type Action = 'exclude' | 'unexclude';

/**
 * A grid's count with "Select all N matching" while nothing is selected (when `summary` is given), else the selection
 * bar with the bulk actions: `selection` is what the request acts on (the picked ids or the grid's filter).
 */
export function BulkSelection<T extends BulkTarget>({
  target,
  noun,
  actions,
  allMatching,
  picked,
  matching,
  canSelectAll = true,
  selection,
  summary,
  onCleared,
  outcome,
}: {
  target: T;
  noun: Noun;
  actions: readonly Action[];
  allMatching: ReturnType<typeof useAllMatching>;
  /** How many rows are ticked by hand. */
  picked: number;
  /** How many rows the filter matches. */
  matching: number;
  canSelectAll?: boolean;
  selection: BulkExclusionBody<T>['selection'];
  summary?: string | undefined;
  /** Clears the ticked rows (once an action succeeded, or on Clear). */
  onCleared: () => void;
  outcome?: BulkOutcomeHandlers;
}) {
  const clear = () => {
    allMatching.clear();
    onCleared();
  };
  if (!allMatching.allMatching && picked === 0) {
    if (summary === undefined) return null;
    return (
      <span className="bulk-summary">
        <span>{summary}</span>
        {canSelectAll ? <SelectAllMatching total={matching} noun={noun} onSelect={allMatching.selectAll} /> : null}
      </span>
    );
  }
  return (
    <BulkSelectionBar
      noun={noun}
      picked={picked}
      allMatching={allMatching.allMatching}
      matching={matching}
      canSelectAll={canSelectAll}
      onSelectAll={allMatching.selectAll}
      onClear={clear}
    >
      <BulkExclusionButtons
        target={target}
        actions={actions}
        selection={selection}
        count={allMatching.allMatching ? matching : picked}
        noun={noun}
        onDone={clear}
        {...(outcome ? { outcome } : {})}
      />
    </BulkSelectionBar>
  );
}
