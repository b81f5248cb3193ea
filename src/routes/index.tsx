import { createFileRoute, redirect } from '@tanstack/react-router';

/** SPEC 2: / redirects to /dashboard/brands (whose guard sends a signed-out visitor to /login). */
export const Route = createFileRoute('/')({
  beforeLoad: () => {
    throw redirect({ to: '/dashboard/brands', replace: true });
  },
});
