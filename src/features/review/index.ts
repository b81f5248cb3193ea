/** What other features use of the review queue: the navigation's live count of new results. */
export { UnreviewedCount } from './review-day';
