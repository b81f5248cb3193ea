import { QueryClientProvider } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { userQueryOptions, userTokensQueryOptions } from '../api/auth';
import { categoriesQueryOptions } from '../api/categories';
import { statusesQueryOptions } from '../api/statuses';
import { appQueryClient } from '../api/query-client';
import { requireAuth } from '../auth/guard';
import { DashboardLayout } from '../features/dashboard/dashboard-layout';

/** The dashboard layout: the guard for every /dashboard/* route, the header and the child screen. */
export const Route = createFileRoute('/dashboard')({
  beforeLoad: requireAuth,
  loader: () => {
    const queryClient = appQueryClient();
    // Warm the header's data without waiting for it: the header shows its own loading and error states.
    // docs/product.md#live-updates: on start-up the app loads the statuses list.
    void queryClient.prefetchQuery(categoriesQueryOptions());
    void queryClient.prefetchQuery(statusesQueryOptions());
    void queryClient.prefetchQuery(userTokensQueryOptions());
    void queryClient.prefetchQuery(userQueryOptions());
  },
  component: DashboardRoute,
});

/** Live updates (src/realtime), loaded on its own so pusher-js never reaches the login page's JavaScript. */
const RealtimeBridge = lazy(() => import('../realtime/realtime-bridge'));

/** React Query devtools: development only, loaded lazily so they never reach a production bundle. */
const QueryDevtools = import.meta.env.DEV
  ? lazy(() => import('@tanstack/react-query-devtools').then((m) => ({ default: m.ReactQueryDevtools })))
  : () => null;

/** Only the dashboard reads server state, so the query cache is provided here and not to the login route. */
function DashboardRoute() {
  return (
    <QueryClientProvider client={appQueryClient()}>
      <DashboardLayout />
      <Suspense fallback={null}>
        <RealtimeBridge />
      </Suspense>
      <Suspense fallback={null}>
        <QueryDevtools buttonPosition="bottom-left" />
      </Suspense>
    </QueryClientProvider>
  );
}
