import { QueryClient, type QueryKey } from '@tanstack/react-query';
import { afterEach } from 'vitest';
import type { ScreenContext } from './entry';

/** A real QueryClient for a staleness test file, cleared after each test, with the two questions the tests ask. */
export function testCache() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity } } });
  afterEach(() => queryClient.clear());
  return {
    queryClient,
    seed: (key: QueryKey, data: unknown) => queryClient.setQueryData(key, data),
    invalid: (key: QueryKey) => queryClient.getQueryState(key)?.isInvalidated ?? false,
  };
}

/** A screen showing no subcategory, with no category tree cached. */
export const emptyScreen = (userId: number): ScreenContext => ({
  userId,
  visibleSubcategoryIds: new Set<number>(),
  subcategoryName: () => undefined,
  subcategoryIdsOf: () => [],
});
