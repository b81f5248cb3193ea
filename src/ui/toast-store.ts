import { create } from 'zustand';

/**
 * The toasts on screen (SPEC 8's "alerts"): a store of their own, read by the renderer (ui/toaster.tsx) and the
 * outlet (ui/toast.tsx), so neither imports the other's module.
 *
 * A toast tells the latest outcome only (issue 13): a new one closes those still open (a "saved" never stays beside
 * the failure of a later save). The same text again is not stacked: the toast on screen counts one more `repeat`,
 * which restarts its timer.
 */

export type ToastKind = 'error' | 'success';
export interface ToastItem {
  id: number;
  kind: ToastKind;
  text: string;
  open: boolean;
  /** How many times the same text came again while this toast was open (each restarts its timer). */
  repeats: number;
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
    if (same) {
      set((state) => ({
        toasts: state.toasts.map((t) => (t.id === same.id ? { ...t, repeats: t.repeats + 1 } : { ...t, open: false })),
      }));
      return same.id;
    }
    const id = nextId++;
    set((state) => ({
      used: true,
      toasts: [...state.toasts.map((t) => (t.open ? { ...t, open: false } : t)), { id, kind, text, open: true, repeats: 0 }].slice(
        -maxToasts,
      ),
    }));
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
