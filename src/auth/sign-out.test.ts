import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { keepQueryClient } from '../api/created-query-client';
import { keys } from '../api/keys';
import { handleLostSession, type LoginNavigator } from './sign-out';

function routerAt(pathname: string, href: string) {
  const navigations: unknown[] = [];
  const router: LoginNavigator = {
    state: { location: { pathname, href } },
    navigate: (options) => {
      navigations.push(options);
      return Promise.resolve();
    },
  };
  return { router, navigations };
}

describe('a lost session (a 401, a logout in another tab)', () => {
  it('goes to /login keeping the location, then clears the cache the dashboard created', async () => {
    const queryClient = keepQueryClient(new QueryClient());
    queryClient.setQueryData(keys.user(), { id: 1, name: 'first', email: 'first@example.com' });
    const { router, navigations } = routerAt('/dashboard/events', '/dashboard/events?q=audio');

    handleLostSession(router);

    await vi.waitFor(() => expect(queryClient.getQueryCache().getAll()).toEqual([]));
    expect(navigations).toEqual([{ to: '/login', search: { redirect: '/dashboard/events?q=audio' }, replace: true }]);
  });

  it('does nothing on the login screen', () => {
    const queryClient = keepQueryClient(new QueryClient());
    queryClient.setQueryData(keys.user(), { id: 1, name: 'first', email: 'first@example.com' });
    const { router, navigations } = routerAt('/login', '/login');

    handleLostSession(router);

    expect(navigations).toEqual([]);
    expect(queryClient.getQueryData(keys.user())).toBeDefined();
  });
});
