import { createFileRoute } from '@tanstack/react-router';
import { appQueryClient } from '../api/query-client';
import { ReviewScreen } from '../features/review/review-screen';
import { queryOfReviewSearch, reviewSearchSchema } from '../features/review/review-search';

export const Route = createFileRoute('/dashboard/review')({
  // The filters (kind, category, subcategory, run, order); the queue's first page and the summary are asked before the screen shows.
  validateSearch: reviewSearchSchema,
  loaderDeps: ({ search }) => queryOfReviewSearch(search),
  // The calls come with the screen's chunk, not the app's entry (the login screen loads that one).
  loader: async ({ deps }) => {
    const { reviewItemsOptions, reviewSummaryOptions } = await import('../api/review');
    const queryClient = appQueryClient();
    void queryClient.prefetchInfiniteQuery(reviewItemsOptions(deps));
    void queryClient.prefetchQuery(reviewSummaryOptions());
  },
  component: ReviewScreen,
});
