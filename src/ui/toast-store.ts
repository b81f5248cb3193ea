import { create } from 'zustand';

/**
 * The toasts on screen (the "alerts" of docs/product.md#messages-and-errors): a store of their own, read by the renderer (ui/toaster.tsx) and the
 * outlet (ui/toast.tsx), so neither imports the other's module.
 *
 * A toast tells the latest outcome only (docs/product.md#messages-and-errors): a new one closes those still open (a "saved" never stays beside
 * the failure of a later save). The same text again is not stacked: the toast on screen counts one more `repeat`,
 * which restarts its timer.
 *
 * A toast may offer one action (Undo: docs/decisions/0011-undo-as-a-journal-of-exclusion-changes.md). It stays 10 s; it is never merged with another toast of the same
 * text (each action belongs to its own outcome); and it runs once: `runAction` marks it used before running it, so a
 * second click, however quick, does nothing.
 */

export type ToastKind = 'error' | 'success';

/** A toast's one action: its button's label, what a screen reader hears of it (radix's `altText`), what it does. */
export interface ToastAction {
  label: string;
  altText: string;
  run: () => void;
}

export interface ToastItem {
  id: number;
  kind: ToastKind;
  text: string;
  open: boolean;
  /** How many times the same text came again while this toast was open (each restarts its timer). */
  repeats: number;
  /** The action offered, and whether it was run (its button is disabled from then on). */
  action?: ToastAction & { used: boolean };
}

interface ToastStore {
  toasts: ToastItem[];
  /** Whether any toast was ever pushed (the renderer is loaded from then on). */
  used: boolean;
  push: (kind: ToastKind, text: string, action?: ToastAction) => number;
  /** Runs the toast's action, once. */
  runAction: (id: number) => void;
  close: (id: number) => void;
  remove: (id: number) => void;
  clear: () => void;
}

const maxToasts = 4;
let nextId = 1;

export const useToastStore = create<ToastStore>()((set, get) => ({
  toasts: [],
  used: false,
  push: (kind, text, action) => {
    // The same text already on screen is not stacked again (e.g. several queries failing alike).
    const same = action ? undefined : get().toasts.find((t) => t.open && !t.action && t.kind === kind && t.text === text);
    if (same) {
      set((state) => ({
        toasts: state.toasts.map((t) => (t.id === same.id ? { ...t, repeats: t.repeats + 1 } : { ...t, open: false })),
      }));
      return same.id;
    }
    const id = nextId++;
    set((state) => ({
      used: true,
      toasts: [
        ...state.toasts.map((t) => (t.open ? { ...t, open: false } : t)),
        { id, kind, text, open: true, repeats: 0, ...(action ? { action: { ...action, used: false } } : {}) },
      ].slice(-maxToasts),
    }));
    return id;
  },
  runAction: (id) => {
    const action = get().toasts.find((t) => t.id === id)?.action;
    if (!action || action.used) return;
    set((state) => ({ toasts: state.toasts.map((t) => (t.id === id && t.action ? { ...t, action: { ...t.action, used: true } } : t)) }));
    action.run();
  },
  close: (id) => set((state) => ({ toasts: state.toasts.map((t) => (t.id === id ? { ...t, open: false } : t)) })),
  remove: (id) => set((state) => ({ toasts: state.toasts.filter((t) => t.id !== id) })),
  clear: () => set({ toasts: [] }),
}));

export const toast = {
  error: (text: string) => useToastStore.getState().push('error', text),
  /** With `action`: the toast offers it (e.g. Undo) for 10 s. */
  success: (text: string, action?: ToastAction) => useToastStore.getState().push('success', text, action),
  dismiss: (id: number) => useToastStore.getState().close(id),
};
