import { authApi, type LoginAnswer, type LoginBody } from '../../contract/auth';
import { call } from './http';

/**
 * POST /api/login, on its own: the login route loads this module, not src/api/auth.ts, whose queries bring the
 * query keys and TanStack Query into the login route's JavaScript (docs/figures.md). The caller stores the session
 * and navigates (see features/login).
 */
export function login(body: LoginBody): Promise<LoginAnswer> {
  return call(authApi.login, { body });
}
