import { useRouter } from '@tanstack/react-router';
import { useId, useRef, useState, type FormEvent } from 'react';
import { existingQueryClient } from '../../api/created-query-client';
import { login } from '../../api/login';
import { errorMessage } from '../../api/http';
import { afterLoginPath } from '../../auth/redirect';
import { restoreRememberedSelection } from '../../auth/remembered-selection';
import { saveSession } from '../../auth/session';
import { usePreloadNextScreen } from './use-preload-next-screen';

/** docs/product.md#messages-and-errors: shown when the server gives no error text of its own (unreachable, 5xx, a malformed answer). */
export const loginFailedText = 'Login failed';

/**
 * docs/product.md#signing-in: email (required, email type) and password (required); on success the token and user id are stored
 * (docs/product.md#data) and the operator goes to where they were going (`returnTo`, validated by the route) or /dashboard/brands.
 */
export function LoginScreen({ returnTo }: { returnTo: string | undefined }) {
  const router = useRouter();
  // A plain call with its own pending state, not a query mutation: the login route goes without TanStack Query
  // (docs/figures.md). The ref stops a second submit before the disabled button has rendered.
  const submitting = useRef(false);
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const ids = { email: useId(), password: useId(), error: useId() };
  usePreloadNextScreen(returnTo ?? afterLoginPath);

  async function signIn(email: string, password: string) {
    let answer;
    try {
      answer = await login({ email, password });
    } catch (error) {
      setFailure(errorMessage(error, loginFailedText));
      return;
    }
    try {
      saveSession({ token: answer.token, userId: answer.user.id });
    } catch (error) {
      setFailure(error instanceof Error ? error.message : loginFailedText);
      return;
    }
    existingQueryClient()?.clear(); // nothing of a previous session may show
    restoreRememberedSelection();
    await router.navigate({ href: returnTo ?? afterLoginPath, replace: true });
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting.current) return;
    const form = new FormData(event.currentTarget);
    const email = String(form.get('email') ?? '').trim();
    const password = String(form.get('password') ?? '');
    submitting.current = true;
    setPending(true);
    setFailure(null);
    void signIn(email, password).finally(() => {
      submitting.current = false;
      setPending(false);
    });
  }

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
