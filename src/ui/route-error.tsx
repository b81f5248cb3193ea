import { useQueryErrorResetBoundary } from '@tanstack/react-query';
import { Link, useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { useEffect } from 'react';

/**
 * The router's error screen: what failed (`detail`, told by the caller: src/ui knows no API), and a retry that
 * resets the query error boundary and reloads the route (TanStack Router + Query pattern).
 */
export function RouteError({ reset, detail }: Pick<ErrorComponentProps, 'reset'> & { detail: string }) {
  const router = useRouter();
  const queryErrorResetBoundary = useQueryErrorResetBoundary();

  useEffect(() => {
    queryErrorResetBoundary.reset();
  }, [queryErrorResetBoundary]);

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
