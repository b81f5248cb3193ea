import { create } from 'zustand';

/**
 * Whether the Purchase Tokens dialog is open: the account menu opens it, and so does a cost confirmation whose
 * balance does not cover the run.
 */
export const usePurchaseDialog = create<{ open: boolean; setOpen: (open: boolean) => void }>()((set) => ({
  open: false,
  setOpen: (open) => set({ open }),
}));
