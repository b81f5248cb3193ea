import { lazy, Suspense } from 'react';
import { useToastStore } from './toast-store';

/**
 * The app's "alerts" (docs/product.md#messages-and-errors) as accessible toasts: `toast.error(text)` renders a `role="alert"` message,
 * `toast.success(text)` a `role="status"` one (ARCHITECTURE.md "Conventions"). Callable from anywhere (event
 * handlers, mutation callbacks); `<Toaster />` is mounted once in the root route. Never window.alert.
 *
 * The radix-based renderer (ui/toaster.tsx) is loaded on the first toast, so it costs the login page nothing.
 */

export { toast } from './toast-store';

const LazyToaster = lazy(() => import('./toaster').then((m) => ({ default: m.Toaster })));

/** Mount once (root route). Renders nothing until the first toast. */
export function ToastOutlet() {
  const used = useToastStore((s) => s.used);
  return used ? (
    <Suspense fallback={null}>
      <LazyToaster />
    </Suspense>
  ) : null;
}
