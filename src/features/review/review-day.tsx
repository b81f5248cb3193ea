import { useReviewSummary } from '../../api/review';
import './review-count.css';
import { reviewTexts } from './review-texts';

/** The reviewer's day beside the title: "Decided today: 12 · Left: 40". */
export function ReviewDay() {
  const summary = useReviewSummary();
  if (!summary.data) return null;
  return <p className="review__day">{reviewTexts.day(summary.data.today.decided, summary.data.today.left)}</p>;
}

/** The navigation's count of new results (live: `reviewchanged` writes it), or nothing while unknown. */
export function UnreviewedCount() {
  const summary = useReviewSummary();
  const total = summary.data?.unreviewed.total;
  if (total === undefined) return null;
  return (
    <span className="review-count" data-testid="unreviewed-count">
      <span className="sr-only">, </span>
      {total.toLocaleString('en-US')}
      <span className="sr-only"> new</span>
    </span>
  );
}
