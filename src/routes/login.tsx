import { createFileRoute, redirect } from '@tanstack/react-router';
import { afterLoginPath, loginSearch } from '../auth/redirect';
import { isSignedIn } from '../auth/session';
import { LoginScreen } from '../features/login/login-screen';

export const Route = createFileRoute('/login')({
  // Not split: the first screen of a signed-out visit, its form in the entry chunk (docs/figures.md).
  codeSplitGroupings: [],
  validateSearch: loginSearch,
  // Already signed in: nothing to do here.
  beforeLoad: ({ search }) => {
    if (isSignedIn()) throw redirect({ href: search.redirect ?? afterLoginPath, replace: true });
  },
  component: LoginRoute,
});

function LoginRoute() {
  const { redirect: returnTo } = Route.useSearch();
  return <LoginScreen returnTo={returnTo} />;
}
