/** What other features use of the saved-views feature (docs/decisions/0010-saved-views.md). */
export { SavedViewsMenu } from './saved-views-menu';
export { ReviewFilter, useReviewFilter } from './review-filter';
export { ReviewMark } from './review-mark';
export { reviewTexts } from './review-texts';
