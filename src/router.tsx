import { createRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { pageErrorText } from './api/http';
import { routeTree } from './routeTree.gen';
import type { ScreenType } from './store/selection';
import { Spinner } from './ui/spinner';
import { NotFound, RouteError } from './ui/route-error';

function PendingScreen() {
  return (
    <div className="pending-screen">
      <Spinner label="Loading page" size="lg" />
    </div>
  );
}

function PageError({ error, reset }: ErrorComponentProps) {
  return <RouteError reset={reset} detail={pageErrorText(error)} />;
}

/** The loaders reach the query cache through `appQueryClient()` (src/api/query-client.ts), not the router's context. */
export function createAppRouter() {
  return createRouter({
    routeTree,
    // Query owns freshness: preloading on intent always asks the loaders, which read the cache.
    defaultPreload: 'intent',
    defaultPreloadStaleTime: 0,
    defaultErrorComponent: PageError,
    defaultNotFoundComponent: NotFound,
    defaultPendingComponent: PendingScreen,
    defaultPendingMs: 300,
    scrollRestoration: true,
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
  interface StaticDataRouteOption {
    /** docs/product.md#selection: the type a screen sets on entry (the dashboard layout applies it to the store). */
    screenType?: ScreenType;
    /** docs/product.md#selection: the screen shows the header's selection, so its address holds it (src/store/selection.ts). */
    selectionInUrl?: boolean;
  }
}
