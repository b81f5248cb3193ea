import { useCallback } from 'react';
import { FetchFailure } from './fetch-failure';

/** What the grid needs of its list call (a TanStack Query infinite query result is one). */
export interface InfiniteListState {
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  isFetchingNextPage: boolean;
  hasNextPage: boolean;
  fetchNextPage: () => unknown;
  refetch: () => unknown;
}

/**
 * The DataTable props of a grid whose rows come from the server page by page as the operator scrolls (brands,
 * events): virtualized, the next page asked when the last rows come into view, a spinner while the first page loads
 * and under the rows while another does, and the failure with Retry when nothing could be loaded. Spread them into
 * the DataTable.
 */
export function useInfiniteScrollGrid(
  list: InfiniteListState,
  { loadedRows, total, failedText }: { loadedRows: number; total: number | undefined; failedText: string },
) {
  const { hasNextPage, isFetchingNextPage, fetchNextPage, refetch } = list;
  const onEndReached = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);
  const failed = list.isError && loadedRows === 0;
  return {
    loading: list.isPending,
    loadingMore: isFetchingNextPage,
    // Inside the grid's error slot, which is an alert already.
    error: failed ? (
      <FetchFailure message={failedText} onRetry={() => void refetch()} retrying={list.isFetching} inline announce={false} />
    ) : undefined,
    virtualize: true,
    rowCount: total,
    onEndReached,
  };
}
