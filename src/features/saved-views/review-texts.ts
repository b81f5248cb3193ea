import { rejectReasonLabels, reviewStateLabels, type ReviewState, type RowReview } from '../../../contract/review';

/** What the grids say of a row's review (docs/decisions/0025-review-of-generated-items.md). */
export const reviewTexts = {
  filterLabel: 'Review',
  all: 'All',
  state: reviewStateLabels,
  /** A filtered grid's word for its rows ("3 new brands", "No rejected events of ..."); none without the filter. */
  rowsWord: (review: ReviewState | undefined) => (review === undefined ? '' : `${reviewStateLabels[review].toLowerCase()} `),
  newTip: (runId: number | null) => (runId === null ? 'Not reviewed yet.' : `Not reviewed yet: from run #${runId}`),
  rejectedTip: (review: Pick<RowReview, 'reason' | 'comment'>) => {
    const reason = review.reason === null ? 'Rejected' : `Rejected: ${rejectReasonLabels[review.reason]}`;
    return review.comment ? `${reason} (${review.comment})` : reason;
  },
} as const;
