import { lazy, Suspense } from 'react';
import { create } from 'zustand';

/**
 * The app's "alerts" (SPEC 8) as accessible toasts: `toast.error(text)` renders a `role="alert"` message,
 * `toast.success(text)` a `role="status"` one (ARCHITECTURE.md "Conventions"). Callable from anywhere (event
 * handlers, mutation callbacks); `<Toaster />` is mounted once in the root route. Never window.alert.
 *
 * The radix-based renderer (ui/toaster.tsx) is loaded on the first toast, so it costs the login page nothing.
 */

export type ToastKind = 'error' | 'success';
export interface ToastItem {
  id: number;
  kind: ToastKind;
  text: string;
  open: boolean;
}

interface ToastStore {
  toasts: ToastItem[];
  /** Whether any toast was ever pushed (the renderer is loaded from then on). */
  used: boolean;
  push: (kind: ToastKind, text: string) => number;
  close: (id: number) => void;
  remove: (id: number) => void;
  clear: () => void;
}

const maxToasts = 4;
let nextId = 1;

export const useToastStore = create<ToastStore>()((set, get) => ({
  toasts: [],
  used: false,
  push: (kind, text) => {
    // The same text already on screen is not stacked again (e.g. several queries failing alike).
    const same = get().toasts.find((t) => t.open && t.kind === kind && t.text === text);
    if (same) return same.id;
    const id = nextId++;
    set((state) => ({ used: true, toasts: [...state.toasts, { id, kind, text, open: true }].slice(-maxToasts) }));
    return id;
  },
  close: (id) => set((state) => ({ toasts: state.toasts.map((t) => (t.id === id ? { ...t, open: false } : t)) })),
  remove: (id) => set((state) => ({ toasts: state.toasts.filter((t) => t.id !== id) })),
  clear: () => set({ toasts: [] }),
}));

export const toast = {
  error: (text: string) => useToastStore.getState().push('error', text),
  success: (text: string) => useToastStore.getState().push('success', text),
  dismiss: (id: number) => useToastStore.getState().close(id),
};

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
