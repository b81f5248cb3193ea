import { QueryCache, QueryClient } from '@tanstack/react-query';
import { existingQueryClient, keepQueryClient } from './created-query-client';
import { isRetryable, isUnauthorized, retryAfterMs } from './http';

/**
 * Builds the app's QueryClient. Query owns freshness and retrying (the ky client never retries): network failures
 * and 5xx are retried twice (after the Retry-After a shedding server asks for), 4xx and malformed answers never. Failed queries are logged (docs/product.md#messages-and-errors); screens
 * decide what the operator sees.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (isUnauthorized(error)) return; // the session handler deals with it
        console.warn('Query failed', query.queryKey, error);
      },
    }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        gcTime: 5 * 60_000,
        retry: (failureCount, error) => failureCount < 2 && isRetryable(error),
        retryDelay: (attempt, error) => retryAfterMs(error) ?? Math.min(500 * 2 ** attempt, 4_000),
      },
      mutations: { retry: false },
    },
  });
}

/**
 * The app's one QueryClient, created by the first dashboard route that needs it (a loader, or the dashboard layout's
 * provider): the login route's JavaScript has no TanStack Query (docs/figures.md). Nothing imports a client instance
 * from `main` (STYLE.md: no cycle).
 */
export function appQueryClient(): QueryClient {
  return existingQueryClient() ?? keepQueryClient(createQueryClient());
}
