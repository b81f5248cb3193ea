import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

/** From this width up the navigation starts open; below it starts folded away, leaving the grids the room. */
export const navigationOpenFromWidth = 1280;

interface NavigationState {
  open: boolean;
  toggle: () => void;
  close: () => void;
}

const startsOpen = typeof window === 'undefined' || window.innerWidth >= navigationOpenFromWidth;

/** Whether the dashboard's left navigation is open; the operator's choice is remembered in this browser. */
export const useNavigation = create<NavigationState>()(
  persist(
    (set) => ({
      open: startsOpen,
      toggle: () => set((state) => ({ open: !state.open })),
      close: () => set({ open: false }),
    }),
    { name: 'navigation', storage: createJSONStorage(() => localStorage), partialize: (state) => ({ open: state.open }) },
  ),
);
