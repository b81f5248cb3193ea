import { createRootRoute, Outlet } from '@tanstack/react-router';
import { ToastOutlet } from '../ui/toast';

export const Route = createRootRoute({
  component: RootLayout,
});

function RootLayout() {
  return (
    <>
      <Outlet />
      <ToastOutlet />
    </>
  );
}
