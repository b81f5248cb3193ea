import { redirect, type ParsedLocation } from '@tanstack/react-router';
import { isSignedIn } from './session';

/**
 * The navigation guard (docs/product.md#screens-and-routes): a `beforeLoad` for every route but /login. Without a stored auth token the
 * navigation goes to /login, keeping where the operator was going as `redirect`.
 */
export function requireAuth({ location }: { location: ParsedLocation }): void {
  if (!isSignedIn()) {
    throw redirect({ to: '/login', search: { redirect: location.href }, replace: true });
  }
}
