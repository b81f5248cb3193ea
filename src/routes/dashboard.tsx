import { createFileRoute } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { userQueryOptions, userTokensQueryOptions } from '../api/auth';
import { categoriesQueryOptions } from '../api/categories';
import { statusesQueryOptions } from '../api/statuses';
import { requireAuth } from '../auth/guard';
import { DashboardLayout } from '../features/dashboard/dashboard-layout';

/** The dashboard layout: the guard for every /dashboard/* route, the header and the child screen. */
export const Route = createFileRoute('/dashboard')({
  beforeLoad: requireAuth,
  loader: ({ context: { queryClient } }) => {
    // Warm the header's data without waiting for it: the header shows its own loading and error states.
    // SPEC 4: on start-up the app loads the statuses list.
    void queryClient.prefetchQuery(categoriesQueryOptions());
    void queryClient.prefetchQuery(statusesQueryOptions());
    void queryClient.prefetchQuery(userTokensQueryOptions());
    void queryClient.prefetchQuery(userQueryOptions());
  },
  component: DashboardRoute,
});

/** Live updates (src/realtime), loaded on its own so pusher-js never reaches the login page's JavaScript. */
const RealtimeBridge = lazy(() => import('../realtime/realtime-bridge'));

function DashboardRoute() {
  return (
    <>
      <DashboardLayout />
      <Suspense fallback={null}>
        <RealtimeBridge />
      </Suspense>
    </>
  );
}
