import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { loginAnswer, userAnswer, userTokensAnswer, type LoginAnswer, type LoginBody } from '../../contract/auth';
import { getJson, sendJson } from './http';
import { keys } from './keys';

// POST /api/login -------------------------------------------------------------------------------------------------

export function login(body: LoginBody): Promise<LoginAnswer> {
  return sendJson('post', '/api/login', loginAnswer, body);
}

/** The sign-in mutation; the caller stores the session and navigates (see features/login). */
export function useLogin() {
  return useMutation({ mutationKey: ['login'], mutationFn: login });
}

// POST /logout ----------------------------------------------------------------------------------------------------

/** Revokes the bearer token on the server. Its answer is "not shown" in the spec and ignored here. */
export function logout(): Promise<void> {
  return sendJson('post', '/logout', null);
}

// GET /api/user ---------------------------------------------------------------------------------------------------

export function getUser() {
  return getJson('/api/user', userAnswer);
}

export const userQueryOptions = () =>
  queryOptions({ queryKey: keys.user(), queryFn: getUser, staleTime: 5 * 60_000 });

export function useUser() {
  return useQuery(userQueryOptions());
}

// GET /api/user-tokens --------------------------------------------------------------------------------------------

export function getUserTokens() {
  return getJson('/api/user-tokens', userTokensAnswer);
}

/** The live balance: the realtime `changetokens` event patches this key with `setQueryData`. */
export const userTokensQueryOptions = () => queryOptions({ queryKey: keys.userTokens(), queryFn: getUserTokens });

export function useUserTokens() {
  return useQuery(userTokensQueryOptions());
}
