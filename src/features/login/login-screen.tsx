import { useRouter } from '@tanstack/react-router';
import { useId, useRef, useState, type ComponentPropsWithoutRef, type FormEvent } from 'react';
import { existingQueryClient } from '../../api/created-query-client';
import { formRefusalOf, type FieldMessages } from '../../api/field-errors';
import { login } from '../../api/login';
import { errorMessage } from '../../api/http';
import { afterLoginPath } from '../../auth/redirect';
import { saveSession } from '../../auth/session';
import { Button } from '../../ui/button';
import { Field } from '../../ui/field';
import { usePreloadNextScreen } from './use-preload-next-screen';

/** docs/product.md#messages-and-errors: shown when the server gives no error text of its own (unreachable, 5xx, a malformed answer). */
export const loginFailedText = 'Login failed';

/** The sign-in body's fields (contract/auth.ts `loginBody`): a 422 names them. */
const loginFields = ['email', 'password'] as const;
type LoginField = (typeof loginFields)[number];

/** docs/product.md#login: email (required, email type) and password (required). */
const loginInputs = {
  email: { label: 'Email', type: 'email', autoComplete: 'username', inputMode: 'email', autoFocus: true, maxLength: 255 },
  password: { label: 'Password', type: 'password', autoComplete: 'current-password', maxLength: 1024 },
} as const;

/**
 * docs/product.md#login: email (required, email type) and password (required); on success the token and user id are stored
 * (docs/product.md#data) and the operator goes to where they were going (`returnTo`, validated by the route) or /dashboard/brands.
 */
export function LoginScreen({ returnTo }: { returnTo: string | undefined }) {
  usePreloadNextScreen(returnTo ?? afterLoginPath);
  return (
    <main className="login-page">
      <div className="login-card">
        <p className="login-card__brand" aria-hidden="true">
          <span className="brand-mark">CD</span>
        </p>
        <h1 className="login-card__title">Catalogue dashboard</h1>
        <p className="login-card__subtitle">Log in with your operator account.</p>
        <LoginForm returnTo={returnTo} />
      </div>
    </main>
  );
}

/**
 * Signing in: the server's refusal of a field (a 422) shows at it (src/api/field-errors.ts), any other failure is the
 * form's alert: the server's text, else 'Login failed'. A plain call with its own pending state, not a query mutation,
 * and a plain form, not TanStack Form: the login route goes without both (docs/figures.md, the login route's
 * JavaScript; docs/decisions/0022-forms-on-tanstack-form.md). The ref stops a second submit before the disabled button
 * has rendered.
 */
function useSignIn(returnTo: string | undefined) {
  const router = useRouter();
  const submitting = useRef(false);
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<FieldMessages<LoginField>>({});

  async function signIn(email: string, password: string) {
    let answer;
    try {
      answer = await login({ email, password });
    } catch (error) {
      const fields = formRefusalOf(error, loginFields)?.fields ?? {};
      setFieldErrors(fields);
      if (Object.keys(fields).length === 0) setFailure(errorMessage(error, loginFailedText));
      return;
    }
    try {
      saveSession({ token: answer.token, userId: answer.user.id });
    } catch (error) {
      setFailure(error instanceof Error ? error.message : loginFailedText);
      return;
    }
    existingQueryClient()?.clear(); // nothing of a previous session may show
    await router.navigate({ href: returnTo ?? afterLoginPath, replace: true });
  }

  function submit(email: string, password: string) {
    if (submitting.current) return;
    submitting.current = true;
    setPending(true);
    setFailure(null);
    setFieldErrors({});
    void signIn(email, password).finally(() => {
      submitting.current = false;
      setPending(false);
    });
  }
  /** A field's message goes once it is edited, as in the app's other forms. */
  const edited = (field: LoginField) => setFieldErrors((current) => ({ ...current, [field]: undefined }));
  return { submit, pending, failure, fieldErrors, edited };
}

function LoginForm({ returnTo }: { returnTo: string | undefined }) {
  const { submit, pending, failure, fieldErrors, edited } = useSignIn(returnTo);
  const errorId = useId();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    submit(String(form.get('email') ?? '').trim(), String(form.get('password') ?? ''));
  }

  return (
    <form className="form" onSubmit={onSubmit} aria-describedby={failure ? errorId : undefined}>
      {loginFields.map((name) => (
        <LoginInput key={name} name={name} {...loginInputs[name]} error={fieldErrors[name]} onEdit={() => edited(name)} />
      ))}
      <div id={errorId} role="alert" className={failure ? 'form-error' : 'form-error form-error--empty'}>
        {failure}
      </div>
      <Button type="submit" variant="primary" block pending={pending}>
        Login
      </Button>
    </form>
  );
}

/** A required field of the form, its input read on submit (uncontrolled); the server's message for it under it. */
function LoginInput({
  label,
  error,
  onEdit,
  ...input
}: { label: string; error: string | undefined; onEdit: () => void } & Omit<ComponentPropsWithoutRef<'input'>, 'id' | 'className'>) {
  return (
    <Field label={label} errors={error ? [error] : []}>
      {(control) => <input {...input} {...control} className="input" required onChange={onEdit} />}
    </Field>
  );
}
