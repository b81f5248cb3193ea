import { useNavigate, useSearch } from '@tanstack/react-router';
import { useCallback, useId } from 'react';
import { reviewStates, type ReviewState } from '../../../contract/review';
import { reviewTexts } from './review-texts';

/** The `review` search param, if it names a state (the route's search schema already dropped a bad one). */
function readReview(search: unknown): ReviewState | undefined {
  const value = (search as { review?: unknown } | undefined)?.review;
  return reviewStates.find((state) => state === value);
}

/**
 * A grid's review filter (docs/decisions/0025-review-of-generated-items.md), kept in the URL (`review`) with its quick
 * filter and sort, so a reload, a shared link and a saved view keep it. Absent: every row. A change replaces the
 * history entry, as the quick filter's does.
 */
export function useReviewFilter() {
  const review = useSearch({ strict: false, select: readReview });
  const navigate = useNavigate();
  const setReview = useCallback(
    (next: ReviewState | undefined) => {
      void navigate({
        to: '.',
        search: (previous: Record<string, unknown>) => ({ ...previous, review: next }),
        replace: true,
      } as Parameters<typeof navigate>[0]);
    },
    [navigate],
  );
  return { review, setReview };
}
export type ReviewFilterState = ReturnType<typeof useReviewFilter>;

const allValue = 'all';

/** The toolbar's review filter: All, New, Accepted, Rejected. */
export function ReviewFilter({
  review,
  onChange,
}: {
  review: ReviewState | undefined;
  onChange: (review: ReviewState | undefined) => void;
}) {
  const id = useId();
  return (
    <span className="review-filter">
      <label htmlFor={id} className="review-filter__label">
        {reviewTexts.filterLabel}
      </label>
      <select
        id={id}
        className="input review-filter__select"
        value={review ?? allValue}
        onChange={(event) => onChange(readReview({ review: event.target.value }))}
      >
        <option value={allValue}>{reviewTexts.all}</option>
        {reviewStates.map((state) => (
          <option key={state} value={state}>
            {reviewTexts.state[state]}
          </option>
        ))}
      </select>
    </span>
  );
}
