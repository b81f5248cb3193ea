import { useState, type RefObject } from 'react';
import type { ReviewItem } from '../../../contract/review';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/dialog';
import { reviewTexts } from './review-texts';

/** Above this many results, accepting all that match asks first (docs/product.md#review-queue). */
export const confirmAbove = 5;

/**
 * The ticked results' decisions, and every result the filters match (one request each, one undoable change):
 * "Accept selected", "Reject selected…", "Accept all N matching" (asked first above five), "Reject all N matching…".
 */
export function ReviewBulkBar({
  selected,
  total,
  returnFocusRef,
  onAcceptSelected,
  onRejectSelected,
  onAcceptMatching,
  onRejectMatching,
}: {
  selected: readonly ReviewItem[];
  total: number;
  /** Where the confirmation gives the focus back (its opener, until the decision takes the opener away). */
  returnFocusRef: RefObject<HTMLElement | null>;
  onAcceptSelected: () => void;
  onRejectSelected: () => void;
  onAcceptMatching: () => void;
  onRejectMatching: () => void;
}) {
  const [confirming, setConfirming] = useState(false);
  const acceptMatching = () => {
    if (total <= confirmAbove) return onAcceptMatching();
    returnFocusRef.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setConfirming(true);
  };
  return (
    // Its buttons leave with the results they decide (data-leaves): the queue then moves the focus on.
    <div className="review__bulk" role="group" aria-label="Decide several results" data-leaves>
      {selected.length > 0 ? (
        <>
          <span className="review__selected" role="status">
            {reviewTexts.selected(selected.length)}
          </span>
          <Button size="compact" variant="primary" onClick={onAcceptSelected}>
            {reviewTexts.acceptSelected}
          </Button>
          <Button size="compact" onClick={onRejectSelected}>
            {reviewTexts.rejectSelected}
          </Button>
        </>
      ) : null}
      {total > 0 ? (
        <>
          <Button size="compact" onClick={acceptMatching}>
            {reviewTexts.acceptMatching(total)}
          </Button>
          <Button size="compact" onClick={onRejectMatching}>
            {reviewTexts.rejectMatching(total)}
          </Button>
        </>
      ) : null}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={reviewTexts.confirmAccept(total)}
        description={reviewTexts.confirmAcceptDescription}
        confirmLabel={reviewTexts.acceptMatching(total)}
        onConfirm={onAcceptMatching}
        returnFocusTo={returnFocusRef}
      />
    </div>
  );
}
