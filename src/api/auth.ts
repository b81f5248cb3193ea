import { queryOptions, useQuery } from '@tanstack/react-query';
import { authApi } from '../../contract/auth';
import { call, callIgnoringAnswer } from './http';
import { keys } from './keys';

// POST /api/login: src/api/login.ts (the login route loads it alone).

// POST /logout ----------------------------------------------------------------------------------------------------

/** Revokes the bearer token on the server. Its answer is "not shown" in the spec and ignored here. */
export function logout(): Promise<void> {
  return callIgnoringAnswer(authApi.logout);
}

// GET /api/user ---------------------------------------------------------------------------------------------------

export function getUser() {
  return call(authApi.user);
}

export const userQueryOptions = () => queryOptions({ queryKey: keys.user(), queryFn: getUser, staleTime: 5 * 60_000 });

export function useUser() {
  return useQuery(userQueryOptions());
}

// GET /api/user-tokens --------------------------------------------------------------------------------------------

export function getUserTokens() {
  return call(authApi.userTokens);
}

/** The live balance: the realtime `changetokens` event patches this key with `setQueryData`. */
export const userTokensQueryOptions = () => queryOptions({ queryKey: keys.userTokens(), queryFn: getUserTokens });

export function useUserTokens() {
  return useQuery(userTokensQueryOptions());
}
