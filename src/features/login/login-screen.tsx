import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useId, useState, type FormEvent } from 'react';
import { useLogin } from '../../api/auth';
import { errorMessage } from '../../api/http';
import { afterLoginPath } from '../../auth/redirect';
import { restoreRememberedSelection } from '../../auth/remembered-selection';
import { saveSession } from '../../auth/session';
import { usePreloadNextScreen } from './use-preload-next-screen';

/** SPEC 8: shown when the server gives no error text of its own (unreachable, 5xx, a malformed answer). */
export const loginFailedText = 'Login failed';

/**
 * SPEC 2 "Login": email (required, email type) and password (required); on success the token and user id are stored
 * (SPEC 3) and the operator goes to where they were going (`returnTo`, validated by the route) or /dashboard/brands.
 */
export function LoginScreen({ returnTo }: { returnTo: string | undefined }) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const login = useLogin();
  const [failure, setFailure] = useState<string | null>(null);
  const ids = { email: useId(), password: useId(), error: useId() };
  usePreloadNextScreen(returnTo ?? afterLoginPath);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (login.isPending) return;
    const form = new FormData(event.currentTarget);
    const email = String(form.get('email') ?? '').trim();
    const password = String(form.get('password') ?? '');
    setFailure(null);
    login.mutate(
      { email, password },
      {
        onSuccess: async (answer) => {
          try {
            saveSession({ token: answer.token, userId: answer.user.id });
          } catch (error) {
            setFailure(error instanceof Error ? error.message : loginFailedText);
            return;
          }
          queryClient.clear(); // nothing of a previous session may show
          restoreRememberedSelection();
          await router.navigate({ href: returnTo ?? afterLoginPath, replace: true });
        },
        onError: (error) => setFailure(errorMessage(error, loginFailedText)),
      },
    );
  }

  const pending = login.isPending;
  return (
    <main className="login-page">
      <div className="login-card">
        <p className="login-card__brand" aria-hidden="true">
          <span className="brand-mark">CD</span>
        </p>
        <h1 className="login-card__title">Catalogue dashboard</h1>
        <p className="login-card__subtitle">Sign in with your operator account.</p>
        <form className="form" onSubmit={onSubmit} aria-describedby={failure ? ids.error : undefined}>
          <div className="field">
            <label className="field__label" htmlFor={ids.email}>
              Email
            </label>
            <input
              id={ids.email}
              className="input"
              name="email"
              type="email"
              autoComplete="username"
              inputMode="email"
              required
              autoFocus
              maxLength={255}
            />
          </div>
          <div className="field">
            <label className="field__label" htmlFor={ids.password}>
              Password
            </label>
            <input
              id={ids.password}
              className="input"
              name="password"
              type="password"
              autoComplete="current-password"
              required
              maxLength={1024}
            />
          </div>
          <div id={ids.error} role="alert" className={failure ? 'form-error' : 'form-error form-error--empty'}>
            {failure}
          </div>
          <button type="submit" className="btn btn--primary btn--block" disabled={pending} aria-busy={pending}>
            {pending ? <span className="spinner spinner--sm spinner--inverse" aria-hidden="true" /> : null}
            Login
          </button>
        </form>
      </div>
    </main>
  );
}
