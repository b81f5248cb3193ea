import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery, type InfiniteData } from '@tanstack/react-query';
import { reviewApi, type ReviewItemsAnswer } from '../../contract/review';
import { useEndpointMutation } from './endpoint-mutation';
import { call } from './http';
import { keys, type ReviewListFilter } from './keys';
import type { ReviewDecisionSent } from './staleness/review';

/** The queue's calls (contract/review.ts); their cache effects are in src/api/staleness/review.ts. */

/** Results a page of the queue. */
export const reviewPageSize = 100;

/** GET /api/review/items, a page at a time by `next_cursor` (keyset paging, docs/decisions/0005-keyset-paging.md). */
export const reviewItemsOptions = (filter: ReviewListFilter) =>
  infiniteQueryOptions({
    queryKey: keys.review.items(filter),
    queryFn: ({ pageParam, signal }) =>
      call(
        reviewApi.items,
        { query: { ...filter, ...(pageParam === null ? {} : { cursor: pageParam }), limit: reviewPageSize } },
        { signal },
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last: ReviewItemsAnswer) => last.next_cursor ?? undefined,
  });

export function useReviewItems(filter: ReviewListFilter) {
  return useInfiniteQuery(reviewItemsOptions(filter));
}

/** The loaded pages of a queue, as the screen reads them. */
export type ReviewPages = Pick<InfiniteData<ReviewItemsAnswer>, 'pages'>;

/** GET /api/review/summary: the unreviewed counts (written live by `reviewchanged`) and the reviewer's day. */
export const reviewSummaryOptions = () => queryOptions({ queryKey: keys.review.summary(), queryFn: () => call(reviewApi.summary) });

export function useReviewSummary() {
  return useQuery(reviewSummaryOptions());
}

/** POST /api/review/decisions. Settles at the answer: the grids a decision touches catch up behind. */
/** GET /api/review/stats: the dashboard home's generation quality, per AI model and prompt version. */
export const reviewStatsOptions = () => queryOptions({ queryKey: keys.review.stats(), queryFn: () => call(reviewApi.stats) });

export function useReviewDecision() {
  return useEndpointMutation(reviewApi.decide, { input: ({ body }: ReviewDecisionSent) => ({ body }), awaitRefetch: false });
}
