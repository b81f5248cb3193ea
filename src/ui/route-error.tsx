import { useQueryErrorResetBoundary } from '@tanstack/react-query';
import { Link, useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { useEffect } from 'react';
import { errorMessage, MalformedAnswerError } from '../api/http';

/**
 * The router's error screen: what failed, and a retry that resets the query error boundary and reloads the route
 * (TanStack Router + Query pattern).
 */
export function RouteError({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
  const queryErrorResetBoundary = useQueryErrorResetBoundary();

  useEffect(() => {
    queryErrorResetBoundary.reset();
  }, [queryErrorResetBoundary]);

  const detail =
    error instanceof MalformedAnswerError
      ? 'The server sent an answer this page does not understand.'
      : errorMessage(error, 'The page could not be loaded.');

  return (
    <section className="route-error" role="alert">
      <h1>Something went wrong</h1>
      <p>{detail}</p>
      <div className="route-error__actions">
        <button
          type="button"
          className="btn btn--primary"
          onClick={() => {
            reset();
            void router.invalidate();
          }}
        >
          Try again
        </button>
        <Link to="/dashboard/brands" className="btn btn--secondary">
          Go to the dashboard
        </Link>
      </div>
    </section>
  );
}

export function NotFound() {
  return (
    <section className="not-found">
      <h1>Page not found</h1>
      <p>There is no page at this address.</p>
      <Link to="/dashboard/brands" className="btn btn--primary">
        Go to the dashboard
      </Link>
    </section>
  );
}
