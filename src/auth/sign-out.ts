import type { QueryClient } from '@tanstack/react-query';
import { selectionActions } from '../store/selection';
import type { AppRouter } from '../router';
import { clearSession } from './session';

/**
 * Ends the session in the browser: forget the token, leave for /login (optionally keeping where the operator was,
 * after a lost session), then drop every cached answer and the selection so the next operator starts clean.
 * The cache is cleared after the navigation so no mounted screen refetches without a token meanwhile.
 */
export async function endSession(router: AppRouter, queryClient: QueryClient, options: { redirect?: string } = {}) {
  clearSession();
  await router.navigate({
    to: '/login',
    search: options.redirect ? { redirect: options.redirect } : {},
    replace: options.redirect !== undefined,
  });
  await queryClient.cancelQueries();
  queryClient.clear();
  selectionActions().reset();
}

let leaving = false;

/**
 * What a 401 from the API does (configured into src/api/http.ts at start-up): back to /login with the current
 * location as `redirect`. Several 401s in a burst lead to one navigation.
 */
export function handleLostSession(router: AppRouter, queryClient: QueryClient): void {
  const { pathname, href } = router.state.location;
  if (leaving || pathname === '/login') return;
  leaving = true;
  void endSession(router, queryClient, { redirect: href }).finally(() => {
    leaving = false;
  });
}
