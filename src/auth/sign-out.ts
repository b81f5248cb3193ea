import type { QueryClient } from '@tanstack/react-query';
import { existingQueryClient } from '../api/created-query-client';
import { selectionActions } from '../store/selection';
import { clearSession } from './session';

/** What ending a session needs of the router: where the operator is, and the way to /login. */
export interface LoginNavigator {
  readonly state: { readonly location: { readonly pathname: string; readonly href: string } };
  navigate(options: { to: '/login'; search: { redirect?: string }; replace: boolean }): Promise<unknown>;
}

/**
 * Ends the session in the browser: forget the token, leave for /login (optionally keeping where the operator was,
 * after a lost session), then drop every cached answer and the selection so the next operator starts clean.
 * The cache is cleared after the navigation so no mounted screen refetches without a token meanwhile.
 */
export async function endSession(router: LoginNavigator, queryClient: QueryClient | undefined, options: { redirect?: string } = {}) {
  clearSession();
  await router.navigate({
    to: '/login',
    search: options.redirect ? { redirect: options.redirect } : {},
    replace: options.redirect !== undefined,
  });
  if (queryClient) {
    await queryClient.cancelQueries();
    queryClient.clear();
  }
  selectionActions().reset();
}

let leaving = false;

/**
 * What a 401 from the API does (configured into src/api/http.ts at start-up): back to /login with the current
 * location as `redirect`, clearing the query cache if the dashboard has created one. Several 401s in a burst lead to
 * one navigation.
 */
export function handleLostSession(router: LoginNavigator): void {
  const { pathname, href } = router.state.location;
  if (leaving || pathname === '/login') return;
  leaving = true;
  void endSession(router, existingQueryClient(), { redirect: href }).finally(() => {
    leaving = false;
  });
}
