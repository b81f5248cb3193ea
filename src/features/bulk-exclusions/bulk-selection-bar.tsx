import type { ReactNode } from 'react';
import { Button } from '../../ui/button';
import './bulk-exclusions.css';
import { bulkTexts, type Noun } from './bulk-texts';

/**
 * The line that replaces a grid's summary while rows are selected (docs/decisions/0012-bulk-actions-select-the-filter.md, as Gmail does): how many are
 * selected, "Select all N matching" (the selection becomes the grid's filter, resolved on the server), "Clear
 * selection", and the bulk actions for the selection (`children`).
 */
export function BulkSelectionBar({
  noun,
  picked,
  allMatching,
  matching,
  canSelectAll = true,
  onSelectAll,
  onClear,
  children,
}: {
  noun: Noun;
  /** Rows ticked by hand. */
  picked: number;
  /** Every row of the filter is selected. */
  allMatching: boolean;
  /** How many rows the filter matches. */
  matching: number;
  /** Whether "Select all N matching" is offered (default: yes). */
  canSelectAll?: boolean;
  onSelectAll: () => void;
  onClear: () => void;
  children: ReactNode;
}) {
  return (
    <div className="bulk-bar" role="group" aria-label="Bulk selection">
      <span role="status" className="bulk-bar__count">
        {allMatching ? bulkTexts.allSelected(matching) : bulkTexts.picked(picked)}
      </span>
      {!allMatching && canSelectAll ? <SelectAllMatching total={matching} noun={noun} onSelect={onSelectAll} /> : null}
      <Button variant="link" className="bulk-bar__link" aria-label={bulkTexts.clearLabel} onClick={onClear}>
        {bulkTexts.clear}
      </Button>
      <span className="bulk-bar__actions">{children}</span>
    </div>
  );
}

/** "Select all N matching": beside a grid's count, or in the selection bar once some rows are ticked. */
export function SelectAllMatching({ total, noun, onSelect }: { total: number; noun: Noun; onSelect: () => void }) {
  return (
    <Button variant="link" className="bulk-bar__link" aria-label={bulkTexts.selectAllLabel(total, noun)} onClick={onSelect}>
      {bulkTexts.selectAll(total)}
    </Button>
  );
}
