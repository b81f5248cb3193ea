import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import type { RouterContext } from '../router';
import { ToastOutlet } from '../ui/toast';

/** React Query devtools: development only, loaded lazily so they never reach a production bundle. */
const QueryDevtools = import.meta.env.DEV
  ? lazy(() => import('@tanstack/react-query-devtools').then((m) => ({ default: m.ReactQueryDevtools })))
  : () => null;

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
});

function RootLayout() {
  return (
    <>
      <Outlet />
      <ToastOutlet />
      <Suspense fallback={null}>
        <QueryDevtools buttonPosition="bottom-left" />
      </Suspense>
    </>
  );
}
