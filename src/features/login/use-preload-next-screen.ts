import { useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';
import { preloadHttpClient } from '../../api/http';

/**
 * While the login form sits idle, downloads the code of the screen the operator goes to next (the dashboard layout
 * and its route) and the HTTP client the sign-in call itself needs (ky, src/api/http.ts), so that the Login click
 * waits only for the data (docs/figures.md). Only code: no loader runs, no call is made before sign-in.
 */
export function usePreloadNextScreen(href: string) {
  const router = useRouter();
  useEffect(() => {
    const pathname = new URL(href, window.location.origin).pathname;
    const preload = () => {
      preloadHttpClient();
      const [routes] = router.getMatchedRoutes(pathname);
      for (const route of routes) void router.loadRouteChunk(route)?.catch(() => undefined); // retried on navigation
    };
    if (typeof window.requestIdleCallback === 'function') {
      const handle = window.requestIdleCallback(preload, { timeout: 2_000 });
      return () => window.cancelIdleCallback(handle);
    }
    const timer = window.setTimeout(preload, 200);
    return () => window.clearTimeout(timer);
  }, [router, href]);
}
