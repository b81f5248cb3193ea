import { createFileRoute, redirect } from '@tanstack/react-router';

/** docs/product.md#screens-and-routes: / redirects to /dashboard/brands (whose guard sends a signed-out visitor to /login). */
export const Route = createFileRoute('/')({
  beforeLoad: () => {
    throw redirect({ to: '/dashboard/brands', replace: true });
  },
});
