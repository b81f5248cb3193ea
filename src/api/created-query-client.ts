import type { QueryClient } from '@tanstack/react-query';

/**
 * The app's QueryClient once the dashboard has created it (src/api/query-client.ts `appQueryClient`), for the code
 * that must clear the cache without bringing TanStack Query into the login route's JavaScript: signing in, and
 * ending a session on a 401 or a logout in another tab (docs/figures.md). Undefined until the first dashboard load.
 */
let created: QueryClient | undefined;

export function existingQueryClient(): QueryClient | undefined {
  return created;
}

export function keepQueryClient(queryClient: QueryClient): QueryClient {
  created = queryClient;
  return queryClient;
}
