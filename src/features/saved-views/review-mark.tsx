import type { RowReview } from '../../../contract/review';
import { Tip } from '../../ui/tooltip';
import { reviewTexts } from './review-texts';
import './saved-views.css';

/**
 * The small mark beside a generated row's name (docs/decisions/0025-review-of-generated-items.md): "New" on a row not
 * reviewed yet (the tip names its run), "Rejected" on a rejected one (the tip gives the reason). An accepted row, as
 * every row made by hand or there before, shows nothing. Focusable, so the tip is reachable by keyboard.
 */
export function ReviewMark({ review }: { review: RowReview | undefined }) {
  if (review === undefined || review.state === 'accepted') return null;
  const isNew = review.state === 'unreviewed';
  return (
    <Tip content={isNew ? reviewTexts.newTip(review.run_id) : reviewTexts.rejectedTip(review)}>
      <span className={`review-mark review-mark--${isNew ? 'new' : 'rejected'}`} tabIndex={0}>
        {reviewTexts.state[review.state]}
      </span>
    </Tip>
  );
}
